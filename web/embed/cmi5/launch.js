/* Attention Lab cmi5 launcher (cmi5/launch.js in every cmi5 package; see
 * docs/embedding.md, "cmi5 packages"). One classic script, no dependencies.
 *
 * The LMS opens launch-<lesson>.html?endpoint=&fetch=&actor=&registration=
 * &activityId= (cmi5 section 8.1). This script POSTs to fetch for the
 * session's token (once), reads the LMS.LaunchData state document (context
 * template, launch mode, mastery score, return URL), the learner's
 * preferences (their language may choose the page's) and its own state
 * document "attnlab.suspend" ({query, completed, passed}: the lesson's view
 * and what this registration has already reported), sends "initialized",
 * runs the lesson's embed.html in a sandboxed frame and relays its events:
 *   attnlab:progress -> completed (once), passed (once, at the mastery score,
 *                       else 80 %); in Normal launch mode only
 *   attnlab:answer   -> answered, each try ("cmi5 allowed": no cmi5 category)
 *   attnlab:state    -> the attnlab.suspend document
 * and on leaving (Exit, pagehide): failed (completed below the mastery score
 * and not passed), terminated; Exit then goes to the LMS's returnURL.
 * Launched without the parameters it says so and runs the lesson; an LRS
 * that refuses or cannot be reached: a notice, and the lesson goes on.
 */
