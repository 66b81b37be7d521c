// SECURITY.md "No eval": the built scripts must not compile code from strings
// (the page's CSP has no 'unsafe-eval'; Emscripten is linked with
// -sDYNAMIC_EXECUTION=0). Fails on `eval(`, `new Function` and `Function(`
// calls in dist/attnlab.js, dist/app.js and dist/attnlab-embed.js; names that
// merely end in "Function(" (callFunction(, createNamedFunction() are calls
// of ordinary functions and do not count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './helpers.mjs';

const PATTERNS = [
  { name: 'eval(', re: /(?<![\w$.])eval\s*\(/g },
  { name: 'new Function', re: /(?<![\w$])new\s+Function\b/g },
  { name: 'Function(', re: /(?<![\w$.])Function\s*\(/g },
];

function findings(source) {
  const out = [];
  for (const { name, re } of PATTERNS) {
    re.lastIndex = 0;
    let m;
    while ((m = re.exec(source)) !== null)
      out.push(`${name} at offset ${m.index}: …${source.slice(Math.max(0, m.index - 60), m.index + 60)}…`);
  }
  return out;
}

test('the patterns catch string compilation and ignore ordinary names', () => {
  for (const bad of ['eval("1")', 'x=eval (s)', 'new Function("return this")', 'new  Function', 'Function("a","b")()', ';Function ("x")'])
    assert.notEqual(findings(bad).length, 0, bad);
  for (const ok of ['r.callFunction(n,[e])', 'createNamedFunction(name,body)', 'x.eval(1)', 'evaluate(x)',
    'parseFunction()', 'embind__requireFunction(sig,f)', 'it evaluates the gradient', 'typeof f==="function"'])
    assert.deepEqual(findings(ok), [], ok);
});

for (const file of ['attnlab.js', 'app.js', 'attnlab-embed.js']) {
  const full = path.join(root, 'dist', file);
  test(`dist/${file} has no eval(, new Function or Function(`, () => {
    assert.ok(fs.existsSync(full), `${full} is missing: run npm run build first`);
    assert.deepEqual(findings(fs.readFileSync(full, 'utf8')), []);
  });
}

// The other static promises of SECURITY.md, checked on the page's own
// sources (web/, comments stripped; dist/app.js also bundles parts of D3).
function webSources(dir = path.join(root, 'web'), out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) webSources(full, out);
    else if (/\.(m?js)$/.test(e.name))
      out.push([path.relative(root, full), fs.readFileSync(full, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1')]);
  }
  return out;
}

// The exceptions SECURITY.md names, each to one file: the cmi5 launch page
// (cmi5 packages only, outside the lesson's frame) talks to the LMS's record
// store at the address the LMS launches it with; the full page keeps the
// learner's progress in localStorage.
const ALLOWED = { 'web/embed/cmi5/launch.js': /^fetch\s*\($/, 'web/state/stored-progress.js': /^localStorage$/ };

test('web/: no storage, no network API, no HTML sinks', () => {
  const banned = /\b(?:localStorage|sessionStorage|indexedDB|document\.cookie|fetch\s*\(|XMLHttpRequest|WebSocket|EventSource|sendBeacon|innerHTML|outerHTML|insertAdjacentHTML|document\.write)\b/g;
  const hits = [];
  for (const [file, src] of webSources())
    for (const m of src.matchAll(banned)) if (!(ALLOWED[file] && ALLOWED[file].test(m[0]))) hits.push(`${file}: ${m[0]}`);
  assert.deepEqual(hits, []);
});

test('web/math/mathml.js builds formulas with createElementNS only, its size and nesting bounded', () => {
  const src = fs.readFileSync(path.join(root, 'web/math/mathml.js'), 'utf8');
  assert.match(src, /createElementNS\(MATHML_NS, tree\.tag\)/);
  assert.doesNotMatch(src, /createElement\(|setAttributeNS|\.href\b|javascript:/);
  assert.match(src, /const MAX_DEPTH = \d+;/);
  assert.match(src, /const MAX_NODES = \d+;/);
});

test('index.html and embed.html carry the strict CSP of SECURITY.md', () => {
  const policy = fs.readFileSync(path.join(root, 'SECURITY.md'), 'utf8').match(/^\s*(default-src 'self';.*)$/m);
  assert.ok(policy, 'SECURITY.md quotes the policy on its own line');
  // dist/embed.html is derived from web/index.html by scripts/build-page.mjs.
  for (const page of ['web/index.html', 'dist/embed.html'].filter((p) => fs.existsSync(path.join(root, p)))) {
    const html = fs.readFileSync(path.join(root, page), 'utf8');
    const meta = html.match(/http-equiv="Content-Security-Policy" content="([^"]*)"/);
    assert.ok(meta, `${page} has a CSP meta tag`);
    assert.equal(meta[1], policy[1].trim(), page);
    assert.doesNotMatch(meta[1], /'unsafe-eval'|'unsafe-inline'/, page);
  }
});
