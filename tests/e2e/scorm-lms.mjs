// A test LMS for the SCORM packages (dist/scorm/): every package unzipped
// into a temporary folder and served with lms.html, a page that provides
// the SCORM API from scorm-again (a real SCORM runtime) and launches one SCO
// in a frame. lms.html's query:
//   v        '1.2' | '2004'          pkg, launch   the package folder and its launch page
//   saved    the learner's record as the LMS holds it (JSON, scorm-again's loadFromJSON)
//   mastery  a mastery score handed out as it is (even one scorm-again would refuse)
//   fault    set-false | set-throw | commit-false | commit-throw, with -N: only the first N calls
//   store    a name: every successful commit and finish writes the record to
//            localStorage (synchronously, as an LMS's commit call would), so
//            that it can be read after the LMS window is gone
import { after } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { startTinyServer, ROOT } from './helpers.mjs';
import { unpack } from './lms-packages.mjs';

const AGAIN = path.join(ROOT, 'node_modules', 'scorm-again', 'dist');

const LMS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test LMS</title><link rel="icon" href="data:,"></head><body>
<script src="/scorm-again/scorm12.min.js"></script><script src="/scorm-again/scorm2004.min.js"></script>
<script>
  const q = new URLSearchParams(location.search);
  const saved = q.get('saved') ? JSON.parse(q.get('saved')) : null;
  const api = q.get('v') === '2004' ? new Scorm2004API({ logLevel: 5 }) : new Scorm12API({ logLevel: 5 });
  if (saved) api.loadFromJSON(saved);
  if (q.has('mastery')) api.cmi.student_data._mastery_score = q.get('mastery');
  const fault = q.get('fault');
  if (fault) {
    const [what, how, times] = fault.split('-');
    let left = times ? +times : Infinity;
    for (const name of what === 'set' ? ['LMSSetValue', 'SetValue'] : ['LMSCommit', 'Commit'])
      if (api[name]) {
        const real = api[name].bind(api);
        api[name] = (...a) => { if (left-- <= 0) return real(...a); if (how === 'throw') throw new Error('LMS down'); return 'false'; };
      }
  }
  const store = q.get('store');
  if (store)
    for (const name of ['LMSCommit', 'Commit', 'LMSFinish', 'Terminate'])
      if (api[name]) {
        const f = api[name].bind(api);
        api[name] = (...a) => { const r = f(...a); if (String(r) === 'true') localStorage.setItem('lms-' + store, JSON.stringify(api.cmi)); return r; };
      }
  if (q.get('v') === '2004') window.API_1484_11 = api; else window.API = api;
  window.lmsCalls = [];
  for (const name of ['LMSInitialize', 'LMSCommit', 'LMSFinish', 'Initialize', 'Commit', 'Terminate'])
    if (api[name]) { const f = api[name].bind(api); api[name] = (...a) => { window.lmsCalls.push(name); return f(...a); }; }
  const frame = document.createElement('iframe');
  frame.src = '/' + q.get('pkg') + '/' + q.get('launch');
  frame.style.cssText = 'width:100%;height:2000px;border:0';
  document.body.appendChild(frame);
</script></body></html>`;

// The SCORM packages unzipped (once per test file) and served: {work, packages, serve()}.
export function scormLms() {
  const { work, packages } = unpack('scorm');
  let server = null;
  after(() => server && server.close());
  return {
    work, packages,
    serve: async () => {
      server = server || await startTinyServer({ root: work, routes: {
        '/lms.html': { body: LMS_PAGE },
        '/blank.html': { body: '<!doctype html><title>blank</title>' },
        '/scorm-again/scorm12.min.js': { type: 'text/javascript', body: fs.readFileSync(path.join(AGAIN, 'scorm12.min.js')) },
        '/scorm-again/scorm2004.min.js': { type: 'text/javascript', body: fs.readFileSync(path.join(AGAIN, 'scorm2004.min.js')) },
      } });
      return server;
    },
  };
}

export const packageDir = (what, v, lang = 'en') => `attention-lab-${what}${lang === 'zh-Hans' ? '.zh-Hans' : ''}.${v === '1.2' ? 'scorm12' : 'scorm2004'}`;
// lms.html's address for a package's launch page.
export const lmsUrl = (server, { v, what, lesson = what, lang = 'en', saved = null, fault = '', mastery = null, store = '' }) =>
  `${server.url}lms.html?v=${v}&pkg=${packageDir(what, v, lang)}&launch=launch-${lesson}.html${saved ? `&saved=${encodeURIComponent(JSON.stringify(saved))}` : ''}`
  + `${fault ? `&fault=${fault}` : ''}${mastery === null ? '' : `&mastery=${encodeURIComponent(mastery)}`}${store ? `&store=${store}` : ''}`;
// The LMS's record as scorm-again holds it (plain JSON).
export const readCmi = (page, v) => page.evaluate((ver) => JSON.parse(JSON.stringify((ver === '2004' ? window.API_1484_11 : window.API).cmi)), v);
// The lesson's frame inside the launch page inside lms.html.
export const lessonIn = (page) => page.frameLocator('iframe').frameLocator('iframe.scorm-lesson');
