// Start-up and interaction figures for the performance issue (reported,
// never asserted: times depend on the machine and its load).
//   1. module start-up in Node: AttnLab.load() of dist/attnlab.js;
//   2. in headless Chromium: the library alone in a blank page (script run,
//      load() resolved); navigation -> first interactive lesson
//      (body[data-ready]) over file:// and http, and the module's own
//      start-up there;
//   3. per lesson at default sizes: latency of an update (a range input moved
//      or a step button pressed, scrolled into view first, one task each;
//      handler + style/layout forced), median and
//      95th percentile; the longest task (PerformanceObserver 'longtask')
//      seen while every range input is also swept to its extremes;
//   4. the complexity lesson's live timing: fitted slopes (expected about
//      2, 1, 1) and the longest task while it measures;
//   5. (cold) per lesson and language, cold loads (a fresh browser context
//      each) of embed.html?lesson=<id>: navigation -> interactive (the
//      page's 'attnlab:interactive' mark) from file://, over http and in a
//      sandboxed iframe of another origin; medians of --cold-runs;
//   6. (switch) index.html: a click on another lesson in the menu -> that
//      lesson mounted and its next frame drawn, each lesson opened the
//      first time (its script loaded then), medians of --cold-runs.
//   7. (training) the training lesson training live (play from the initial weights,
//      one core call per frame): each frame's work (the animation frame
//      callback + style/layout), updates per second, the longest task.
// Usage: node scripts/perf-report.mjs [--runs 3] [--lessons softmax,attention]
//   [--only startup,updates,complexity,training,circuits,cold,switch,trace] (default: the first four)
//   [--trace-updates 100] [--trace-dir DIR] [--trace-controls REGEX]
//   [--cold-runs 5] [--langs en,zh-Hans]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, startDistServer, startHostPage, lessonIds, fileUrl, DIST } from '../tests/e2e/helpers.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const RUNS = Number(arg('runs', 3));
const LESSONS = arg('lessons', lessonIds().join(',')).split(',');
const ONLY = new Set(arg('only', 'startup,updates,complexity,training').split(','));
const COLD_RUNS = Number(arg('cold-runs', 5));
const LANGS = arg('langs', 'en,zh-Hans').split(',');
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : NaN; };
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '-');

const browser = await launch();
const server = await startDistServer();

if (ONLY.has('startup')) {
  // 1. Node start-up: fresh module instances (the loader caches one per
  // require, so each run loads the file anew).
  const require = createRequire(import.meta.url);
  const nodeTimes = [];
  for (let i = 0; i < RUNS; i++) {
    const file = path.join(DIST, 'attnlab.js');
    delete require.cache[require.resolve(file)];
    const t0 = performance.now();
    const AttnLab = require(file);
    await AttnLab.load();
    nodeTimes.push(performance.now() - t0);
  }
  console.log(`module start-up in Node (require + load), median of ${RUNS}: ${ms(median(nodeTimes))}`);

  // 2. Chromium. The library alone in a blank page: its script run (parse +
  // decoder compile) and AttnLab.load() resolving (payload decode + core compile).
  const alone = [];
  const libSource = fs.readFileSync(path.join(DIST, 'attnlab.js'), 'utf8');
  for (let i = 0; i < RUNS; i++) {
    const page = await browser.newPage();
    await page.goto('about:blank');
    alone.push(await page.evaluate(async (src) => {
      const t0 = performance.now();
      const s = document.createElement('script');
      s.textContent = src;
      document.head.appendChild(s);
      const t1 = performance.now();
      await globalThis.AttnLab.load();
      return { script: t1 - t0, ready: performance.now() - t0 };
    }, libSource));
    await page.close();
  }
  console.log(`module alone in Chromium, median of ${RUNS}: script ${ms(median(alone.map((a) => a.script)))}, ready ${ms(median(alone.map((a) => a.ready)))} after the script starts`);
  const startup = { file: [], http: [], module: [], ready: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const [kind, url] of [['file', fileUrl('index.html', 'lesson=softmax')], ['http', server.httpUrl('index.html', 'lesson=softmax')]]) {
      const page = await browser.newPage();
      const t0 = Date.now();
      await page.goto(url);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      startup[kind].push(Date.now() - t0);
      startup.module.push(Number(await page.evaluate(() => document.body.dataset.startupMs)));
      startup.ready.push(Number(await page.evaluate(() => document.body.dataset.moduleMs)));
      await page.close();
    }
  }
  console.log(`navigation -> interactive softmax lesson, median of ${RUNS}: file:// ${ms(median(startup.file))}, http ${ms(median(startup.http))}; `
    + `module ready ${ms(median(startup.ready))} after navigation start; from the app's start to the first lesson drawn with the module ${ms(median(startup.module))}`);
}

