// Shared machinery of the e2e layer (`node --test tests/e2e`): one Debian
// Chromium per test file, a fresh context per test, and a watcher that
// records everything a page must never do: console errors, uncaught
// exceptions, CSP violations, requests that leave the page's origin.
import { chromium } from 'playwright-core';
import { describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '..', '..');
export const DIST = path.join(ROOT, 'dist');
export const LANGS = ['en', 'zh-Hans'];
// Generous: a loaded 2-core machine can take many seconds; a passing page costs nothing extra.
export const READY_TIMEOUT = 60000;

export const LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export const launch = () => chromium.launch(LAUNCH_OPTIONS);

// ---------------------------------------------------------------- lessons

// dist/lessons.json, read once: it is derived from web/lessons/registry.js,
// so the loops of every test file cover every lesson of the registry.
let lessonsCache = null;
export function lessonsJson() {
  if (lessonsCache) return lessonsCache;
  const file = path.join(DIST, 'lessons.json');
  if (!fs.existsSync(file) || !fs.existsSync(path.join(DIST, 'app.js')) || !fs.existsSync(path.join(DIST, 'attnlab.js')))
    throw new Error(`e2e: ${path.relative(ROOT, DIST)}/ is not built (need lessons.json, app.js, attnlab.js): run \`node scripts/build-page.mjs\` first`);
  lessonsCache = JSON.parse(fs.readFileSync(file, 'utf8'));
  return lessonsCache;
}
export const allLessons = () => lessonsJson().lessons;
export const lessonIds = () => allLessons().map((l) => l.id);
export const lessonMeta = (id) => lessonsJson().lessons.find((l) => l.id === id) || null;

// ---------------------------------------------------------------- URLs and servers

export const fileUrl = (file, query = '') => pathToFileURL(path.join(DIST, file)).href + (query ? `?${query}` : '');

const MIME = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.woff2': 'font/woff2',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.png': 'image/png', '.ts': 'text/plain; charset=utf-8',
};

// A tiny static server on 127.0.0.1 and a free port: files under root (if
// given) and fixed in-memory routes {'/path': {type, body}}. Used for the
// host page of the iframe test, and as a stand-in for scripts/serve.mjs.
export function startTinyServer({ root = null, routes = {} } = {}) {
  const absRoot = root ? path.resolve(root) : null;
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent((req.url || '/').split('?')[0]);
    if (routes[urlPath]) {
      res.writeHead(200, { 'Content-Type': routes[urlPath].type || 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return res.end(routes[urlPath].body);
    }
    if (!absRoot) { res.writeHead(404); return res.end('not found'); }
    let file = path.resolve(absRoot, '.' + path.posix.normalize('/' + urlPath));
    if (file !== absRoot && !file.startsWith(absRoot + path.sep)) { res.writeHead(403); return res.end('forbidden'); }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); return res.end('not found'); }
      res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
      res.end(data);
    });
  });
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        origin: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => { server.close(() => done()); for (const s of sockets) s.destroy(); }),
      });
    });
  });
}

