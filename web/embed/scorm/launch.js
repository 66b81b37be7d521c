/* Attention Lab SCORM launcher (scorm/launch.js in every SCORM package; see
 * docs/embedding.md, "SCORM packages"). One classic script, no dependencies.
 *
 * The launch page (launch-<lesson>.html) carries data-lesson, data-lang and
 * data-scorm ("1.2" or "2004"). This script finds the LMS's API object up
 * the window chain and in the opener's (window.API for 1.2, API_1484_11 for
 * 2004, as the standards specify), runs the lesson's embed.html in a
 * sandboxed frame, and relays the lesson's events to the LMS:
 *   attnlab:progress -> status (completion / success), score, location (the step)
 *   attnlab:state    -> suspend_data (the lesson's URL query)
 * and on leaving: session time, exit = suspend, commit, finish. A relaunch
 * restores the view from suspend_data. Without an API (opened from disk) it
 * says so once and runs the lesson as usual.
 */
(function () {
  'use strict';
  var body = document.body;
  var LESSON = body.getAttribute('data-lesson');
  var LANG = body.getAttribute('data-lang') === 'zh-Hans' ? 'zh-Hans' : 'en';
  var V2004 = body.getAttribute('data-scorm') === '2004';
  var PASS = 0.8;  // success threshold when the LMS sets none
  var TEXT = {
    en: { noLms: 'No learning management system found: this lesson runs, but your progress is not recorded.', title: 'Attention Lab lesson' },
    'zh-Hans': { noLms: '未连接到学习管理系统：课程可以正常使用，但不会记录学习进度。', title: '注意力实验室课程' },
  }[LANG];

  // ---- the API, as SCORM's "find" algorithm looks for it
  function findIn(win) {
    var name = V2004 ? 'API_1484_11' : 'API';
    for (var tries = 0; win && tries < 500; tries++) {
      try { if (win[name]) return win[name]; } catch (e) { return null; }  // a foreign origin: stop
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findIn(window) || (window.opener ? findIn(window.opener) : null);

  var call = function (name12, name2004) {
    var args = Array.prototype.slice.call(arguments, 2);
    if (!api) return '';
    try { return String(api[V2004 ? name2004 : name12].apply(api, args)); } catch (e) { return ''; }
  };
  var get = function (el12, el2004) { return call('LMSGetValue', 'GetValue', V2004 ? el2004 : el12); };
  var set = function (el12, el2004, v) { if (el12 || el2004) call('LMSSetValue', 'SetValue', V2004 ? el2004 : el12, String(v)); };
  var commitTimer = null;
  var commit = function () { clearTimeout(commitTimer); commitTimer = null; call('LMSCommit', 'Commit', ''); };
  var commitSoon = function () { if (!commitTimer) commitTimer = setTimeout(commit, 400); };

  var started = Date.now();
  var finished = false;
  var completed = false;

  // ---- start
  var status = document.getElementById('scorm-status');
  var suspended = '';
  if (api && call('LMSInitialize', 'Initialize', '') === 'true') {
    suspended = get('cmi.suspend_data', 'cmi.suspend_data');
    if (V2004) {
      if (get('', 'cmi.completion_status') !== 'completed') set('', 'cmi.completion_status', 'incomplete');
    } else {
      var s0 = get('cmi.core.lesson_status');
      if (s0 === 'not attempted' || s0 === '') set('cmi.core.lesson_status', '', 'incomplete');
    }
    commit();
  } else {
    api = null;
    status.hidden = false;
    status.textContent = TEXT.noLms;
  }
  var threshold = (function () {
    var raw = V2004 ? get('', 'cmi.scaled_passing_score') : get('cmi.student_data.mastery_score', '');
    var x = parseFloat(raw);
    if (!isFinite(x)) return PASS;
    return V2004 ? x : x / 100;
  })();

  // suspend_data is the lesson's own query (lesson=... first): anything else is ignored.
  var query = 'lesson=' + encodeURIComponent(LESSON) + '&lang=' + LANG;
  if (/^lesson=[a-z-]+(&[A-Za-z0-9_]+=[^&#]*)*$/.test(suspended) && suspended.split('&')[0] === 'lesson=' + LESSON) query = suspended;

  var frame = document.createElement('iframe');
  // Sandboxed: the lesson cannot reach the LMS's window. From file:// an
  // opaque-origin frame may not load the files next to it, so there it
  // keeps the package's own (file) origin.
  frame.setAttribute('sandbox', location.protocol === 'file:' ? 'allow-scripts allow-same-origin' : 'allow-scripts');
  frame.setAttribute('title', TEXT.title);
  frame.className = 'scorm-lesson';
  frame.src = 'embed.html?' + query;
  body.appendChild(frame);

  // ---- relay
  function onProgress(p) {
    if (typeof p.score !== 'number' || !isFinite(p.score)) return;
    var score = Math.max(0, Math.min(1, p.score));
    completed = p.completed === true;
    set('cmi.core.score.min', 'cmi.score.min', 0);
    set('cmi.core.score.max', 'cmi.score.max', 100);
    set('cmi.core.score.raw', 'cmi.score.raw', Math.round(score * 100));
    if (V2004) set('', 'cmi.score.scaled', Math.round(score * 10000) / 10000);
    set('cmi.core.lesson_location', 'cmi.location', String(p.step || 1));
    if (V2004) {
      set('', 'cmi.completion_status', completed ? 'completed' : 'incomplete');
      set('', 'cmi.success_status', completed ? (score >= threshold ? 'passed' : 'failed') : 'unknown');
      if (p.steps) set('', 'cmi.progress_measure', Math.round(100 * ((p.stepsSeen || 0) / p.steps)) / 100);
    } else {
      set('cmi.core.lesson_status', '', completed ? (score >= threshold ? 'passed' : 'failed') : 'incomplete');
    }
    commitSoon();
  }
  function onState(s) {
    if (typeof s.query !== 'string') return;
    var q = s.query;
    // SCORM 1.2 keeps 4,096 characters: beyond, only what restores the progress.
    var max = V2004 ? 64000 : 4096;
    if (q.length > max) {
      q = q.split('&').filter(function (kv) { return /^(lesson|lang|step|progress|xseed)=/.test(kv); }).join('&');
      if (q.length > max) return;
    }
    set('cmi.suspend_data', 'cmi.suspend_data', q);
    commitSoon();
  }
  window.addEventListener('message', function (e) {
    if (e.source !== frame.contentWindow || !e.data || typeof e.data !== 'object') return;
    var d = e.data;
    if (d.type === 'attnlab:resize' && typeof d.height === 'number' && d.height > 0 && d.height < 100000) frame.style.height = Math.ceil(d.height) + 'px';
    else if (d.type === 'attnlab:progress' && d.lesson === LESSON) onProgress(d);
    else if (d.type === 'attnlab:state' && d.lesson === LESSON) onState(d);
  });

  // ---- leaving: session time, exit, commit, finish (once)
  function pad(n, w) { n = String(n); while (n.length < w) n = '0' + n; return n; }
  function sessionTime() {
    var cs = Math.round((Date.now() - started) / 10);  // centiseconds
    var h = Math.floor(cs / 360000), m = Math.floor(cs / 6000) % 60, sec = (cs % 6000) / 100;
    if (V2004) return 'PT' + h + 'H' + m + 'M' + sec.toFixed(2).replace(/\.?0+$/, '') + 'S';
    return pad(Math.min(h, 9999), 4) + ':' + pad(m, 2) + ':' + pad(sec.toFixed(2), 5);
  }
  function finish() {
    if (!api || finished) return;
    finished = true;
    set('cmi.core.session_time', 'cmi.session_time', sessionTime());
    set('cmi.core.exit', 'cmi.exit', completed ? '' : 'suspend');
    commit();
    call('LMSFinish', 'Terminate', '');
  }
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
  // For a host (and tests) that ends the attempt without unloading the page.
  window.AttnLabScorm = { finish: finish, version: V2004 ? '2004' : '1.2' };
})();