// 5. Cold loads of embed.html?lesson=<id>: a fresh context (no cache) each.
// The time is the page's own: navigation start -> performance mark
// 'attnlab:interactive' (set with body[data-ready]), in the lesson's frame.
async function coldLoad(kind, query) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  let frame = page;
  let host = null;
  if (kind === 'file') await page.goto(fileUrl('embed.html', query));
  else if (kind === 'http') await page.goto(server.httpUrl('embed.html', query));
  else {
    host = await startHostPage(server.httpUrl('embed.html', query), { height: 800 });
    await page.goto(host.url);
    frame = page.frameLocator('iframe');
  }
  await frame.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 60000 });
  const f = kind === 'sandboxed' ? page.frames().find((x) => x.url().includes('embed.html')) : page;
  const out = await f.evaluate(() => ({
    ready: performance.getEntriesByName('attnlab:interactive')[0].startTime,
    module: Number(document.body.dataset.moduleMs),
  }));
  await context.close();
  if (host) await host.close();
  return out;
}
if (ONLY.has('cold')) {
  console.log(`\ncold loads of embed.html?lesson=<id>&lang=<lang>: navigation -> interactive, median of ${COLD_RUNS} (module ready in brackets)`);
  const kinds = ['file', 'http', 'sandboxed'];
  console.log(`${'lesson'.padEnd(13)}${'lang'.padEnd(9)}${kinds.map((k) => k.padStart(20)).join('')}`);
  const worst = Object.fromEntries(kinds.map((k) => [k, 0]));
  for (const id of LESSONS) {
    for (const lang of LANGS) {
      const cells = [];
      for (const kind of kinds) {
        const runs = [];
        for (let i = 0; i < COLD_RUNS; i++) runs.push(await coldLoad(kind, `lesson=${id}&lang=${lang}`));
        const r = median(runs.map((x) => x.ready));
        worst[kind] = Math.max(worst[kind], r);
        cells.push(`${ms(r)} (${ms(median(runs.map((x) => x.module)))})`);
      }
      console.log(`${id.padEnd(13)}${lang.padEnd(9)}${cells.map((c) => c.padStart(20)).join('')}`);
    }
  }
  console.log(`slowest lesson: ${kinds.map((k) => `${k} ${ms(worst[k])}`).join(', ')}`);
}

// 6. index.html: click -> the lesson opened from the menu is mounted and its
// next frame drawn (the script of a lesson not opened before is loaded then).
if (ONLY.has('switch')) {
  const times = Object.fromEntries(LESSONS.map((id) => [id, []]));
  for (let i = 0; i < COLD_RUNS; i++) {
    for (const lang of LANGS) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const first = LESSONS.includes('vectors') ? 'softmax' : 'vectors';
      await page.goto(fileUrl('index.html', `lesson=${first}&lang=${lang}`));
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
      await page.waitForTimeout(300);
      for (const id of LESSONS) {
        if (id === first) continue;
        const dt = await page.evaluate((target) => new Promise((resolve) => {
          const link = [...document.querySelectorAll('.toc a')].find((a) => new URLSearchParams(a.search).get('lesson') === target);
          const t0 = performance.now();
          const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
          const mo = new MutationObserver(() => {
            const cur = document.querySelector('.toc a[aria-current="page"]');
            if (document.querySelector('article.lesson') && cur && new URLSearchParams(cur.search).get('lesson') === target) { mo.disconnect(); done(); }
          });
          mo.observe(document.getElementById('app'), { childList: true, subtree: true });
          link.click();
        }), id);
        times[id].push(dt);
        await page.waitForTimeout(200);
      }
      await context.close();
    }
  }
  console.log(`\nindex.html, file://: a menu click -> the lesson mounted and its next frame, first opening, median of ${COLD_RUNS * LANGS.length} (${LANGS.join(', ')})`);
  for (const id of LESSONS) if (times[id].length) console.log(`${id.padEnd(13)}${ms(median(times[id])).padStart(11)}`);
}