// A course page on another origin that embeds src in
// <iframe id="lesson" sandbox="allow-scripts">: {url, origin, close}.
export function startHostPage(src, { height = 300 } = {}) {
  return startTinyServer({
    routes: {
      '/host.html': {
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course host</title><link rel="icon" href="data:,"></head>
<body><h1>A course page</h1><iframe id="lesson" title="Attention Lab" sandbox="allow-scripts" src="${src}" style="width:100%;height:${height}px;border:0"></iframe></body></html>`,
      },
    },
  }).then((h) => ({ ...h, url: `${h.url}host.html` }));
}

// dist/ over http: the project's scripts/serve.mjs when it is there (the
// server people actually use), else the tiny one above.
export async function startDistServer() {
  let srv = null;
  try {
    const mod = await import(pathToFileURL(path.join(ROOT, 'scripts', 'serve.mjs')).href);
    if (typeof mod.startServer === 'function') srv = await mod.startServer({ port: 0, root: DIST });
  } catch (e) {
    console.log(`# e2e: scripts/serve.mjs unusable (${e.message}); using the tests' own static server`);
  }
  if (!srv) srv = await startTinyServer({ root: DIST });
  const origin = new URL(srv.url).origin;
  return { url: origin + '/', origin, close: srv.close, httpUrl: (file, query = '') => `${origin}/${file}${query ? `?${query}` : ''}` };
}

// describe() whose tests share one Chromium and, with {server: true}, one
// http server for dist/ (startDistServer), started before the first test
// and closed after the last. fn(env) declares the tests; they read
// env.browser and env.server when they run (after the hook has set them).
// Other options go to describe(); hooks fn adds run after these.
export function describeWithBrowser(name, { server = false, ...options }, fn) {
  return describe(name, options, () => {
    const env = { browser: null, server: null };
    before(async () => {
      [env.browser, env.server] = await Promise.all([launch(), server ? startDistServer() : null]);
    });
    after(async () => {
      await env.browser?.close();
      await env.server?.close();
    });
    fn(env);
  });
}

// ---------------------------------------------------------------- watching a page

// A new context whose pages are watched. allowed(url) decides which
// request URLs are the page's own. Returns {context, page, issues}.
const issuesOf = new WeakMap();  // page -> its issues, for gotoReady's diagnostics

export async function openWatched(browser, { allowed, contextOptions = {} } = {}) {
  // Reduced motion unless a test asks otherwise: a step's or an exercise's smooth scroll (half a second
  // each) is not what the tests check; the engines layer (tests/engines) runs with the browsers' motion.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', ...contextOptions });
  const issues = { consoleErrors: [], warnings: [], pageErrors: [], csp: [], foreignRequests: [], failedRequests: [] };
  // CSP violations: reported from every frame straight to node, so none is
  // lost to a navigation. Init scripts are not subject to the page's CSP.
  await context.exposeBinding('__e2eReportCsp', ({ frame }, v) => { issues.csp.push({ frame: frame.url(), ...v }); });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const v = { directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample };
      (window.__e2eCsp = window.__e2eCsp || []).push(v);  // also kept in the page, for debugging
      window.__e2eReportCsp(v);
    });
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    const where = m.location() && m.location().url ? ` @ ${m.location().url}:${m.location().lineNumber}` : '';
    if (m.type() === 'error') issues.consoleErrors.push(m.text() + where);
    else if (m.type() === 'warning') issues.warnings.push(m.text());
  });
  page.on('pageerror', (e) => issues.pageErrors.push(`${e.name}: ${e.message}\n${(e.stack || '').split('\n').slice(1, 4).join('\n')}`));
  page.on('request', (r) => { if (allowed && !allowed(r.url())) issues.foreignRequests.push(`${r.method()} ${r.url()}`); });
  page.on('requestfailed', (r) => issues.failedRequests.push(`${r.url()} (${r.failure() && r.failure().errorText})`));
  issuesOf.set(page, issues);
  return { context, page, issues };
}

export const allowFile = (url) => /^(file|data|blob):/.test(url);
export const allowOrigins = (...origins) => (url) => /^(data|blob):/.test(url) || origins.some((o) => url === o || url.startsWith(o + '/'));

// Fails with every problem the page had, listed.
// consoleErrors/failedRequests: false leaves those to another test.
export function assertClean(issues, label, { consoleErrors = true, failedRequests = true } = {}) {
  const lines = [];
  const add = (name, list) => { if (list.length) lines.push(`${name} (${list.length}):`, ...list.slice(0, 15).map((x) => `  - ${typeof x === 'string' ? x : JSON.stringify(x)}`)); };
  if (consoleErrors) add('console errors', issues.consoleErrors);
  add('uncaught page errors', issues.pageErrors);
  add('CSP violations', issues.csp);
  add('requests leaving the page origin', issues.foreignRequests);
  if (failedRequests) add('failed requests', issues.failedRequests);
  if (lines.length) {
    if (issues.warnings.length) lines.push(`(console warnings, allowed: ${issues.warnings.slice(0, 5).join(' | ')})`);
    assert.fail(`${label}:\n${lines.join('\n')}`);
  }
}

// Navigates and waits for body[data-ready="true"]. Returns the timings:
// node-side navigation -> ready, the page's own performance mark, and the
// body's data-startup-ms (wasm load -> interactive). Reported, not asserted.
export async function gotoReady(page, url, { timeout = READY_TIMEOUT } = {}) {
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await page.waitForSelector('body[data-ready="true"]', { timeout, state: 'attached' });
  } catch (e) {
    const state = await page.evaluate(() => ({
      ready: document.body && document.body.dataset.ready,
      text: document.body ? document.body.innerText.slice(0, 400) : '(no body)',
    })).catch((err) => ({ error: String(err) }));
    const seen = issuesOf.get(page);
    const why = seen ? `; page errors ${JSON.stringify(seen.pageErrors)}; console errors ${JSON.stringify(seen.consoleErrors)}; failed requests ${JSON.stringify(seen.failedRequests)}` : '';
    throw new Error(`${url}: body[data-ready="true"] not reached within ${timeout} ms; page state ${JSON.stringify(state)}${why}`);
  }
  const navToReadyMs = Math.round(performance.now() - t0);
  // Figures below the screen are drawn, and every block laid out once,
  // just after the lesson starts (layout/draw-later.js mountWithFiguresLater,
  // layout/blocks.js): the tests read the whole page.
  await settled(page);
  const inPage = await page.evaluate(() => {
    const mark = performance.getEntriesByName('attnlab:interactive')[0];
    return { markMs: mark ? Math.round(mark.startTime) : null, startupMs: document.body.dataset.startupMs ? Number(document.body.dataset.startupMs) : null };
  });
  return { navToReadyMs, ...inPage };
}

