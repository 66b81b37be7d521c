// The engines layer: the lessons in Firefox ESR (WebDriver BiDi) and
// WebKitGTK (WebKitWebDriver), both Debian's, through tests/engines/drivers.mjs.
// Lean on purpose (the Chromium e2e layer keeps the exhaustive checks): one
// browser per engine, the two engines side by side, each lesson loaded once
// per language and mode, many checks per load.
//   1. every lesson x {en, zh-Hans} x {file://, http}: ready, no page error;
//      at 1280 px (file://) formulas not overlapping their neighbours, figure
//      text >= 11 px, and in English the numbers the lesson shows (matrix
//      cells, the numbers in its formulas, its readouts) equal Chromium's for
//      the same page; at 360 px (http) nothing wider than the viewport and
//      figure text >= 11 px
//   2. a SCORM 1.2 launch (softmax) in a test LMS: inside it a step player
//      stepped and an exercise answered wrong then right; the LMS recorded
//      the answers
//   3. <attn-lesson> on a host page of another origin: attnlab-ready, and
//      {type: 'attnlab:get'} answered with progress and state
// Errors are caught by a watcher script that the served pages load first
// (classic WebDriver has no console events), and in Firefox by BiDi's log.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { firefox, webkit } from './drivers.mjs';
import { waitReady, drawAll, pageErrors, formulaLayout, figureText, overflow, readouts } from './page-checks.mjs';
import { LAUNCH_OPTIONS, DIST, ROOT, LANGS, lessonIds, startTinyServer, printTable } from '../e2e/helpers.mjs';

const require = createRequire(import.meta.url);
const load = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
const lab = await require(path.join(DIST, 'attnlab.js')).load();
const { instanceOf } = await load('web/lessons/shared/exercises/seed.js');
const { unzip } = await load('scripts/zip.mjs');
const LESSONS = lessonIds();
const SEED = 777;

// ------------------------------------------------------------ the pages, watched

const WATCH_JS = `(function () {
  var E = window.__engines = { errors: [] };
  var add = function (s) { if (E.errors.length < 20) E.errors.push(s); };
  addEventListener('error', function (e) {
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) add('failed to load ' + (t.src || t.href));
    else add('uncaught: ' + e.message + ' @ ' + e.filename + ':' + e.lineno);
  }, true);
  addEventListener('unhandledrejection', function (e) { var r = e.reason; add('unhandled rejection: ' + (r && (r.stack || r.message) || r)); });
  document.addEventListener('securitypolicyviolation', function (e) { add('CSP: ' + e.violatedDirective + ' blocked ' + e.blockedURI); });
  var ce = console.error;
  console.error = function () { add('console.error: ' + [].map.call(arguments, String).join(' ')); return ce.apply(console, arguments); };
})();`;
// The page with the watcher as its first script (same origin: the CSP's script-src 'self').
const watched = (html) => html.replace('<script', '<script src="__engines-watch.js"></script>\n<script');