// In the page: times n updates (range inputs at random positions, step
// buttons), each measured around a synchronous dispatch + a forced layout.
// As a learner's: the control is scrolled into view first, and each update
// is a task of its own (formulas out of view wait for input to pause,
// web/layout/draw-later.js; the frame after the scroll reports what is in view).
// Each update is also a performance.measure('attnlab-update <k>'), and
// window.__updates[k] names its control (for the trace section).
// only: a regular expression; if given, only the controls whose name (as
// in window.__updates) matches are used (--trace-controls).
async function measure(n, only = null) {
  const name = (el) => (el.type === 'range'
    ? `range ${el.id} ${(el.getAttribute('aria-label') || (el.labels && el.labels[0] && el.labels[0].textContent) || '').replace(/[\s\d.,=−-]+$/, '').trim().slice(0, 40)}`
    : `button ${el.textContent.trim().slice(0, 30)} (${el.closest('[class*=player], section, figure')?.className || '?'})`);
  const keep = (el) => !only || new RegExp(only).test(name(el));
  let s = 12345;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  // The frame after the scroll is drawn and rastered before the update: raster
  // work still running would compete for the CPU with the timed update.
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  const times = [];
  for (let k = 0; k < n; k++) {
    const ranges = [...document.querySelectorAll('.lesson input[type=range]:not(:disabled)')].filter(keep);
    const buttons = [...document.querySelectorAll('.step-controls button:not(:disabled)')].filter((b) => !/play|播放|pause|暂停/i.test(b.textContent)).filter(keep);
    let act;
    if (ranges.length && (k % 2 === 0 || !buttons.length)) {
      const r = ranges[Math.floor(rand() * ranges.length)];
      const min = Number(r.min || 0), max = Number(r.max || 100), step = Number(r.step) || 1;
      const value = String(min + Math.round((rand() * (max - min)) / step) * step);
      act = [r, () => { r.value = value; r.dispatchEvent(new Event('input', { bubbles: true })); }, name(r)];
    } else if (buttons.length) {
      const b = buttons[Math.floor(rand() * buttons.length)];
      act = [b, () => b.click(), name(b)];
    } else break;
    act[0].scrollIntoView({ block: 'center' });
    await frame();
    const t0 = performance.now();
    act[1]();
    void document.body.offsetHeight;  // style + layout of the update
    const t1 = performance.now();
    times.push(t1 - t0);
    performance.measure(`attnlab-update ${k}`, { start: t0, end: t1 });
    (window.__updates = window.__updates || [])[k] = act[2];
  }
  return times;
}
// Each input event in a task of its own, as a user's would be.
async function sweepExtremes() {
  const pause = () => new Promise((r) => setTimeout(r, 20));
  for (const r of document.querySelectorAll('.lesson input[type=range]:not(:disabled)')) {
    for (const v of [r.max, r.min, r.max]) {
      r.value = v;
      r.dispatchEvent(new Event('input', { bubbles: true }));
      r.dispatchEvent(new Event('change', { bubbles: true }));
      await pause();
    }
  }
}

// 7. (trace) Where an update's time goes: a Chromium trace (CDP Tracing,
// through Playwright) of --trace-updates updates per lesson, each inside
// its 'attnlab-update <k>' measure. Per lesson: the trace events' self
// times (a nested event's time is its own, not its parent's) and the
// JavaScript functions' self times from the trace's CPU profile samples,
// per update, over all updates and over the slowest tenth; and the slowest
// updates with their controls. Build with ATTNLAB_MINIFY=0 for readable
// function names. --trace-dir DIR keeps the raw traces (open them in
// DevTools' Performance panel).
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute',
  'disabled-by-default-v8.cpu_profiler', 'v8', 'blink', 'disabled-by-default-devtools.timeline.frame'];
