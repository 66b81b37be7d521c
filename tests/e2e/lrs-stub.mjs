// A small LRS with the LMS's side of a cmi5 launch (the cmi5 spec, sections
// 8-11), for tests/e2e/cmi5.test.mjs. On its own origin, as an LMS's LRS
// usually is (so the AU's requests are cross-origin: CORS, the launch
// page's connect-src). It records every statement the AU sends and checks
// each against the cmi5 rules, as a conformant LMS would; what breaks a rule
// goes to `violations` (the statement is still recorded).
//
//   const lrs = await startLrs({fail})   fail: 'statements' answers 500 to them
//   lrs.launch({au, activityId, registration, launchMode, masteryScore,
//     returnURL, languagePreference, state}) -> the AU's launch URL; writes
//     LMS.LaunchData (and the AU's own state documents given), records
//     "launched", makes a one-time fetch URL and the session's token
//   lrs.statements: [{statement, session}] (the AU's, in arrival order);
//   lrs.launched: the LMS's own "launched" statements
//   lrs.violations: ['<verb>: what is wrong'], lrs.states: Map, lrs.close()
import http from 'node:http';
import crypto from 'node:crypto';

export const CMI5 = 'https://w3id.org/xapi/cmi5/';
export const CATEGORY = `${CMI5}context/categories/cmi5`;
export const MOVEON = `${CMI5}context/categories/moveon`;
export const SESSIONID = `${CMI5}context/extensions/sessionid`;
export const MASTERYSCORE = `${CMI5}context/extensions/masteryscore`;
const ADL = 'http://adlnet.gov/expapi/verbs/';
export const ACTOR = { objectType: 'Agent', name: 'Ada Learner', account: { homePage: 'https://lms.example', name: 'learner-1' } };
// The verbs an AU may use in cmi5-defined statements (launched, abandoned,
// waived, satisfied are the LMS's).
const AU_VERBS = new Set(['initialized', 'completed', 'passed', 'failed', 'terminated']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const DURATION = /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/;
const agentKey = (a) => (a && a.account ? `${a.account.homePage}|${a.account.name}` : JSON.stringify(a && a.mbox));
const short = (verb) => String(verb && verb.id).replace(/^.*\//, '');

export function startLrs({ fail = '' } = {}) {
  const sessions = new Map();  // token -> session
  const fetches = new Map();   // fetch id -> session
  const states = new Map();    // activityId|agent|registration|stateId -> document
  const registrations = new Map();  // registration|activityId -> {completed, passed}
  const statements = [], violations = [], seenIds = new Set(), launched = [];
  let origin = '';

  function check(s, ses) {
    const v = short(s.verb), bad = (m) => violations.push(`${v}: ${m}`);
    const ctx = s.context || {}, res = s.result || {}, acts = ctx.contextActivities || {};
    const cats = (acts.category || []).map((c) => c.id);
    const defined = cats.includes(CATEGORY);
    if (!UUID.test(s.id || '')) bad(`id ${s.id} is no UUID`);
    else if (seenIds.has(s.id)) bad(`id ${s.id} sent twice`);
    seenIds.add(s.id);
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]00:00)$/.test(s.timestamp || '')) bad(`timestamp ${s.timestamp} is no UTC ISO 8601 time`);
    if (!s.actor || agentKey(s.actor) !== agentKey(ses.actor) || s.actor.objectType !== 'Agent') bad('the actor is not the launch actor');
    if (!/^https?:\/\//.test(s.verb && s.verb.id)) bad('verb id is no IRI');
    if (ctx.registration !== ses.registration) bad(`registration ${ctx.registration}`);
    if (!ctx.extensions || ctx.extensions[SESSIONID] !== ses.sessionId) bad('no sessionid extension of this session');
    for (const g of ses.template.contextActivities.grouping) if (!(acts.grouping || []).some((x) => x.id === g.id)) bad('the template\'s grouping is missing');
    if (ses.terminated) bad('sent after terminated');
    if (!ses.initialized && !(defined && v === 'initialized')) bad('sent before initialized');
    if (!defined) {
      if (cats.includes(MOVEON)) bad('a cmi5 allowed statement with the moveon category');
      return;
    }
    if (!AU_VERBS.has(v) || s.verb.id !== ADL + v) bad(`${s.verb.id} is no AU verb of cmi5`);
    if (!s.object || s.object.id !== ses.activityId) bad('the object is not the AU');
    if (cats.includes(MOVEON) !== ('success' in res || 'completion' in res)) bad('moveon category iff success or completion');
    if ('score' in res && v !== 'passed' && v !== 'failed') bad('a score');
    if ('success' in res && v !== 'passed' && v !== 'failed') bad('success');
    if ('completion' in res && v !== 'completed') bad('completion');
    if (['completed', 'passed', 'failed', 'terminated'].includes(v) && !DURATION.test(res.duration || '')) bad(`duration ${res.duration}`);
    const reg = ses.record;
    const judged = v === 'completed' || v === 'passed' || v === 'failed';
    if (judged && ses.launchMode !== 'Normal') bad(`in ${ses.launchMode} mode`);
    if (ses.verbs.includes(v)) bad('twice in a session');
    if (v === 'initialized' && ses.verbs.length) bad('not first');
    if (v === 'completed') { if (res.completion !== true) bad('completion is not true'); if (reg.completed) bad('again in this registration'); reg.completed = true; }
    if (v === 'passed' || v === 'failed') {
      const pass = v === 'passed', scaled = res.score && res.score.scaled;
      if (res.success !== pass) bad(`success is not ${pass}`);
      if (ses.verbs.includes(pass ? 'failed' : 'passed')) bad('passed and failed in one session');
      if (pass && reg.passed) bad('again in this registration');
      if (!pass && reg.passed) bad('after passed');
      if (ses.masteryScore !== undefined) {
        if (typeof scaled === 'number' && (pass ? scaled < ses.masteryScore : scaled >= ses.masteryScore)) bad(`scaled ${scaled} against the mastery score ${ses.masteryScore}`);
        if (!ctx.extensions || ctx.extensions[MASTERYSCORE] !== ses.masteryScore) bad('no masteryscore extension');
      }
      if (pass) reg.passed = true;
    }
    if (v === 'initialized') ses.initialized = true;
    if (v === 'terminated') ses.terminated = true;
    ses.verbs.push(v);
  }

  const stateKey = (q) => { let a = null; try { a = JSON.parse(q.get('agent')); } catch { /* no agent */ } return [q.get('activityId'), agentKey(a), q.get('registration'), q.get('stateId')].join('|'); };

  function handle(req, res, body) {
    const url = new URL(req.url, origin), q = url.searchParams;
    const send = (code, doc) => {
      res.writeHead(code, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
      res.end(doc === undefined ? '' : JSON.stringify(doc));
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, X-Experience-API-Version', 'Access-Control-Max-Age': '600' });
      return res.end();
    }
    if (url.pathname.startsWith('/fetch/')) {
      // cmi5 8.2: a POST, once; errors are 200 with error-code.
      const ses = fetches.get(url.pathname.slice(7));
      if (req.method !== 'POST') return send(405, { 'error-code': '2', 'error-text': 'POST only' });
      if (!ses) return send(200, { 'error-code': '2', 'error-text': 'No such launch.' });
      if (ses.fetched) return send(200, { 'error-code': '1', 'error-text': 'The authorization token has already been returned.' });
      ses.fetched = true;
      return send(200, { 'auth-token': ses.token });
    }
    const ses = sessions.get(String(req.headers.authorization || '').replace(/^Basic /, ''));
    if (!ses || !/^Basic /.test(req.headers.authorization)) { violations.push(`${req.method} ${url.pathname}: no valid Authorization`); return send(401); }
    if (!/^1\.0(\.\d+)?$/.test(req.headers['x-experience-api-version'] || '')) violations.push(`${req.method} ${url.pathname}: X-Experience-API-Version ${req.headers['x-experience-api-version']}`);
    const json = () => { try { return JSON.parse(body); } catch { return undefined; } };
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /activities/state': return states.has(stateKey(q)) ? send(200, states.get(stateKey(q))) : send(404);
      case 'PUT /activities/state': case 'POST /activities/state': {
        if (q.get('stateId') === 'LMS.LaunchData') { violations.push('the AU wrote LMS.LaunchData'); return send(403); }
        const doc = json();
        states.set(stateKey(q), req.method === 'POST' ? { ...states.get(stateKey(q)), ...doc } : doc);
        return send(204);
      }
      case 'GET /agents/profile':
        return q.get('profileId') === 'cmi5LearnerPreferences' && ses.languagePreference ? send(200, { languagePreference: ses.languagePreference, audioPreference: 'on' }) : send(404);
      case 'POST /statements': case 'PUT /statements': {
        if (fail === 'statements') return send(500, { error: 'LRS down' });
        const doc = json();
        const list = Array.isArray(doc) ? doc : [doc];
        for (const s of list) { statements.push({ statement: s, session: ses.sessionId }); check(s, ses); }
        return send(200, list.map((s) => s.id));
      }
      default: return send(404);
    }
  }

  function launch({ au, activityId, registration = crypto.randomUUID(), launchMode = 'Normal', masteryScore = 0.8, returnURL, languagePreference, state = {} }) {
    const sessionId = crypto.randomUUID();
    const key = `${registration}|${activityId}`;
    if (!registrations.has(key)) registrations.set(key, { completed: false, passed: false });
    const template = { contextActivities: { grouping: [{ id: activityId, objectType: 'Activity' }] }, extensions: { [SESSIONID]: sessionId } };
    const ses = { sessionId, registration, activityId, actor: ACTOR, launchMode, masteryScore, languagePreference, template,
      token: Buffer.from(`au-${sessionId}:${crypto.randomBytes(12).toString('hex')}`).toString('base64'), fetched: false,
      verbs: [], initialized: false, terminated: false, record: registrations.get(key) };
    sessions.set(ses.token, ses);
    const fetchId = crypto.randomUUID();
    fetches.set(fetchId, ses);
    const stateOf = (stateId) => [activityId, agentKey(ACTOR), registration, stateId].join('|');
    const launchData = { contextTemplate: template, launchMode, moveOn: 'CompletedAndPassed', ...(masteryScore === undefined ? {} : { masteryScore }), ...(returnURL ? { returnURL } : {}) };
    states.set(stateOf('LMS.LaunchData'), launchData);
    for (const [id, doc] of Object.entries(state)) states.set(stateOf(id), doc);
    launched.push({ id: crypto.randomUUID(), timestamp: new Date().toISOString(), actor: ACTOR, verb: { id: `${ADL}launched` }, object: { id: activityId },
      context: { ...template, registration, contextActivities: { ...template.contextActivities, category: [{ id: CATEGORY }] } } });
    const params = new URLSearchParams({ endpoint: `${origin}/xapi/`, fetch: `${origin}/fetch/${fetchId}`, actor: JSON.stringify(ACTOR), registration, activityId });
    return { url: `${au}?${params}`, sessionId, registration, fetch: `${origin}/fetch/${fetchId}` };
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      req.url = req.url.replace(/^\/xapi\//, '/');
      handle(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${server.address().port}`;
      resolve({
        origin, launch, statements, violations, states, launched,
        stateOf: (activityId, registration, stateId) => states.get([activityId, agentKey(ACTOR), registration, stateId].join('|')),
        close: () => new Promise((done) => { server.close(() => done()); for (const s of sockets) s.destroy(); }),
      });
    });
  });
}
