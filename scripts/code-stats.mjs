// The web code's shape, as issue 29 counts it: the longest functions (all
// of web/, and the lessons' own), hand-written update() functions, slider
// bounds typed outside params.js, files that ask for animation frames, and
// the e2e layer's wait helpers. Usage: node scripts/code-stats.mjs [--top N]
// (acorn from Debian's node-acorn, which emscripten needs anyway).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const acorn = require('/usr/share/nodejs/acorn');
const walk = require('/usr/share/nodejs/acorn-walk');
const ti = process.argv.indexOf('--top');
const TOP = ti > 0 ? Number(process.argv[ti + 1]) : 5;

const files = (dir) => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
const web = files(path.join(root, 'web')).filter((f) => !f.includes(`${path.sep}lib${path.sep}`));
const rel = (f) => path.relative(root, f);

const fns = [];
for (const f of web) {
  const ast = acorn.parse(fs.readFileSync(f, 'utf8'), { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  walk.full(ast, (n) => { if (/Function/.test(n.type)) fns.push({ lines: n.loc.end.line - n.loc.start.line + 1, at: `${rel(f)}:${n.loc.start.line}` }); });
}
fns.sort((a, b) => b.lines - a.lines);
const show = (list) => list.slice(0, TOP).map((x) => `  ${String(x.lines).padStart(4)}  ${x.at}`).join('\n');
const grepFiles = (list, re) => list.filter((f) => re.test(fs.readFileSync(f, 'utf8'))).map(rel);
const grepLines = (list, re) => list.flatMap((f) => fs.readFileSync(f, 'utf8').split('\n').map((l, i) => (re.test(l) ? `${rel(f)}:${i + 1}` : null)).filter(Boolean));
const lessons = web.filter((f) => rel(f).startsWith('web/lessons/'));
const e2e = fs.readFileSync(path.join(root, 'tests/e2e/helpers.mjs'), 'utf8');

console.log(`longest functions in web/ (web/lib aside):\n${show(fns)}`);
console.log(`longest functions in web/lessons/:\n${show(fns.filter((x) => x.at.startsWith('web/lessons/')))}`);
console.log(`update() functions (function update / const update = / update() {): ${grepLines(web, /function update\b|const update = |^\s*update\(\) \{/).join(', ') || 'none'}`);
console.log(`slider({...}) calls in lessons with bounds typed in: ${grepLines(lessons, /\bslider\(\{[^}]*\bmin: *-?\d/).join(', ') || 'none'}`);
console.log(`files calling requestAnimationFrame: ${grepFiles(web, /requestAnimationFrame\(/).join(', ')}`);
console.log(`e2e wait helpers (exported async functions of tests/e2e/helpers.mjs that wait for the page): ${[...e2e.matchAll(/export async function (\w*(?:settled|Settled|wait|Wait)\w*)/g)].map((m) => m[1]).join(', ')}`);
