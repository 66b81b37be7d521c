/* Attention Lab SCORM launcher (scorm/launch.js in every SCORM package; see
 * docs/embedding.md, "SCORM packages"). One classic script, no dependencies.
 *
 * The launch page (launch-<lesson>.html) carries data-lesson, data-lang,
 * data-scorm ("1.2" or "2004") and, in a course package, data-course (the
 * course's lessons: [{id, title}]). This script finds the LMS's API object up
 * the window chain and in the opener's (window.API for 1.2, API_1484_11 for
 * 2004, as the standards specify), runs the lesson's embed.html in a
 * sandboxed frame, and relays the lesson's events to the LMS:
 *   attnlab:progress -> status (completion / success), score, location;
 *                       in a course package, cmi.objectives (one per lesson)
 *   attnlab:state    -> suspend_data (scorm/record.js: the lesson's query, or
 *                       in a course package every opened lesson's)
 *   attnlab:answer   -> a new cmi.interactions.n (each try), committed at once
 * and on leaving: session time, exit = suspend, commit, finish. A relaunch
 * restores the view from suspend_data. Without an API (opened from disk) it
 * says so once and runs the lesson as usual.
 *
 * A course package works whether the LMS keeps one record per SCO (each
 * lesson's record holds that lesson) or one per package (one record holds
 * every lesson, and status and score are the whole course's: the mean of
 * the lessons' scores, completed when every lesson is). It tells the second
 * kind by finding another lesson's entry in the record it reads.
 */