// ---------------------------------------------------------------- step player

// A step that brings another panel into view scrolls the page smoothly
// (kit.js reveal), and the player moves with it until it sticks: a click
// during that scroll can land where the button was, as a learner's would.
// Waits until the page has not scrolled for three frames, then clicks.
export async function scrollStill(page) {
  await page.evaluate(() => new Promise((done) => {
    let last = window.scrollY, same = 0, frames = 0;
    const look = () => {
      if (window.scrollY === last) same++; else { same = 0; last = window.scrollY; }
      if (same >= 3 || ++frames > 240) done();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }));
}
export async function clickStill(page, locator) {
  await scrollStill(page);
  await locator.click();
}

// In the page: a hash of the figures beside step player k, so that a test
// can tell that a step changes or highlights something in the figures it
// explains, not only the text: the figures next to it (walking up from the
// player to the nearest block that holds figures outside it: svg, figure,
// table, canvas, the panels [data-part] and the highlightable [data-hl]),
// markup and classes. page.evaluate(figureHash, k) -> {hash, count}.
export function figureHash(k) {
  const el = document.querySelectorAll('.step-player')[k];
  const FIG = 'svg, figure, canvas, table, [data-part], [data-hl], .step-hl';
  const outside = (b) => [...b.querySelectorAll(FIG)].filter((f) => !el.contains(f) && !f.contains(el));
  let box = el.parentElement;
  while (box.parentElement && !box.classList.contains('lesson-body') && outside(box).length === 0) box = box.parentElement;
  const figs = outside(box).filter((f) => !f.parentElement.closest('svg'));
  const text = figs.map((f) => (f.matches('svg, figure, table, canvas') ? f.outerHTML : `${f.tagName}.${f.className}`)).join('|');
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return { hash: h, count: figs.length };
}

// Steps the first player of a page (or a lesson's frame) to its end, then
// answers every exercise right but "make" (a learner's own example) with
// the instances insts of defs (seed.js instanceOf); reports each card's
// status to check(def, status) when given.
export async function answerExercises(lesson, defs, insts, check = null) {
  const next = lesson.locator('.step-player').first().locator('.btn-primary');
  while (!(await next.isDisabled())) await next.click();
  for (const [i, def] of defs.entries()) {
    if (def.kind === 'make') continue;
    const card = lesson.locator(`[data-exercise="${def.id}"]`);
    if (def.kind === 'compute') await card.locator('input.ex-input').fill([].concat(insts[i].answer).map((x) => x.toFixed(insts[i].digits)).join(', '));
    else await card.locator(`input[value="${insts[i].answer}"]`).check();
    await card.locator('.ex-actions button').click();
    if (check) check(def, await card.getAttribute('data-status'));
  }
}

// Steps every .step-player of the page to its end by its Next button, then
// resets it and steps again with ArrowRight on the player. Checks the
// counter text changes at every step and names the step number and total.
// onStep(playerIndex, stepNumber) runs after each step of both passes.
// keyboard: false skips the second (Reset + ArrowRight) pass.
export async function stepThroughPlayers(page, { onStep, label = '', keyboard = true } = {}) {
  const players = page.locator('.step-player');
  const count = await players.count();
  assert.ok(count >= 1, `${label}: no .step-player section in the lesson (a ready lesson must have one)`);
  const result = [];
  for (let k = 0; k < count; k++) {
    const p = players.nth(k);
    const next = p.locator('.step-controls .btn-primary');
    const counter = p.locator('.step-counter');
    const buttons = p.locator('.step-controls button');
    assert.equal(await next.count(), 1, `${label}: player ${k}: expected one .btn-primary (Next) in .step-controls`);
    const stepOf = async () => Number(await p.getAttribute('data-step'));
    const counterText = async () => (await counter.textContent()).trim();

    // 1. Next, until disabled.
    let text = await counterText();
    const startStep = await stepOf();
    assert.equal(startStep, 1, `${label}: player ${k} should start at step 1, data-step=${startStep}`);
    if (onStep) await onStep(k, 1);
    let clicks = 0;
    while (!(await next.isDisabled())) {
      assert.ok(clicks < 99, `${label}: player ${k}: Next never became disabled after 99 clicks`);
      const before = await stepOf();
      await clickStill(page, next);
      clicks++;
      const after = await stepOf();
      const t2 = await counterText();
      assert.equal(after, before + 1, `${label}: player ${k}: Next moved from step ${before} to ${after}`);
      assert.notEqual(t2, text, `${label}: player ${k}: step counter text did not change on Next (still "${t2}")`);
      text = t2;
      if (onStep) await onStep(k, after);
    }
    const n = await stepOf();
    assert.ok(n >= 2, `${label}: player ${k} has only ${n} step(s)`);
    assert.match(text, new RegExp(`\\b${n}\\b`), `${label}: player ${k}: counter "${text}" does not show step ${n}`);
    assert.equal(clicks, n - 1);
    if (!keyboard) { result.push({ steps: n, counter: text }); continue; }

    // 2. Reset (the last button of the controls), then ArrowRight on the player.
    const reset = buttons.last();
    await clickStill(page, reset);
    assert.equal(await stepOf(), 1, `${label}: player ${k}: Reset (last button in .step-controls) did not go back to step 1`);
    assert.ok(await buttons.first().isDisabled(), `${label}: player ${k}: Prev should be disabled on step 1`);
    text = await counterText();
    for (let i = 2; i <= n; i++) {
      await p.press('ArrowRight');
      const after = await stepOf();
      assert.equal(after, i, `${label}: player ${k}: ArrowRight should reach step ${i}, data-step=${after}`);
      const t2 = await counterText();
      assert.notEqual(t2, text, `${label}: player ${k}: step counter text did not change on ArrowRight (still "${t2}")`);
      assert.match(t2, new RegExp(`\\b${i}\\b`), `${label}: player ${k}: counter "${t2}" does not show step ${i}`);
      text = t2;
      if (onStep) await onStep(k, i);
    }
    await p.press('ArrowRight');
    assert.equal(await stepOf(), n, `${label}: player ${k}: ArrowRight past the last step must stay at ${n}`);
    assert.ok(await next.isDisabled(), `${label}: player ${k}: Next should be disabled on the last step`);
    await p.press('ArrowLeft');
    assert.equal(await stepOf(), n - 1, `${label}: player ${k}: ArrowLeft from the last step should go to ${n - 1}`);
    await p.press('ArrowRight');
    result.push({ steps: n, counter: text });
  }
  return result;
}

// The page as the learner sees it: the lesson's blocks laid out once and
// nothing waiting to be drawn (figures below the screen, formulas put off
// during a drag): the page's one "settled" promise (web/layout/settled.js).
export async function settled(page, { timeout = 10000 } = {}) {
  // A host page (no lesson of its own) has nothing to wait for.
  await page.waitForFunction(() => !window.attnlabSettled || window.attnlabSettled(), null, { timeout });
}

// innerText leaves out what the page does not render, and the lesson's
// blocks far from the screen are not rendered (content-visibility): a
// test that reads the whole lesson's text draws them all first (an inline
// style: .block-once, the class web/layout/blocks.js draws a block with,
// is taken off again when blocks.js lays the block out once more).
export async function drawAllBlocks(page) {
  await page.evaluate(() => { for (const b of document.querySelectorAll('.beside-main > *, .lesson-body > :not(.step-player, .beside-player)')) b.style.contentVisibility = 'visible'; });
}

// ---------------------------------------------------------------- axe

let axeSource = null;
// Injects axe-core with page.evaluate (the page's CSP forbids inline
// scripts, and evaluate is not subject to it) and runs it on the document.
// context: an axe context ({include: [[selector]]}); default the document.
export async function runAxe(page, context = null) {
  if (!axeSource) axeSource = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  await settled(page);
  const has = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!has) await page.evaluate(axeSource);
  return page.evaluate(async (ctx) => {
    const r = await window.axe.run(ctx || document, { resultTypes: ['violations'], preload: false });
    return r.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 160), summary: (n.failureSummary || '').slice(0, 300) })),
    }));
  }, context);
}

