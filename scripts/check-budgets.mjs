// Size budgets for dist/ (run after the build; part of npm test).
// Prints the raw and gzip size of every file in dist/ and, per budget, the
// size against two numbers:
//   target  the performance issue's budget (attnlab.js 100 KB gzip, first
//           load 600 KB gzip): reported (README, Sizes);
//   guard   the check FAILS above it: the target itself.
// First load = index.html, app.js, attnlab.js, style.css,
// katex/katex.min.css (its fonts are inlined).
// KB = 1000 bytes. Usage: node scripts/check-budgets.mjs [--dist DIR]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argi = process.argv.indexOf('--dist');
const dist = argi > 0 ? path.resolve(process.argv[argi + 1]) : path.join(root, 'dist');

export const BUDGETS = {
  lib: { files: ['attnlab.js'], target: 100 * 1000, limit: 100 * 1000 },
  firstLoad: {
    files: ['index.html', 'app.js', 'attnlab.js', 'style.css', 'katex/katex.min.css'],
    target: 600 * 1000,
    limit: 600 * 1000,
  },
};

function walk(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...walk(path.join(dir, e.name), r));
    else if (e.isFile()) out.push(r);
  }
  return out;
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

if (!fs.existsSync(dist)) {
  console.error(`check-budgets: ${dist} does not exist: build first (npm run build)`);
  process.exit(1);
}

const sizes = new Map();
for (const f of walk(dist)) {
  const buf = fs.readFileSync(path.join(dist, f));
  sizes.set(f, { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length });
}

const width = Math.max(4, ...[...sizes.keys()].map((f) => f.length));
console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
let totalRaw = 0, totalGz = 0;
for (const [f, s] of sizes) {
  console.log(`${f.padEnd(width)}  ${kb(s.raw).padStart(10)}  ${kb(s.gzip).padStart(10)}`);
  totalRaw += s.raw;
  totalGz += s.gzip;
}
console.log(`${'total'.padEnd(width)}  ${kb(totalRaw).padStart(10)}  ${kb(totalGz).padStart(10)}`);
console.log('');

function matching(pattern) {
  if (!pattern.includes('*')) return sizes.has(pattern) ? [pattern] : [];
  const re = new RegExp('^' + pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*') + '$');
  return [...sizes.keys()].filter((f) => re.test(f));
}

let failed = false;
for (const [name, { files, limit, target }] of Object.entries(BUDGETS)) {
  let sum = 0;
  const missing = [];
  for (const pattern of files) {
    const found = matching(pattern);
    if (found.length === 0) missing.push(pattern);
    for (const f of found) sum += sizes.get(f).gzip;
  }
  const over = sum > limit;
  const status = missing.length ? 'MISSING' : over ? 'OVER' : 'ok';
  const vsTarget = sum > target ? `above the target ${kb(target)}` : `within the target ${kb(target)}`;
  console.log(`budget ${name.padEnd(10)} ${kb(sum).padStart(10)} gzip, guard ${kb(limit)}: ${status}; ${vsTarget}` +
    (missing.length ? `  (not in dist/: ${missing.join(', ')})` : ''));
  if (missing.length || over) failed = true;
}
if (failed) {
  console.error('check-budgets: FAILED');
  process.exit(1);
}
console.log('check-budgets: all budgets met');