(function () {
  'use strict';
  var body = document.body;
  var LESSON = body.getAttribute('data-lesson');
  var LANG = body.getAttribute('data-lang') === 'zh-Hans' ? 'zh-Hans' : 'en';
  var V2004 = body.getAttribute('data-scorm') === '2004';
  var PASS = 0.8;  // success threshold when the LMS sets none
  var COURSE = (function () { try { var c = JSON.parse(body.getAttribute('data-course')); return Array.isArray(c) && c.length ? c : null; } catch (e) { return null; } })();
  var MAX = V2004 ? 64000 : 4096;  // suspend_data's size in each standard
  // The page's strings (data-text, from the shell's web/i18n/<lang>.json "scorm").
  var TEXT = (function () { try { return JSON.parse(body.getAttribute('data-text')) || {}; } catch (e) { return {}; } })();

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
  // A write or commit the LMS refuses (or that throws): the learner is told,
  // once, in their language, that their progress is not being saved; the
  // lesson goes on.
  // The status line: one notice per kind (no LMS, not saved, not all kept,
  // saved state unreadable), in the page's language.
  var status = document.getElementById('scorm-status');
  var notices = {};
  function notice(key, text) {
    var el = notices[key];
    if (text && !el) { el = notices[key] = document.createElement('span'); el.className = 'scorm-notice'; status.appendChild(el); }
    if (text) el.textContent = text;
    else if (el) { status.removeChild(el); delete notices[key]; }
    status.hidden = !status.firstChild;
  }
  var fill = function (s, vars) { return String(s || '').replace(/\{(\w+)\}/g, function (m, k) { return k in vars ? vars[k] : m; }); };

  var get = function (el12, el2004) { return call('LMSGetValue', 'GetValue', V2004 ? el2004 : el12); };
  // What the LMS refused (or threw on), kept to write again: every few
  // seconds until it takes it, telling the learner meanwhile.
  var unsaved = {}, uncommitted = false, retryTimer = null;
  function refused() {
    if (!api) return;
    notice('notSaved', TEXT.notSaved);
    if (!retryTimer) retryTimer = setTimeout(retry, 3000);
  }
  function retry() {
    retryTimer = null;
    var els = Object.keys(unsaved);
    for (var i = 0; i < els.length; i++) write(els[i], unsaved[els[i]]);
    commit();
  }
  function write(el, v) {
    // (1.2 lets an LMS leave optional elements out: 401, "not implemented", is no refusal.)
    if (call('LMSSetValue', 'SetValue', el, v) === 'true' || (!V2004 && call('LMSGetLastError', '') === '401')) { delete unsaved[el]; return true; }
    unsaved[el] = v;
    refused();
    return false;
  }
  var set = function (el12, el2004, v) {
    var el = V2004 ? el2004 : el12;
    if (el) write(el, String(v));
  };
  var commitTimer = null;
  var commit = function () {
    clearTimeout(commitTimer); commitTimer = null;
    uncommitted = call('LMSCommit', 'Commit', '') !== 'true';
    if (uncommitted) refused();
    else if (!Object.keys(unsaved).length) notice('notSaved', '');
  };
  var commitSoon = function () { if (!commitTimer) commitTimer = setTimeout(commit, 400); };

  var started = Date.now();
  var finished = false;
  var completed = false;

  // ---- start
  var suspended = '';
  var record = AttnLabRecord.parse('');
  // What the LMS holds at launch: what is reported never goes below it
  // (reopening a passed lesson must not turn it into incomplete / 0).
  var held = { status12: '', rank12: 0, completed: false, success: 0, raw: -1, scaled: -2 };
  var RANK12 = { incomplete: 1, browsed: 1, failed: 2, completed: 3, passed: 4 };
  var SUCCESS = { failed: 1, passed: 2 };
  var num = function (x) { return /^-?\d+(\.\d+)?$/.test(x) ? parseFloat(x) : NaN; };
  if (api && call('LMSInitialize', 'Initialize', '') === 'true') {
    suspended = get('cmi.suspend_data', 'cmi.suspend_data');
    if (V2004) {
      held.completed = get('', 'cmi.completion_status') === 'completed';
      held.success = SUCCESS[get('', 'cmi.success_status')] || 0;
      var sc = num(get('', 'cmi.score.scaled'));
      if (sc >= -1 && sc <= 1) held.scaled = sc;
    } else {
      held.status12 = get('cmi.core.lesson_status');
      held.rank12 = RANK12[held.status12] || 0;
    }
    var raw0 = num(get('cmi.core.score.raw', 'cmi.score.raw'));
    if (raw0 >= 0 && raw0 <= 100) held.raw = raw0;
    if (V2004) {
      if (get('', 'cmi.completion_status') !== 'completed') set('', 'cmi.completion_status', 'incomplete');
    } else {
      var s0 = get('cmi.core.lesson_status');
      if (s0 === 'not attempted' || s0 === '') set('cmi.core.lesson_status', '', 'incomplete');
    }
    commit();
  } else {
    api = null;
    notice('noLms', TEXT.noLms);
  }
  record = AttnLabRecord.parse(suspended);
  // Unreadable, or another lesson's in a lesson's package: ignored, and said.
  if (record.kind === 'bad' || (!COURSE && record.ids.length && !record.entries[LESSON])) notice('badSaved', TEXT.badSaved);
  // One record for the whole package (another lesson's entry is in it):
  // report the course. What the LMS holds was reported for one lesson (scope
  // "l") and is this record's own, not a course result to keep.
  var shared = !!COURSE && record.ids.some(function (id) { return id !== LESSON; });
  if (shared && record.scope === 'l') held = { status12: '', rank12: 0, completed: false, success: 0, raw: -1, scaled: -2 };
  if (!record.entries[LESSON]) {
    // A lesson new to the course record draws its exercises from the seed
    // the others drew from (an instructor's class link fixes one for all).
    var seed = [];
    record.ids.forEach(function (id) { record.entries[id].pairs.forEach(function (p) { if (!seed.length && /^xseed=/.test(p)) seed.push(p); }); });
    record.ids.push(LESSON);
    record.entries[LESSON] = { score: -1, flags: '', pairs: ['lang=' + LANG].concat(seed) };
  }
  var entry = record.entries[LESSON];
  // The LMS's pass mark, if it is one: 0-100 (1.2), 0-1 (2004); else 80 %.
  var threshold = (function () {
    var x = num(V2004 ? get('', 'cmi.scaled_passing_score') : get('cmi.student_data.mastery_score', ''));
    if (V2004 ? !(x >= 0 && x <= 1) : !(x >= 0 && x <= 100)) return PASS;
    return V2004 ? x : x / 100;
  })();

  var query = AttnLabRecord.query(record, LESSON, LANG);

  var frame = document.createElement('iframe');
  // Sandboxed: the lesson cannot reach the LMS's window. From file:// an
  // opaque-origin frame may not load the files next to it, so there it
  // keeps the package's own (file) origin.
  frame.setAttribute('sandbox', location.protocol === 'file:' ? 'allow-scripts allow-same-origin' : 'allow-scripts');
  frame.setAttribute('title', TEXT.title || '');
  frame.className = 'scorm-lesson';
  frame.src = 'embed.html?' + query;
  var spoke = AttnLabFrameWatch(frame);
  body.appendChild(frame);

  // ---- relay
  // The lesson's result goes into its entry, keeping what it earned (the
  // best score; completed, passed once reached); the LMS hears the lesson's
  // result, or in one record for the course the course's.
  function onProgress(p) {
    if (typeof p.score !== 'number' || !isFinite(p.score)) return;
    var score = Math.max(0, Math.min(1, p.score));
    var done = p.completed === true, f = entry.flags;
    var pass = done ? (score >= threshold ? 'p' : 'f') : '';
    entry.score = Math.max(entry.score, Math.round(score * 100));
    entry.flags = (done || f.indexOf('c') >= 0 ? 'c' : '') + (f.indexOf('p') >= 0 ? 'p' : pass || f.replace('c', ''));
    var r = shared ? courseResult() : { score: score, completed: done, progress: p.steps ? (p.stepsSeen || 0) / p.steps : -1 };
    completed = r.completed;
    report(r, p.step);
    objectives();
    save();
    commitSoon();
  }
  function courseResult() {
    var sum = 0, done = 0;
    COURSE.forEach(function (l) {
      var e = record.entries[l.id];
      if (!e) return;
      sum += Math.max(0, e.score);
      if (e.flags.indexOf('c') >= 0) done++;
    });
    return { score: sum / 100 / COURSE.length, completed: done === COURSE.length, progress: done / COURSE.length };
  }
  function report(r, step) {
    var raw = Math.max(Math.round(r.score * 100), held.raw);
    set('cmi.core.score.min', 'cmi.score.min', 0);
    set('cmi.core.score.max', 'cmi.score.max', 100);
    set('cmi.core.score.raw', 'cmi.score.raw', raw);
    if (V2004) set('', 'cmi.score.scaled', Math.max(Math.round(r.score * 10000) / 10000, held.scaled));
    // A course package's location names the lesson.
    set('cmi.core.lesson_location', 'cmi.location', COURSE ? 'lesson=' + LESSON + '&step=' + (step || 1) : String(step || 1));
    var pass = r.completed ? (r.score >= threshold ? 'passed' : 'failed') : '';
    if (V2004) {
      var success = Math.max(SUCCESS[pass] || 0, held.success);
      set('', 'cmi.completion_status', r.completed || held.completed ? 'completed' : 'incomplete');
      set('', 'cmi.success_status', ['unknown', 'failed', 'passed'][success]);
      if (r.progress >= 0) set('', 'cmi.progress_measure', held.completed ? 1 : Math.round(100 * r.progress) / 100);
    } else {
      var st = pass || 'incomplete';
      set('cmi.core.lesson_status', '', RANK12[st] >= held.rank12 ? st : held.status12);
    }
  }
  // A course package: one objective per lesson (its id), with the lesson's
  // score and status, so that the LMS shows each lesson within the course.
  function objectives() {
    if (!COURSE) return;
    var n = parseInt(get('cmi.objectives._count', 'cmi.objectives._count'), 10);
    if (!(n >= 0)) return;
    var at = {};
    for (var k = 0; k < n; k++) at[get('cmi.objectives.' + k + '.id', 'cmi.objectives.' + k + '.id')] = k;
    COURSE.forEach(function (l) {
      var e = record.entries[l.id];
      if (!e || (!shared && l.id !== LESSON)) return;
      var fresh = !(l.id in at);
      var b = 'cmi.objectives.' + (fresh ? n++ : at[l.id]) + '.';
      if (fresh) set(b + 'id', b + 'id', l.id);
      var c = e.flags.indexOf('c') >= 0, st = e.flags.indexOf('p') >= 0 ? 'passed' : e.flags.indexOf('f') >= 0 ? 'failed' : '';
      if (e.score >= 0) {
        set(b + 'score.min', b + 'score.min', 0);
        set(b + 'score.max', b + 'score.max', 100);
        set(b + 'score.raw', b + 'score.raw', e.score);
        if (V2004) set('', b + 'score.scaled', e.score / 100);
      }
      if (V2004) {
        set('', b + 'success_status', st || 'unknown');
        set('', b + 'completion_status', c ? 'completed' : 'incomplete');
        if (fresh && typeof l.title === 'string') set('', b + 'description', '{lang=' + LANG + '}' + l.title.replace(/[{}]/g, '').slice(0, 250));
      } else set(b + 'status', '', st || (c ? 'completed' : 'incomplete'));
    });
  }
  function titleOf(id) {
    for (var i = 0; COURSE && i < COURSE.length; i++) if (COURSE[i].id === id) return COURSE[i].title;
    return id;
  }
  // The suspend data, within the standard's limit; the learner is told what will not be restored.
  function save() {
    var r = AttnLabRecord.fit(record, LESSON, MAX, !!COURSE, shared ? 'c' : 'l');
    if (!r.text) return;
    set('cmi.suspend_data', 'cmi.suspend_data', r.text);
    var lost = r.dropped.concat(r.others.map(function (id) { return fill(TEXT.inputsOf, { lesson: titleOf(id) }); }));
    notice('notAllKept', lost.length ? fill(TEXT.notAllKept, { max: MAX.toLocaleString(LANG), names: lost.join(LANG === 'zh-Hans' ? '、' : ', ') }) : '');
  }
  function onState(s) {
    var pairs = typeof s.query === 'string' ? AttnLabRecord.pairsOf(s.query) : null;
    if (!pairs || pairs[0] !== 'lesson=' + LESSON) return;
    entry.pairs = pairs.slice(1);
    save();
    commitSoon();
  }
  // ---- interactions: one record per try (SCORM 1.2's are write-only, so
  // each try is appended, in both versions, for the same item analysis).
  var TYPES = { compute: 'numeric', predict: 'choice', explain: 'choice', make: 'performance' };
  // 2004's timestamp: local time with its offset, which the standard allows
  // only after a fraction of a second (YYYY-MM-DDThh:mm:ss.s[TZD]).
  function isoLocal(d) {
    var off = -d.getTimezoneOffset(), a = Math.abs(off);
    return d.getFullYear() + '-' + pad(d.getMonth() + 1, 2) + '-' + pad(d.getDate(), 2) + 'T' + pad(d.getHours(), 2) + ':' + pad(d.getMinutes(), 2) + ':' + pad(d.getSeconds(), 2) +
      '.' + pad(Math.floor(d.getMilliseconds() / 10), 2) +
      (off < 0 ? '-' : '+') + pad(Math.floor(a / 60), 2) + ':' + pad(a % 60, 2);
  }
  // A number in the standards' decimal form (no exponent).
  function dec(x) {
    x = +x;
    if (!isFinite(x)) return null;
    var t = String(x);
    if (/e/i.test(t)) t = x.toFixed(Math.abs(x) < 1 ? 18 : 0).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
    return /^-?\d{1,10}(\.\d{1,18})?$/.test(t) ? t : null;
  }
  var clean = function (x, n) { return String(x).replace(/\[[,.:]\]/g, ' ').slice(0, n); };
  function onAnswer(a) {
    if (typeof a.exercise !== 'string' || !TYPES[a.kind] || (a.result !== 'correct' && a.result !== 'wrong')) return;
    var n = parseInt(get('cmi.interactions._count', 'cmi.interactions._count'), 10);
    if (!(n >= 0)) return;
    var r = a.response, type = TYPES[a.kind], resp = null;
    // A vector answer is no single number: both versions call that fill-in.
    if (type === 'numeric' && Array.isArray(r) && r.length > 1) type = 'fill-in';
    if (Array.isArray(r) && r.length) {
      if (type === 'choice') {
        var key = String(r[0]).replace(/[^A-Za-z0-9_.-]/g, '');
        var at = Array.isArray(a.choices) ? a.choices.indexOf(r[0]) : -1;
        // 1.2: a choice is one character (a-z, in the definition's order).
        resp = V2004 ? key : (at >= 0 && at < 26 ? String.fromCharCode(97 + at) : null);
      } else if (type === 'numeric') resp = dec(r[0]);
      else resp = r.every(function (x) { return dec(x) !== null; }) ? r.map(dec).join(V2004 ? '[,]' : ',') : null;
    } else if (r && typeof r === 'object' && type === 'performance') {
      resp = Object.keys(r).slice(0, 20).map(function (k) {
        return V2004 ? clean(k.replace(/[^A-Za-z0-9_]/g, ''), 64) + '[.]' + clean(r[k], 250) : k + '=' + String(r[k]);
      }).join(V2004 ? '[,]' : ';');
      if (!V2004) resp = resp.slice(0, 255);
    }
    var base = 'cmi.interactions.' + n + '.';
    var el = function (name, v) { set(base + name, base + name, v); };
    var el2004 = function (name, v) { if (V2004) set('', base + name, v); };
    var el12 = function (name, v) { if (!V2004) set(base + name, '', v); };
    var id = a.exercise.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 250) || 'exercise';
    el('id', id);
    el('type', type);
    var now = new Date(), ms = Math.max(0, +a.latencyMs || 0);
    el12('time', pad(now.getHours(), 2) + ':' + pad(now.getMinutes(), 2) + ':' + pad(now.getSeconds(), 2));
    el2004('timestamp', isoLocal(now));
    if (resp !== null && resp !== '') { el12('student_response', resp); el2004('learner_response', resp); }
    el12('result', a.result);
    el2004('result', a.result === 'correct' ? 'correct' : 'incorrect');
    el('latency', timespan(ms));
    if (typeof a.description === 'string' && a.description) el2004('description', '{lang=' + LANG + '}' + a.description.replace(/[{}]/g, '').slice(0, 250));
    commit();
  }

  window.addEventListener('message', function (e) {
    if (e.source !== frame.contentWindow || !e.data || typeof e.data !== 'object') return;
    spoke();
    var d = e.data;
    if (d.type === 'attnlab:resize' && typeof d.height === 'number' && d.height > 0 && d.height < 100000) frame.style.height = Math.ceil(d.height) + 'px';
    else if (d.type === 'attnlab:progress' && d.lesson === LESSON) onProgress(d);
    else if (d.type === 'attnlab:state' && d.lesson === LESSON) onState(d);
    else if (d.type === 'attnlab:answer' && d.lesson === LESSON) onAnswer(d);
  });

  // ---- leaving: session time, exit, commit, finish (once)
  function pad(n, w) { n = String(n); while (n.length < w) n = '0' + n; return n; }
  function sessionTime() { return timespan(Date.now() - started); }
  // ms -> each version's time interval (1.2: HHHH:MM:SS.SS, 2004: ISO 8601 duration)
  function timespan(ms) {
    var cs = Math.round(ms / 10);  // centiseconds
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
  // A phone may never unload a page it hides: commit what is there.
  document.addEventListener('visibilitychange', function () { if (document.visibilityState === 'hidden' && api && !finished) commit(); });
  window.addEventListener('beforeunload', finish);
  // For a host (and tests) that ends the attempt without unloading the page.
  window.AttnLabScorm = { finish: finish, version: V2004 ? '2004' : '1.2' };
})();
