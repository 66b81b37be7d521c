// Byte budgets (part of npm test): what a page really transfers, gzip-
// compressed, measured by loading it in headless Chromium and summing every
// file it requested (not a list of files that might be needed):
//   embed     embed.html?lesson=<id> of every lesson over http (fonts as
//             files, fetched only when used);
//   sandboxed the same inside <iframe sandbox> (fonts inlined: a frame
//             with an opaque origin cannot fetch them);
//   index    index.html until the learner opens another lesson;
//   lib      dist/attnlab.js alone;
//   model    the attention lesson's embed (http) with its real model loaded
//            (the "A real model" part opened: dist/lessons/model-<lang>.js).
// A budget's guard fails the check; its target (the performance issue's) is
// reported beside it. KB = 1000 bytes. Also prints every file's raw and gzip
// size. Usage: node scripts/check-budgets.mjs [--dist DIR] [--quick] [--files]
// (--quick: file sizes only, no browser; --files: each page's files).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argi = process.argv.indexOf('--dist');
const dist = argi > 0 ? path.resolve(process.argv[argi + 1]) : path.join(root, 'dist');
const quick = process.argv.includes('--quick');

// Guards: the performance issue's targets where they are met (the first
// page is held to an embed's budget), else today's size with a little room;
// targets: the performance issue's.
export const BUDGETS = {
  // attnlab.js: 123.3 KB measured with the transformer (transformerForward, transformerLoss,
  // trainTransformer, headScores, about 13 KB gzip of wasm; the rest 110.2 KB). Paid rather than loaded apart:
  // a second module would carry its own runtime and libc for one lesson, and every lesson's embed stays
  // within 262 KB (largest measured about 254 KB). CMakeLists.txt builds the non-kernel sources at -Os.
  // With tiled attention (onlineSoftmax, tiledAttention, tiledAttentionBackward; the tiled kernel at -O3,
  // the rest at -Os; attentionCost's reads, writes and pass): 129.9 KB, about 6.6 KB of it theirs.
  // With roundToFormat, formatInfo, softmaxInFormat and linearAttention (their sources at -Os): 132.4 KB.
  // Every lesson pays for them (one module), which takes the largest embed (graphs, zh-Hans) to 268.4 KB:
  // the guards are today's sizes with a little room, the targets stay the performance issue's 130 and 262
  // KB until the lessons that need the newer functions load them as a module of their own.
  // The course layer (issue 34) adds to every page the catalogue's course data (minutes, prerequisites,
  // references and both languages' objectives, 4.2 KB, 3.4 KB of it the objectives), the lesson's intro
  // block, references and glossary links (code, strings and styles, about 2.5 KB): the largest embed
  // (graphs, zh-Hans) measured 275.1 KB; the glossary page and the instructor kit load apart
  // (dist/lessons/glossary.js, teacher.js, course.css). The guards leave room for the course map's part.
  // The objectives then left the catalogue for each lesson's strings script (its own, in its language:
  // scripts/course-strings.mjs): app.js 40.8 -> 37.8 KB, the largest embed (graphs, zh-Hans) 277.4 -> 274.5 KB
  // over http, 277.5 -> 274.6 KB sandboxed (with the catalogue's step counts); guards: that + 2 KB, rounded up.
  lib: { target: 130 * 1000, limit: 133 * 1000 },
  embed: { target: 262 * 1000, limit: 277 * 1000 },
  sandboxed: { target: 262 * 1000, limit: 277 * 1000 },
  index: { target: 350 * 1000, limit: 262 * 1000 },      // held to an embed's budget
  // The attention lesson with its real model opened: at most 350 KB. Measured: English 302.9 KB,
  // Chinese 334.0 KB (its model is narrower, d = 48, for this: V = 501 makes embed and unembed most of it).
  model: { target: 350 * 1000, limit: 350 * 1000 },
};

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
if (!fs.existsSync(dist)) {
  console.error(`check-budgets: ${dist} does not exist: build first (npm run build)`);
  process.exit(1);
}

const gz = new Map();
const gzipOf = (rel) => {
  if (!gz.has(rel)) {
    const buf = fs.readFileSync(path.join(dist, rel));
    gz.set(rel, { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length });
  }
  return gz.get(rel);
};

// Every file of dist/ but the archives (printed by size, as they are shipped).
function walk(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) { if (r !== 'scorm' && r !== 'cmi5') out.push(...walk(path.join(dir, e.name), r)); } else if (e.isFile()) out.push(r);
  }
  return out;
}
const files = walk(dist);
const width = Math.max(...files.map((f) => f.length));
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
for (const f of files) { const s = gzipOf(f); console.log(`${f.padEnd(width)}  ${kb(s.raw).padStart(10)}  ${kb(s.gzip).padStart(10)}`); }
console.log('');