export function formatViolations(violations) {
  return violations.map((v) => [
    `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}) ${v.helpUrl}`,
    ...v.nodes.slice(0, 3).map((n) => `      ${JSON.stringify(n.target)}  ${n.html}\n        ${n.summary.replace(/\n/g, '\n        ')}`),
  ].join('\n')).join('\n');
}

// ---------------------------------------------------------------- numbers

// Page text -> number: unicode minus, ∞, NaN, exponent forms.
export function parseShown(text) {
  const s = text.trim().replace(/\u2212/g, '-').replace(/\s+/g, '');
  if (s === 'NaN') return NaN;
  if (s === '∞' || s === '+∞') return Infinity;
  if (s === '-∞') return -Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return undefined;
  return Number(s);
}

// Does the shown number equal v formatted to `digits` significant digits
// (3 or 4, as the page does), within a relative tolerance?
export function matchesShown(shown, v, { digitsChoices = [3, 4], rel = 5e-4 } = {}) {
  if (Number.isNaN(v) || Number.isNaN(shown)) return Number.isNaN(v) && Number.isNaN(shown);
  if (!Number.isFinite(v) || !Number.isFinite(shown)) return v === shown;
  return digitsChoices.some((d) => {
    const want = v === 0 ? 0 : Number(v.toPrecision(d));
    return Math.abs(shown - want) <= rel * Math.abs(want) + 1e-300 || (want === 0 && Math.abs(shown) < 1e-12);
  });
}