// dist/ as a folder of links plus the watched pages (for file://) and the
// routes that serve the same over http.
function watchedDist() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engines-dist-'));
  const routes = { '/__engines-watch.js': { type: 'text/javascript', body: WATCH_JS } };
  for (const e of fs.readdirSync(DIST)) {
    if (e === 'index.html' || e === 'embed.html') {
      const html = watched(fs.readFileSync(path.join(DIST, e), 'utf8'));
      fs.writeFileSync(path.join(dir, e), html);
      routes[`/${e}`] = { body: html };
    } else fs.symlinkSync(path.join(DIST, e), path.join(dir, e));
  }
  fs.writeFileSync(path.join(dir, '__engines-watch.js'), WATCH_JS);
  return { dir, routes, fileUrl: (q) => `${pathToFileURL(path.join(dir, 'index.html')).href}?${q}`, close: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

// The softmax lesson's SCORM 1.2 package unzipped, and a test LMS page
// (scorm-again's API, as tests/e2e/scorm-lms.mjs) that launches it.
function scormFiles() {
  const pkg = `attention-lab-softmax.scorm12`;
  const routes = { '/pkg/__engines-watch.js': { type: 'text/javascript', body: WATCH_JS } };
  for (const e of unzip(fs.readFileSync(path.join(DIST, 'scorm', `${pkg}.zip`)))) {
    const file = `/pkg/${e.name}`;
    routes[file] = { type: { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.woff2': 'font/woff2', '.xml': 'application/xml' }[path.extname(e.name)] || 'application/octet-stream', body: /\.html$/.test(e.name) && e.name !== `launch-softmax.html` ? watched(e.data.toString('utf8')) : e.data };
  }
  const saved = JSON.stringify({ suspend_data: `lesson=softmax&lang=en&xseed=${SEED}` });
  routes['/lms.html'] = { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test LMS</title><link rel="icon" href="data:,"></head><body>
<script src="/__engines-watch.js"></script><script src="/scorm-again/scorm12.min.js"></script>
<script>
  const api = new Scorm12API({ logLevel: 5 });
  api.loadFromJSON(${saved});
  window.API = api;
  window.lmsCalls = [];
  for (const name of ['LMSInitialize', 'LMSCommit', 'LMSFinish']) { const f = api[name].bind(api); api[name] = (...a) => { window.lmsCalls.push(name); return f(...a); }; }
  const frame = document.createElement('iframe');
  frame.src = '/pkg/launch-softmax.html';
  frame.style.cssText = 'width:100%;height:2000px;border:0';
  document.body.appendChild(frame);
</script></body></html>` };
  routes['/scorm-again/scorm12.min.js'] = { type: 'text/javascript', body: fs.readFileSync(path.join(ROOT, 'node_modules', 'scorm-again', 'dist', 'scorm12.min.js')) };
  return routes;
}

const hostPage = (distOrigin) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course host</title><link rel="icon" href="data:,">
<script src="${distOrigin}/attnlab-embed.js"></script></head><body><h1>Course page</h1>
<attn-lesson lesson="vectors" lang="en"></attn-lesson>
<script>
  window.heard = [];
  const el = document.querySelector('attn-lesson');
  for (const name of ['attnlab-ready', 'attnlab-progress', 'attnlab-state'])
    el.addEventListener(name, (e) => window.heard.push({ name, detail: e.detail }));
</script></body></html>`;

// ------------------------------------------------------------ Chromium's numbers

// What each lesson shows in English at 1280 px in Chromium: the reference
// for the other engines (computed once, while they start).
async function chromiumReadouts(dist) {
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const d = { name: 'chromium', run: (fn, arg) => page.evaluate(`(${fn})(${JSON.stringify(arg ?? null)})`) };
    const out = {};
    for (const id of LESSONS) {
      await page.goto(dist.fileUrl(`lesson=${id}&lang=en&xseed=${SEED}`), { waitUntil: 'commit' });
      await waitReady(d);
      await drawAll(d);
      out[id] = { numbers: await d.run(readouts) };
    }
    return out;
  } finally {
    await browser.close();
  }
}

// ------------------------------------------------------------ the layer

const dist = watchedDist();
let server = null, host = null, reference = null;
const timings = [];

describe('engines: Firefox ESR and WebKitGTK', { concurrency: 2 }, () => {
  before(async () => {
    server = await startTinyServer({ root: DIST, routes: { ...dist.routes, ...scormFiles() } });
    host = await startTinyServer({ routes: { '/host.html': { body: hostPage(server.origin) } } });
    reference = chromiumReadouts(dist);  // awaited where it is needed
    reference.catch(() => {});
  });
  after(async () => {
    await server?.close();
    await host?.close();
    dist.close();
    printTable('engines: lesson loads (ms, navigation to ready, slowest first)', timings.sort((a, b) => b.ms - a.ms).slice(0, 8));
  });

  // ENGINES=firefox (or webkit): one engine only, for debugging.
  for (const [engine, start] of [['firefox', firefox], ['webkit', webkit]].filter(([e]) => !process.env.ENGINES || process.env.ENGINES === e)) {
    describe(engine, { concurrency: 1 }, () => {
      let d = null;
      before(async () => { d = await start(); await d.setViewport(1280, 900); });
      after(async () => { await d?.close(); });

      // Loads url, waits for ready; returns the page's errors (watcher and driver log).
      const open = async (url, label) => {
        const t0 = performance.now();
        d.log.length = 0;
        await d.goto(url);
        await waitReady(d);
        await drawAll(d);
        timings.push({ engine, page: label, ms: Math.round(performance.now() - t0) });
        if (process.env.ENGINES_TRACE) fs.appendFileSync(process.env.ENGINES_TRACE, `${engine} ${label}: ${Math.round(performance.now() - t0)} ms\n`);
        return [...await pageErrors(d), ...d.log];
      };

      test(`${engine}: every lesson in both languages, from file:// (1280 px) and over http (360 px): ready, no page error, formulas, figure text, width, Chromium's numbers`, async (t) => {
        t.diagnostic(`${engine} ${d.version}`);
        const bad = [];
        let formulas = 0, stretchy = 0, figures = 0, compared = 0;
        for (const [mode, width] of [['file', 1280], ['http', 360]]) {
          await d.setViewport(width, 900);
          for (const id of LESSONS) {
            for (const lang of LANGS) {
              const q = `lesson=${id}&lang=${lang}&xseed=${SEED}`;
              const label = `${mode} ${q}`;
              let errors;
              try {
                errors = await open(mode === 'file' ? dist.fileUrl(q) : `${server.url}index.html?${q}`, label);
              } catch (e) { bad.push(`${label}: ${e.message}`); continue; }
              if (errors.length) bad.push(`${label}: page errors:\n    ${errors.join('\n    ')}`);
              let fig = await d.run(figureText);
              // Small text: look again at each figure on screen (a block's layout can be stale until it is drawn).
              if (fig.small.length) fig = await d.run(figureText, true);
              figures += fig.figures;
              if (fig.small.length) bad.push(`${label}: figure text under 11 px: ${fig.small.join('; ')}`);
              if (mode === 'http') {
                const o = await d.run(overflow);
                if (o.scrollWidth > o.width + 1 || o.culprits.length) bad.push(`${label}: wider than the ${o.width} px viewport (scrollWidth ${o.scrollWidth}): ${o.culprits.join('; ')}`);
              }
              if (mode === 'file') {
                const f = await d.run(formulaLayout);
                formulas += f.formulas; stretchy += f.stretchy;
                if (f.overlaps.length) bad.push(`${label}: formula boxes overlap:\n    ${f.overlaps.join('\n    ')}`);
                if (lang === 'en') {
                  const mine = await d.run(readouts);
                  const ref = (await reference)[id].numbers;
                  const diff = [];
                  // The places both engines have drawn (a figure's view may be drawn later in one of them).
                  const both = Object.keys(ref).filter((k) => k in mine);
                  for (const k of both) if (ref[k] !== mine[k]) diff.push(`${k}: Chromium ${JSON.stringify(ref[k])}, ${engine} ${JSON.stringify(mine[k])}`);
                  if (!both.length && Object.keys(ref).length) diff.push(`none of Chromium's ${Object.keys(ref).length} places with numbers is drawn in ${engine}`);
                  compared += both.length;
                  if (diff.length) bad.push(`${label}: numbers differ from Chromium's:\n    ${diff.slice(0, 8).join('\n    ')}`);
                }
              }
            }
          }
        }
        t.diagnostic(`${formulas} formulas (${stretchy} stretched brackets), ${figures} figures, ${compared} places with numbers compared with Chromium`);
        if (process.env.ENGINES_TRACE) fs.appendFileSync(process.env.ENGINES_TRACE, `${engine} findings:\n${bad.join('\n')}\n`);
        assert.deepEqual(bad, [], `${engine}:\n${bad.join('\n')}`);
      });

      // An embedded lesson in Firefox or WebKit (not Chromium) now and then
      // reports "ResizeObserver loop completed with undelivered notifications".
      // Most came from the resize reporter's observer on the body, which
      // embed/resize.js no longer uses (ro-loop-count.mjs, every lesson embedded,
      // twice: 13 of 30 in Firefox ESR before, 0-1 after; under load 8 against 1);
      // the rest's cause is open. Printed, not failed; any other error fails.
      const roLoop = (x) => /ResizeObserver loop completed with undelivered notifications/.test(x);
      const noteRoLoop = (errors, where) => { if (errors.some(roLoop)) console.log(`# ${engine}: ${where} reported a ResizeObserver loop notification (known, issue 33)`); };

      test(`${engine}: SCORM 1.2 launch of the softmax lesson: a step player stepped, an exercise answered wrong then right, the LMS has the answers`, async (t) => {
        await d.setViewport(1280, 900);
        const defs = (await load('web/lessons/softmax/exercises.js')).default;
        const i = defs.findIndex((x) => x.kind === 'compute');
        const inst = instanceOf(defs[i], SEED, lab);
        const right = [].concat(inst.answer).map((x) => x.toFixed(inst.digits)).join(', ');
        const wrong = [].concat(inst.answer).map((x) => (x + 0.5).toFixed(inst.digits)).join(', ');
        await d.goto(`${server.url}lms.html`);
        await d.run(async () => { for (let k = 0; k < 600 && !document.querySelector('iframe')?.contentDocument?.querySelector('iframe.scorm-lesson'); k++) await new Promise((r) => setTimeout(r, 50)); });
        // An engine that refuses the sandboxed frame its own files gets it
        // again with its own origin (web/embed/frame-watch.js): the frame is
        // reloaded under the wait, which then starts again in the new document.
        for (let k = 0; ; k++) {
          try {
            await d.top();
            await d.frame([0, 0]);
            await waitReady(d);
            break;
          } catch (e) {
            if (k >= 3 || !/unload|no such frame/i.test(String(e && e.message))) throw e;
            await new Promise((done) => setTimeout(done, 500));
          }
        }
        const origin = await d.run(() => window.origin);
        console.log(`# ${engine}: the SCORM lesson frame runs ${origin === 'null' ? 'sandboxed (opaque origin)' : `with its own origin ${origin} (the fallback)`}`);
        const r = await d.run(async ({ id, wrong, right }) => {
          // Two frames, or 200 ms where the engine holds frames back (a window it thinks hidden).
          const frame = () => Promise.race([new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))), new Promise((done) => setTimeout(done, 200))]);
          const player = document.querySelector('.step-player');
          const next = player.querySelector('.step-controls .btn-primary');
          const steps = [Number(player.dataset.step)];
          while (!next.disabled && steps.length < 99) { next.click(); await frame(); steps.push(Number(player.dataset.step)); }
          const card = document.querySelector(`[data-exercise="${id}"]`);
          // A card is built when it comes near the screen (layout/draw-later.js), as for a learner scrolling to it.
          card.scrollIntoView();
          for (let k = 0; k < 100 && !card.querySelector('input.ex-input'); k++) await new Promise((done) => setTimeout(done, 50));
          const input = card.querySelector('input.ex-input');
          const answer = async (text) => {
            input.value = text;
            input.dispatchEvent(new Event('input', { bubbles: true }));
            card.querySelector('.ex-actions button').click();
            await frame();
            return [card.dataset.status, card.querySelector('.ex-feedback').textContent.trim()];
          };
          return { steps, counter: player.querySelector('.step-counter').textContent.trim(), wrong: await answer(wrong), right: await answer(right) };
        }, { id: defs[i].id, wrong, right });
        assert.deepEqual(r.steps, r.steps.map((_, k) => k + 1), `the step player went 1, 2, ... by its Next button: ${r.steps}`);
        assert.ok(r.steps.length >= 2 && r.counter.includes(String(r.steps.length)), `counter "${r.counter}" after ${r.steps.length} steps`);
        assert.equal(r.wrong[0], 'wrong', `${defs[i].id} answered ${wrong}: ${r.wrong}`);
        assert.equal(r.right[0], 'correct', `${defs[i].id} answered ${right}: ${r.right}`);
        const errors = await pageErrors(d);
        await d.top();
        await d.run(async () => { for (let k = 0; k < 40 && !(window.API.cmi.interactions.childArray || []).length; k++) await new Promise((r) => setTimeout(r, 50)); });
        const lms = await d.run(() => ({ calls: window.lmsCalls, status: window.API.cmi.core.lesson_status, interactions: JSON.parse(JSON.stringify(window.API.cmi.interactions.childArray)).map((x) => [x.id, x.result]), errors: window.__engines.errors }));
        const all = [...errors, ...lms.errors, ...d.log];
        assert.deepEqual(all.filter((x) => !roLoop(x)), [], 'no page error in the LMS or the lesson');
        noteRoLoop(all, 'the SCORM lesson');
        assert.ok(lms.calls.includes('LMSInitialize') && lms.calls.includes('LMSCommit'), `LMS calls: ${lms.calls}`);
        assert.ok(['incomplete', 'passed', 'failed', 'completed'].includes(lms.status), `lesson_status ${lms.status}`);
        assert.deepEqual(lms.interactions.map((x) => x[1]), ['wrong', 'correct'], `cmi.interactions: ${JSON.stringify(lms.interactions)}`);
      });

      test(`${engine}: <attn-lesson> on a host page of another origin: attnlab-ready first, attnlab:get answered with progress and state`, async (t) => {
        await d.goto(`${host.url}host.html`);
        await d.run(async () => { for (let k = 0; k < 300 && !document.querySelector('attn-lesson')?.shadowRoot?.querySelector('iframe'); k++) await new Promise((r) => setTimeout(r, 50)); });
        const r = await d.run(async () => {
          const t0 = performance.now();
          while (!(window.heard && window.heard.some((h) => h.name === 'attnlab-ready')) && performance.now() - t0 < 60000) await new Promise((done) => setTimeout(done, 50));
          const first = window.heard[0];
          const n = window.heard.length;
          document.querySelector('attn-lesson').shadowRoot.querySelector('iframe').contentWindow.postMessage({ type: 'attnlab:get' }, '*');
          while (window.heard.length < n + 2 && performance.now() - t0 < 63000) await new Promise((done) => setTimeout(done, 50));
          return { first, answer: window.heard.slice(n).map((h) => h.name).sort(), height: document.querySelector('attn-lesson').getBoundingClientRect().height };
        });
        assert.equal(r.first && r.first.name, 'attnlab-ready', `the first event: ${JSON.stringify(r.first)}`);
        assert.equal(r.first.detail.lesson, 'vectors');
        assert.ok(r.first.detail.steps >= 2, JSON.stringify(r.first.detail));
        assert.deepEqual(r.answer, ['attnlab-progress', 'attnlab-state']);
        assert.ok(r.height > 200, `the element grows to its lesson (${r.height} px)`);
        await d.frame("document.querySelector('attn-lesson').shadowRoot.querySelector('iframe')");
        const errors = await pageErrors(d);
        await d.top();
        assert.deepEqual([...errors, ...d.log].filter((x) => !roLoop(x)), [], 'no page error in the embedded lesson');
        noteRoLoop([...errors, ...d.log], 'the embedded lesson');
      });
    });
  }
});