function analyseTrace(events, labels) {
  const measures = {};
  for (const e of events) {
    const m = /^attnlab-update (\d+)$/.exec(e.name || '');
    if (!m || !/user_timing/.test(e.cat)) continue;
    const w = (measures[m[1]] = measures[m[1]] || { k: Number(m[1]), pid: e.pid, tid: e.tid });
    if (e.ph === 'b') w.start = e.ts; else if (e.ph === 'e') w.end = e.ts;
  }
  const windows = Object.values(measures).filter((w) => w.start != null && w.end != null).sort((a, b) => a.start - b.start);
  if (!windows.length) return null;
  const { pid } = windows[0];
  // The renderer's main thread: the one with the most complete events inside the windows.
  const inAny = (ts) => windows.find((w) => ts >= w.start && ts <= w.end);
  const threads = {};
  for (const e of events) if (e.pid === pid && e.ph === 'X' && inAny(e.ts)) threads[e.tid] = (threads[e.tid] || 0) + 1;
  const tid = Number(Object.entries(threads).sort((a, b) => b[1] - a[1])[0][0]);
  // Self time of every complete event of that thread, per window.
  const xs = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur != null).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  for (const w of windows) { w.self = {}; w.js = {}; w.total = {}; w.ms = (w.end - w.start) / 1000; w.label = labels[w.k] || '?'; }
  const stack = [];
  const close = (upTo) => {
    while (stack.length && stack[stack.length - 1].end <= upTo) {
      const top = stack.pop();
      if (top.w) top.w.self[top.name] = (top.w.self[top.name] || 0) + (top.dur - top.child) / 1000;
    }
  };
  for (const e of xs) {
    close(e.ts);
    const parent = stack[stack.length - 1];
    if (parent) parent.child += Math.min(e.dur, parent.end - e.ts);
    const w = windows.find((x) => e.ts >= x.start && e.ts < x.end) || null;
    stack.push({ name: e.name, end: e.ts + e.dur, dur: e.dur, child: 0, w });
  }
  close(Infinity);
  const fnName = (n) => { const cf = (n && n.callFrame) || {}; return `${cf.functionName || '(anonymous)'} ${(cf.url || '').split('/').slice(-2).join('/')}:${(cf.lineNumber ?? -1) + 1}`; };
  // The CPU profile: nodes and samples arrive in chunks; a sample's time is
  // the profile's start plus the running sum of timeDeltas.
  const nodes = new Map();
  let t = null;
  const samples = [];
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && e.args?.data?.startTime != null && e.tid === tid) t = e.args.data.startTime;
    if (e.name !== 'ProfileChunk' || e.tid !== tid && e.id == null) continue;
    const d = e.args?.data;
    if (!d) continue;
    for (const n of d.cpuProfile?.nodes || []) nodes.set(n.id, n);
    const ids = d.cpuProfile?.samples || [];
    const deltas = d.timeDeltas || [];
    for (let i = 0; i < ids.length; i++) { t = (t || 0) + (deltas[i] || 0); samples.push([t, ids[i]]); }
  }
  samples.sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < samples.length - 1; i++) {
    const [ts, id] = samples[i];
    const w = inAny(ts);
    if (!w) continue;
    const dt = Math.min(samples[i + 1][0] - ts, 2000) / 1000;
    const n = nodes.get(id);
    w.js[fnName(n)] = (w.js[fnName(n)] || 0) + dt;
    // Inclusive: every function on the sample's stack, once.
    const onStack = new Set();
    for (let x = n; x; x = nodes.get(x.parent)) onStack.add(fnName(x));
    for (const f of onStack) w.total[f] = (w.total[f] || 0) + dt;
  }
  return windows;
}
function printBreakdown(title, windows) {
  const sum = (key) => {
    const out = {};
    for (const w of windows) for (const [k, v] of Object.entries(w[key])) out[k] = (out[k] || 0) + v;
    return Object.entries(out).map(([k, v]) => [k, v / windows.length]).sort((a, b) => b[1] - a[1]);
  };
  const mean = windows.reduce((a, w) => a + w.ms, 0) / windows.length;
  console.log(`  ${title}: ${windows.length} updates, mean ${ms(mean)}`);
  console.log(`    trace events, self time per update: ${sum('self').slice(0, 10).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
  console.log('    JavaScript, self time per update (CPU samples):');
  for (const [k, v] of sum('js').slice(0, 14)) console.log(`      ${v.toFixed(2).padStart(6)} ms  ${k}`);
  console.log('    the page\'s functions, inclusive time per update (CPU samples):');
  for (const [k, v] of sum('total').filter(([k]) => /(app|attnlab)\.js:|lessons\//.test(k)).slice(0, Number(arg('trace-top', 16)))) console.log(`      ${v.toFixed(2).padStart(6)} ms  ${k}`);
}
if (ONLY.has('trace')) {
  const n = Number(arg('trace-updates', 100));
  const dir = arg('trace-dir', null);
  if (dir) fs.mkdirSync(dir, { recursive: true });
  for (const id of LESSONS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(fileUrl('index.html', `lesson=${id}`));
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
    await page.waitForTimeout(300);
    const only = arg('trace-controls', null);
    const run = (k) => page.evaluate(`(${measure})(${k}, ${JSON.stringify(only)})`);
    await run(10);  // warm-up
    await page.evaluate(() => { window.__updates = []; performance.clearMeasures(); });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    const times = await run(n);
    const buf = await browser.stopTracing();
    const labels = await page.evaluate(() => window.__updates);
    await page.close();
    if (dir) fs.writeFileSync(path.join(dir, `${id}.json`), buf);
    const parsed = JSON.parse(buf.toString('utf8'));
    const windows = analyseTrace(parsed.traceEvents || parsed, labels);
    console.log(`\ntrace of ${id}: median ${ms(median(times))}, p95 ${ms(pct(times, 0.95))} (traced: slower than untraced)`);
    if (!windows) { console.log('  no update measures in the trace'); continue; }
    printBreakdown('all', windows);
    const slow = [...windows].sort((a, b) => b.ms - a.ms).slice(0, Math.max(1, Math.ceil(windows.length / 10)));
    printBreakdown('slowest tenth', slow);
    console.log(`    slowest: ${slow.slice(0, 6).map((w) => `${ms(w.ms)} ${w.label}`).join(' | ')}`);
    // Per control: a slow control is slow every time; one slow update alone is noise (GC, the machine).
    const by = {};
    for (const w of windows) (by[w.label] = by[w.label] || []).push(w.ms);
    console.log('    per control (updates, median, max):');
    for (const [label, xs] of Object.entries(by).sort((a, b) => median(b[1]) - median(a[1])).slice(0, 8))
      console.log(`      ${String(xs.length).padStart(3)} ${ms(median(xs)).padStart(9)} ${ms(Math.max(...xs)).padStart(9)}  ${label}`);
  }
}

const rows = [];
for (const id of ONLY.has('updates') ? LESSONS : []) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(fileUrl('index.html', `lesson=${id}`));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.waitForTimeout(300);
  await page.evaluate(measure, 10);  // warm-up
  const times = await page.evaluate(measure, 200);
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.__long = []; });  // only the sweep below counts
  await page.evaluate(sweepExtremes);
  await page.waitForTimeout(1500);  // let sliced work (complexity timings) run
  const longest = await page.evaluate(() => Math.max(0, ...window.__long));
  rows.push([id, times.length, median(times), pct(times, 0.95), longest]);
  await page.close();
}
// The complexity lesson's live timing (Start): its fitted slopes and the
// longest task while it measures.
let complexity = null;
if (ONLY.has('complexity') && LESSONS.includes('complexity')) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.__long = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(fileUrl('index.html', 'lesson=complexity'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.__long = []; });
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Start measuring' }).click();
  await page.waitForFunction(() => /^Done:/.test(document.querySelector('.cx-status')?.textContent || ''), null, { timeout: 300000 });
  complexity = {
    status: await page.locator('.cx-status').textContent(),
    longest: await page.evaluate(() => Math.max(0, ...window.__long)),
    seconds: (Date.now() - t0) / 1000,
  };
  await page.close();
}
// A lesson that trains live, opened with every animation frame callback
// timed (with the style + layout it causes) and long tasks recorded, its
// training panel in view; the timings start empty when this returns.
async function openTimed(query, panel) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(() => {
    window.__long = [];
    window.__frames = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask', buffered: true });
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (f) => raf((ts) => {
      const t0 = performance.now();
      f(ts);
      void document.body.offsetHeight;
      window.__frames.push(performance.now() - t0);
    });
  });
  await page.goto(fileUrl('index.html', query));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.locator(panel).scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.__long = []; window.__frames = []; });
  return page;
}

// The training lesson trained live while play runs 300 updates.
let training = null;
if (ONLY.has('training') && LESSONS.includes('training')) {
  const page = await openTimed('lesson=training&steps=300&at=0', '[data-name="train"]');
  const t0 = Date.now();
  await page.locator('[data-act="play"]').click();
  await page.waitForFunction(() => document.querySelector('[data-name="status"]')?.dataset.step === '300', null, { timeout: 120000 });
  const seconds = (Date.now() - t0) / 1000;
  const frames = await page.evaluate(() => window.__frames);
  const trained = await page.evaluate(() => document.querySelector('[data-name="status"]').dataset.trained);
  training = { seconds, frames, trained, longest: await page.evaluate(() => Math.max(0, ...window.__long)) };
  await page.close();
}
// The circuits lesson trained live: Play from the start until layer 2's
// best prefix-match score passes 0.4 (the induction head formed).
let circuits = null;
if (ONLY.has('circuits') && LESSONS.includes('circuits')) {
  const page = await openTimed('lesson=circuits', '[data-ex="train"]');
  const t0 = Date.now();
  await page.locator('[data-act="play"]').click();
  await page.waitForFunction(() => Number(document.querySelector('.ci-status')?.dataset.induction) > 0.4, null, { timeout: 300000, polling: 100 });
  const seconds = (Date.now() - t0) / 1000;
  const s = await page.evaluate(() => ({ ...document.querySelector('.ci-status').dataset }));
  circuits = { seconds, step: s.step, frames: await page.evaluate(() => window.__frames) };
  await page.close();
}
await browser.close();
await server.close();

if (rows.length) {
  console.log(`\nupdate latency at default sizes (handler + layout; 200 updates), longest task incl. inputs swept to their extremes`);
  console.log(`${'lesson'.padEnd(13)}${'updates'.padStart(8)}${'median'.padStart(11)}${'p95'.padStart(11)}${'longest task'.padStart(15)}`);
}
for (const [id, n, med, p95, longest] of rows)
  console.log(`${id.padEnd(13)}${String(n).padStart(8)}${ms(med).padStart(11)}${ms(p95).padStart(11)}${(longest ? ms(longest) : 'none >50 ms').padStart(15)}`);
if (complexity)
  console.log(`\ncomplexity lesson, Start measuring: ${complexity.status} (${complexity.seconds.toFixed(1)} s); `
    + `longest task while measuring ${complexity.longest ? ms(complexity.longest) : 'none >50 ms'}`);
if (circuits)
  console.log(`\ncircuits lesson, Play from the start until layer 2's prefix-match passes 0.4: ${circuits.seconds.toFixed(1)} s (checkpoint ${circuits.step}); `
    + `each frame's work median ${ms(median(circuits.frames))}, p95 ${ms(pct(circuits.frames, 0.95))}, max ${ms(Math.max(...circuits.frames))} over ${circuits.frames.length} frames`);
if (training)
  console.log(`\ntraining lesson, play from the initial weights to 300 updates (trained live: ${training.trained}): `
    + `${(300 / training.seconds).toFixed(1)} updates/s; each frame's work median ${ms(median(training.frames))}, p95 ${ms(pct(training.frames, 0.95))}, `
    + `max ${ms(Math.max(...training.frames))} over ${training.frames.length} frames; longest task ${training.longest ? ms(training.longest) : 'none >50 ms'}`);