(function () {
  'use strict';
  var body = document.body;
  var LESSON = body.getAttribute('data-lesson');
  var PASS = 0.8;  // the mastery score when the LMS gives none
  var CMI5 = 'https://w3id.org/xapi/cmi5/';
  var ADL = 'http://adlnet.gov/expapi/verbs/';
  var SUSPEND = 'attnlab.suspend';
  // Both languages' strings (data-text: web/i18n/<lang>.json "cmi5", by language).
  var TEXTS = (function () { try { return JSON.parse(body.getAttribute('data-text')) || {}; } catch (e) { return {}; } })();
  var lang = body.getAttribute('data-lang') === 'zh-Hans' ? 'zh-Hans' : 'en';
  var text = function (key) { return (TEXTS[lang] || {})[key] || ''; };
  var status = document.getElementById('cmi5-status');
  var exitButton = document.getElementById('cmi5-exit');
  function say(key) { status.hidden = false; status.textContent = text(key); }
  // The LRS refused a request or could not be reached: said once.
  function refused() { if (status.hidden || status.textContent !== text('notSaved')) say('notSaved'); }

  // ---- the launch parameters
  var params = new URLSearchParams(location.search);
  var isHttp = function (u) { try { return /^https?:$/.test(new URL(u).protocol); } catch (e) { return false; } };
  var actor = (function () { try { var a = JSON.parse(params.get('actor')); return a && typeof a === 'object' ? a : null; } catch (e) { return null; } })();
  var registration = params.get('registration'), activityId = params.get('activityId');
  var endpoint = (params.get('endpoint') || '').replace(/\/?$/, '/');
  var launched = isHttp(endpoint) && isHttp(params.get('fetch')) && !!registration && !!activityId && !!actor;

  // ---- the session: what LaunchData says and what has been sent
  var auth = '', template = {}, normal = false, mastery = null, returnURL = '';
  var held = { completed: false, passed: false };  // this registration's, across sessions
  var session = false, ended = false, started = 0;
  var query = 'lesson=' + encodeURIComponent(LESSON) + '&lang=' + lang;
  var done = null;  // the last completed progress: {score}
  var failed = false;

  function lrs(method, resource, args, doc, keepalive) {
    var headers = { Authorization: auth, 'X-Experience-API-Version': '1.0.3' };
    if (doc !== undefined) headers['Content-Type'] = 'application/json';
    var url = endpoint + resource + (args ? '?' + new URLSearchParams(args) : '');
    return fetch(url, { method: method, headers: headers, body: doc === undefined ? undefined : JSON.stringify(doc), keepalive: !!keepalive, credentials: 'omit', cache: 'no-store' })
      .then(function (res) {
        if (method === 'GET' && res.status === 404) return null;  // no such document (yet)
        if (!res.ok) throw new Error(method + ' ' + resource + ': HTTP ' + res.status);
        return method === 'GET' ? res.json() : null;
      });
  }
  var stateArgs = function (stateId) { return { stateId: stateId, activityId: activityId, agent: JSON.stringify(actor), registration: registration }; };

  // ---- statements
  function uuid() {  // v4 (crypto.randomUUID is missing outside secure contexts)
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join('');
    return [h.slice(0, 8), h.slice(8, 12), h.slice(12, 16), h.slice(16, 20), h.slice(20)].join('-');
  }
  // ms -> ISO 8601 duration, to the hundredth of a second
  function duration(ms) {
    var cs = Math.max(0, Math.round(ms / 10));
    return 'PT' + Math.floor(cs / 360000) + 'H' + Math.floor(cs / 6000) % 60 + 'M' + (cs % 6000) / 100 + 'S';
  }
  // The LMS's context template, with the registration and, on cmi5-defined
  // statements, the cmi5 category (and moveon where the result is judged).
  function context(categories, parent) {
    var c = JSON.parse(JSON.stringify(template));
    c.registration = registration;
    var acts = c.contextActivities = c.contextActivities || {};
    if (categories.length) acts.category = (acts.category || []).concat(categories.map(function (k) { return { id: CMI5 + 'context/categories/' + k, objectType: 'Activity' }; }));
    if (parent) acts.parent = (acts.parent || []).concat([{ id: activityId, objectType: 'Activity' }]);
    return c;
  }
  function statement(verb, object, ctx, result) {
    var s = { id: uuid(), timestamp: new Date().toISOString(), actor: actor, verb: { id: verb.id, display: { 'en-US': verb.name } }, object: object, context: ctx };
    if (result) s.result = result;
    return s;
  }
  // A cmi5-defined statement about the AU.
  function defined(name, result) {
    var judged = !!result && ('success' in result || 'completion' in result);
    var ctx = context(judged ? ['cmi5', 'moveon'] : ['cmi5'], false);
    if (result && 'success' in result && mastery !== null) (ctx.extensions = ctx.extensions || {})[CMI5 + 'context/extensions/masteryscore'] = mastery;
    return statement({ id: ADL + name, name: name }, { id: activityId, objectType: 'Activity' }, ctx, result);
  }
  var since = function () { return duration(Date.now() - started); };
  function judgement(pass, score) {
    return defined(pass ? 'passed' : 'failed', { success: pass, duration: since(),
      score: { scaled: Math.round(score * 10000) / 10000, raw: Math.round(score * 100), min: 0, max: 100 } });
  }

  // In order, in batches: a batch is one POST (statements takes an array),
  // keepalive, so that one under way when the page is left still arrives.
  var queue = [], sending = false;
  function send(s) { queue.push(s); flush(); }
  function flush() {
    if (sending || !queue.length || ended) return;
    sending = true;
    var after = function () { sending = false; flush(); };
    lrs('POST', 'statements', null, queue.splice(0), true).then(after, function () { refused(); after(); });
  }

  // ---- the lesson's state, kept in the LRS (debounced; at once when judged)
  var saveTimer = null;
  function save(keepalive) {
    clearTimeout(saveTimer); saveTimer = null;
    if (!session) return;
    lrs('PUT', 'activities/state', stateArgs(SUSPEND), { query: query, completed: held.completed, passed: held.passed }, keepalive).catch(refused);
  }
  // A saved query restores the view if it is this lesson's (lesson=... first).
  function restore(doc) {
    if (!doc || typeof doc !== 'object') return;
    held.completed = doc.completed === true;
    held.passed = doc.passed === true;
    var q = doc.query;
    if (typeof q === 'string' && q.length < 64000 && /^lesson=[a-z-]+(&[A-Za-z0-9_]+=[^&#]*)*$/.test(q) && q.split('&')[0] === 'lesson=' + LESSON) query = q;
  }

  // ---- the lesson's events
  function onProgress(p) {
    if (!session || ended || !normal || p.completed !== true || typeof p.score !== 'number' || !isFinite(p.score)) return;
    done = { score: Math.max(0, Math.min(1, p.score)) };
    var changed = false;
    if (!held.completed) { held.completed = changed = true; send(defined('completed', { completion: true, duration: since() })); }
    if (!held.passed && !failed && done.score >= (mastery === null ? PASS : mastery)) { held.passed = changed = true; send(judgement(true, done.score)); }
    if (changed) save();
  }
  var TYPES = { compute: 'numeric', predict: 'choice', explain: 'choice', make: 'performance' };
  var key = function (x) { return String(x).replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 64); };
  function onAnswer(a) {
    var type = TYPES[a.kind];
    if (!session || ended || !type || typeof a.exercise !== 'string' || (a.result !== 'correct' && a.result !== 'wrong')) return;
    var r = a.response, response = '';
    if (Array.isArray(r)) {
      if (type === 'numeric' && r.length > 1) type = 'fill-in';  // a vector: no single number
      response = r.map(type === 'choice' ? key : String).join('[,]');
    } else if (r && typeof r === 'object') response = Object.keys(r).slice(0, 20).map(function (k) { return key(k) + '[.]' + String(r[k]).slice(0, 250); }).join('[,]');
    var def = { type: 'http://adlnet.gov/expapi/activities/cmi.interaction', interactionType: type };
    if (typeof a.description === 'string' && a.description) (def.name = {})[lang] = a.description.slice(0, 250);
    if (type === 'choice' && Array.isArray(a.choices)) def.choices = a.choices.map(function (c) { var d = {}; d[lang] = String(c); return { id: key(c), description: d }; });
    var object = { id: 'https://attention-lab.example/cmi5/exercise/' + LESSON + '/' + key(a.exercise), objectType: 'Activity', definition: def };
    send(statement({ id: ADL + 'answered', name: 'answered' }, object, context([], true),
      { response: response, success: a.result === 'correct', duration: duration(+a.latencyMs || 0) }));
  }
  function onState(s) {
    if (typeof s.query !== 'string' || !session) return;
    query = s.query;
    if (!saveTimer) saveTimer = setTimeout(save, 400);
  }

  // ---- the lesson's frame (sandboxed: it cannot reach the LMS's window;
  // from file:// it keeps the package's origin to load the files next to it)
  var frame = null, spoke = null;
  function run() {
    frame = document.createElement('iframe');
    frame.setAttribute('sandbox', location.protocol === 'file:' ? 'allow-scripts allow-same-origin' : 'allow-scripts');
    frame.setAttribute('title', text('title'));
    frame.className = 'scorm-lesson';
    frame.src = 'embed.html?' + query;
    spoke = AttnLabFrameWatch(frame);
    body.appendChild(frame);
  }
  var HANDLERS = { 'attnlab:progress': onProgress, 'attnlab:state': onState, 'attnlab:answer': onAnswer };
  window.addEventListener('message', function (e) {
    var d = e.data;
    if (!frame || e.source !== frame.contentWindow || !d || typeof d !== 'object') return;
    spoke();
    if (d.type === 'attnlab:resize') {
      if (typeof d.height === 'number' && d.height > 0 && d.height < 100000) frame.style.height = Math.ceil(d.height) + 'px';
    } else if (HANDLERS[d.type] && d.lesson === LESSON) HANDLERS[d.type](d);
  });

  // ---- the end: failed if due, terminated last, with what is queued (one
  // keepalive POST, so that it outlives the page)
  function terminate(keepalive) {
    if (!session || ended) return Promise.resolve();
    if (normal && done && !held.passed) { failed = true; queue.push(judgement(false, done.score)); }
    queue.push(defined('terminated', { duration: since() }));
    save(keepalive);
    ended = true;
    return lrs('POST', 'statements', null, queue.splice(0), keepalive).catch(refused);
  }
  window.addEventListener('pagehide', function () { terminate(true); });
  window.addEventListener('beforeunload', function () { terminate(true); });
  exitButton.addEventListener('click', function () {
    exitButton.disabled = true;
    terminate(false).then(function () {
      if (returnURL) { location.assign(returnURL); return; }
      exitButton.hidden = true;
      if (frame) { frame.remove(); frame = null; }
      if (status.textContent !== text('notSaved')) say('ended');
    });
  });

  // ---- start
  if (!launched) {
    say('noLms');
    run();
    return;
  }
  // The learner's language preference (RFC 5646 tags, in order): the first
  // one the lesson speaks.
  function preferred(prefs) {
    var tags = prefs && typeof prefs.languagePreference === 'string' ? prefs.languagePreference.split(',') : [];
    for (var i = 0; i < tags.length; i++) {
      var t = tags[i].trim().toLowerCase();
      if (/^zh(-|$)/.test(t) && !/^zh-(hant|tw|hk|mo)/.test(t)) return 'zh-Hans';
      if (/^en(-|$)/.test(t)) return 'en';
    }
    return null;
  }
  fetch(params.get('fetch'), { method: 'POST', credentials: 'omit', cache: 'no-store' })
    .then(function (res) { return res.json(); })
    .then(function (j) {
      // {"auth-token": …}, else {"error-code", "error-text"} (cmi5 8.2.3)
      if (!j || typeof j['auth-token'] !== 'string' || !j['auth-token']) throw new Error('fetch: ' + (j && j['error-text']));
      auth = /^Basic /.test(j['auth-token']) ? j['auth-token'] : 'Basic ' + j['auth-token'];
      var optional = function (p) { return p.catch(function () { return null; }); };
      return Promise.all([lrs('GET', 'activities/state', stateArgs('LMS.LaunchData')),
        optional(lrs('GET', 'agents/profile', { profileId: 'cmi5LearnerPreferences', agent: JSON.stringify(actor) })),
        optional(lrs('GET', 'activities/state', stateArgs(SUSPEND)))]);
    })
    .then(function (docs) {
      var data = docs[0];
      if (!data || !data.contextTemplate || typeof data.contextTemplate !== 'object') throw new Error('no LMS.LaunchData');
      template = data.contextTemplate;
      normal = data.launchMode === 'Normal';
      if (typeof data.masteryScore === 'number' && data.masteryScore >= 0 && data.masteryScore <= 1) mastery = data.masteryScore;
      if (typeof data.returnURL === 'string' && isHttp(data.returnURL)) returnURL = data.returnURL;
      var want = preferred(docs[1]);
      if (want && want !== lang) {
        lang = want;
        document.documentElement.lang = lang;
        query = 'lesson=' + encodeURIComponent(LESSON) + '&lang=' + lang;
      }
      restore(docs[2]);
      session = true;
      started = Date.now();
      send(defined('initialized'));
      exitButton.textContent = text('exit');
      exitButton.hidden = false;
      run();
    })
    .catch(function () { refused(); if (!frame) run(); });
})();