let failed = false;
function report(name, label, bytes) {
  const { limit, target } = BUDGETS[name];
  const over = bytes > limit;
  if (over) failed = true;
  console.log(`budget ${name.padEnd(6)} ${label.padEnd(34)} ${kb(bytes).padStart(9)} gzip, guard ${kb(limit)}: ${over ? 'OVER' : 'ok'}; ${bytes > target ? 'above' : 'within'} the target ${kb(target)}`);
}
report('lib', 'attnlab.js', gzipOf('attnlab.js').gzip);

if (!quick) {
  const { chromium } = await import('playwright-core');
  const { LAUNCH_OPTIONS } = await import('../tests/e2e/helpers.mjs');
  const lessons = JSON.parse(fs.readFileSync(path.join(dist, 'lessons.json'), 'utf8')).lessons.map((l) => l.id);
  // dist/ over http, and a host page on the same server that frames a lesson sandboxed.
  const server = http.createServer((req, res) => {
    const u = decodeURIComponent(req.url.split('?')[0]);
    if (u === '/__host.html') {
      const src = new URL(req.url, 'http://x').searchParams.get('src');
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end(`<!doctype html><title>host</title><iframe sandbox="allow-scripts" src="${src.replace(/"/g, '')}"></iframe>`);
    }
    const file = path.join(dist, path.normalize(u).replace(/^(\.\.[/\\])+/, ''));
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404); return res.end(); }
      const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.woff2': 'font/woff2' }[path.extname(file)] || 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type });
      res.end(data);
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  // Loads url, waits until the lesson is interactive, returns the dist/ files requested.
  async function requested(url, frameReady = false, then = null) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const seen = new Set();
    context.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === origin && u.pathname !== '/__host.html') seen.add(decodeURIComponent(u.pathname.slice(1)));
    });
    await page.goto(url);
    const target = frameReady ? page.frameLocator('iframe') : page;
    await target.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
    await page.waitForTimeout(300);  // fonts requested by the first formulas
    if (then) await then(page);
    await context.close();
    return [...seen].filter((f) => fs.existsSync(path.join(dist, f)));
  }
  const sum = (list) => list.reduce((s, f) => s + gzipOf(f).gzip, 0);
  let worst = { http: 0, sandbox: 0 };
  // --files: what each page loaded, gzip KB per file (the fonts by face).
  const listFiles = process.argv.includes('--files');
  const show = (list) => { if (listFiles) console.log(`       ${list.sort().map((f) => `${f} ${(gzipOf(f).gzip / 1000).toFixed(1)}`).join(', ')}`); };
  // Every lesson in both languages: each page loads its lesson's strings in its own language only.
  for (const id of lessons) {
    for (const lang of ['en', 'zh-Hans']) {
      const q = `lesson=${id}&lang=${lang}`;
      const directFiles = await requested(`${origin}/embed.html?${q}`);
      const framedFiles = await requested(`${origin}/__host.html?src=${encodeURIComponent(`/embed.html?${q}`)}`, true);
      const direct = sum(directFiles), framed = sum(framedFiles);
      report('embed', `${q} over http`, direct);
      show(directFiles);
      report('sandboxed', `${q} in <iframe sandbox>`, framed);
      show(framedFiles);
      worst = { http: Math.max(worst.http, direct), sandbox: Math.max(worst.sandbox, framed) };
    }
  }
  // The attention lesson with its real model (web/lessons/attention/real-model.js) loaded.
  for (const lang of ['en', 'zh-Hans']) {
    const files = await requested(`${origin}/embed.html?lesson=attention&lang=${lang}`, false, async (page) => {
      await page.locator('.rm-load').click();
      await page.locator('.real-model[data-state="idle"]').waitFor({ timeout: 60000 });
    });
    report('model', `attention, ${lang}, with its model`, sum(files));
    show(files);
  }
  const indexFiles = await requested(`${origin}/index.html`);
  report('index', 'index.html (first lesson)', sum(indexFiles));
  show(indexFiles);
  console.log(`largest embed: ${kb(worst.http)} over http, ${kb(worst.sandbox)} in a sandboxed iframe`);
  await browser.close();
  server.close();
}

if (failed) {
  console.error('check-budgets: FAILED');
  process.exit(1);
}
console.log('check-budgets: all budgets met');
