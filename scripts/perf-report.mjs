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
//   5. the training lesson training live (play from the initial weights,
//      one core call per frame): each frame's work (the animation frame
//      callback + style/layout), updates per second, the longest task.
// Usage: node scripts/perf-report.mjs [--runs 3] [--lessons softmax,attention]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, startDistServer, lessonIds, fileUrl, DIST } from '../tests/e2e/helpers.mjs';

const arg = (name, dflt) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const RUNS = Number(arg('runs', 3));
const LESSONS = arg('lessons', lessonIds().join(',')).split(',');
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] : NaN; };
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '-');

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

// 2 and 3: Chromium.
const browser = await launch();
// The library alone in a blank page: its script run (parse + decoder
// compile) and AttnLab.load() resolving (payload decode + core compile).
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
const server = await startDistServer();
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

// In the page: times n updates (range inputs at random positions, step
// buttons), each measured around a synchronous dispatch + a forced layout.
// As a learner's: the control is scrolled into view first, and each update
// is a task of its own (formulas out of view wait for input to pause,
// web/core/tex.js; the frame after the scroll reports what is in view).
async function measure(n) {
  let s = 12345;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  // The frame after the scroll is drawn and rastered before the update: raster
  // work still running would compete for the CPU with the timed update.
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
  const times = [];
  for (let k = 0; k < n; k++) {
    const ranges = [...document.querySelectorAll('.lesson input[type=range]:not(:disabled)')];
    const buttons = [...document.querySelectorAll('.step-controls button:not(:disabled)')].filter((b) => !/play|播放|pause|暂停/i.test(b.textContent));
    let act;
    if (ranges.length && (k % 2 === 0 || !buttons.length)) {
      const r = ranges[Math.floor(rand() * ranges.length)];
      const min = Number(r.min || 0), max = Number(r.max || 100), step = Number(r.step) || 1;
      const value = String(min + Math.round((rand() * (max - min)) / step) * step);
      act = [r, () => { r.value = value; r.dispatchEvent(new Event('input', { bubbles: true })); }];
    } else if (buttons.length) {
      const b = buttons[Math.floor(rand() * buttons.length)];
      act = [b, () => b.click()];
    } else break;
    act[0].scrollIntoView({ block: 'center' });
    await frame();
    const t0 = performance.now();
    act[1]();
    void document.body.offsetHeight;  // style + layout of the update
    times.push(performance.now() - t0);
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

const rows = [];
for (const id of LESSONS) {
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
if (LESSONS.includes('complexity')) {
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
// The training lesson trained live: every animation frame callback timed
// (with the style + layout it causes) while play runs 300 updates.
let training = null;
if (LESSONS.includes('training')) {
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
  await page.goto(fileUrl('index.html', 'lesson=training&steps=300&at=0'));
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  await page.locator('[data-name="train"]').scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.evaluate(() => { window.__long = []; window.__frames = []; });
  const t0 = Date.now();
  await page.locator('[data-act="play"]').click();
  await page.waitForFunction(() => document.querySelector('[data-name="status"]')?.dataset.step === '300', null, { timeout: 120000 });
  const seconds = (Date.now() - t0) / 1000;
  const frames = await page.evaluate(() => window.__frames);
  const trained = await page.evaluate(() => document.querySelector('[data-name="status"]').dataset.trained);
  training = { seconds, frames, trained, longest: await page.evaluate(() => Math.max(0, ...window.__long)) };
  await page.close();
}
await browser.close();
await server.close();

console.log(`\nupdate latency at default sizes (handler + layout; 200 updates), longest task incl. inputs swept to their extremes`);
console.log(`${'lesson'.padEnd(13)}${'updates'.padStart(8)}${'median'.padStart(11)}${'p95'.padStart(11)}${'longest task'.padStart(15)}`);
for (const [id, n, med, p95, longest] of rows)
  console.log(`${id.padEnd(13)}${String(n).padStart(8)}${ms(med).padStart(11)}${ms(p95).padStart(11)}${(longest ? ms(longest) : 'none >50 ms').padStart(15)}`);
if (complexity)
  console.log(`\ncomplexity lesson, Start measuring: ${complexity.status} (${complexity.seconds.toFixed(1)} s); `
    + `longest task while measuring ${complexity.longest ? ms(complexity.longest) : 'none >50 ms'}`);
if (training)
  console.log(`\ntraining lesson, play from the initial weights to 300 updates (trained live: ${training.trained}): `
    + `${(300 / training.seconds).toFixed(1)} updates/s; each frame's work median ${ms(median(training.frames))}, p95 ${ms(pct(training.frames, 0.95))}, `
    + `max ${ms(Math.max(...training.frames))} over ${training.frames.length} frames; longest task ${training.longest ? ms(training.longest) : 'none >50 ms'}`);