// Reads a createMatrixView table: .matrix-wrap[data-name=name] td[data-i][data-j].
export async function readMatrixCells(page, name) {
  return page.evaluate((nm) => {
    const wraps = [...document.querySelectorAll(`.matrix-wrap[data-name="${nm}"]`)];
    if (!wraps.length) return null;
    const cells = [...wraps[0].querySelectorAll('table.matrix td[data-i][data-j]')]
      .map((td) => ({ i: Number(td.dataset.i), j: Number(td.dataset.j), text: td.textContent }));
    return { wraps: wraps.length, cells };
  }, name);
}

// Compares every shown cell of matrix `name` with `expected` (number[][]);
// returns a list of mismatch descriptions (empty = all equal).
export function compareCells(name, shown, expected) {
  const bad = [];
  if (!shown) return [`no .matrix-wrap[data-name="${name}"] on the page`];
  if (!shown.cells.length) return [`.matrix-wrap[data-name="${name}"] has no td[data-i][data-j] cells`];
  const rows = expected.length;
  const cols = rows ? expected[0].length : 0;
  if (shown.cells.length !== rows * cols) bad.push(`${name}: ${shown.cells.length} cells shown, API gives ${rows}x${cols}`);
  for (const c of shown.cells) {
    const v = expected[c.i] && expected[c.i][c.j];
    const x = parseShown(c.text);
    if (v === undefined) bad.push(`${name}[${c.i}][${c.j}] = "${c.text}" is outside the API's ${rows}x${cols} result`);
    else if (x === undefined) bad.push(`${name}[${c.i}][${c.j}] = "${c.text}" is not a number`);
    else if (!matchesShown(x, v)) bad.push(`${name}[${c.i}][${c.j}]: page shows "${c.text}", API gives ${v} (${Number.isFinite(v) ? v.toPrecision(4) : v})`);
  }
  return bad;
}

// ---------------------------------------------------------------- layout

// Elements sticking out of the viewport that no scrolling/clipping
// ancestor contains: the culprits of a horizontal page scroll.
// Runs in the page: page.evaluate(overflowReport, width).
export function overflowReport(width) {
  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += `#${el.id}`;
    if (el.classList.length) s += `.${[...el.classList].join('.')}`;
    for (const a of ['data-name', 'data-step', 'aria-label']) if (el.getAttribute(a)) s += `[${a}="${el.getAttribute(a).slice(0, 30)}"]`;
    return s;
  };
  const contained = (el) => {
    for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement)
      if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) return true;
    return false;
  };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 1 || contained(el)) continue;
    if (el.parentElement && out.some((o) => o.el === el.parentElement)) continue;  // report the outermost
    out.push({ el, text: `${describe(el)} right=${Math.round(r.right)} width=${Math.round(r.width)} in ${el.parentElement ? describe(el.parentElement) : '-'}` });
  }
  return { scrollWidth: document.documentElement.scrollWidth, culprits: out.slice(0, 8).map((o) => o.text) };
}

// ---------------------------------------------------------------- reporting

// Timings etc. printed at the end of a file (node --test shows a file's
// stdout in its output).
export function printTable(title, rows) {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (vals) => vals.map((v, i) => String(v).padEnd(width[i])).join('  ');
  console.log(`\n${title}\n  ${line(keys)}\n${rows.map((r) => `  ${line(keys.map((k) => r[k]))}`).join('\n')}\n`);
}

// The relative luminance (WCAG) of a CSS rgb() colour; null if it is not one.
export const luminance = (rgb) => {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  if (!m) return null;
  const lin = (c) => { const x = Number(c) / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
};
