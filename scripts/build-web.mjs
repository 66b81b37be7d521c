// Assembles dist/ from the wasm glue and web/ sources:
//   dist/attnlab.js    UMD: Emscripten glue (wasm inlined) + JS facade
//   dist/app.js        the page (lessons, plots, KaTeX, D3) as one classic script
//   dist/*.html, style.css, katex/ (css + woff2 fonts), attnlab.d.ts
// Classic scripts, not modules: module scripts do not run from file://.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const r = (...p) => path.join(root, ...p);
fs.mkdirSync(dist, { recursive: true });

async function bundle(entry, globalName) {
  const out = await esbuild.build({
    entryPoints: [r(entry)], bundle: true, write: false, format: 'iife', globalName,
    target: 'es2019', minify: true, legalComments: 'none', charset: 'utf8',
  });
  return out.outputFiles[0].text;
}

// 1. The library: the glue is wrapped in a function so that its own
// CommonJS/AMD tail does not export the raw factory.
const glue = fs.readFileSync(r('build/wasm/attnlab_core.js'), 'utf8');
const facade = await bundle('web/lib/index.js', '__attnLabFacade');
const lib = `/* Attention Lab core (C++17/xtensor -> WebAssembly). See README.md. */
(function (root, factory) {
  if (typeof module === 'object' && module.exports) module.exports = factory();
  else root.AttnLab = factory();
})(typeof globalThis !== 'undefined' ? globalThis : this, function () {
var module = undefined, exports = undefined, define = undefined;
${glue}
${facade}
return __attnLabFacade.createLoader(createAttnLabCore);
});
`;
fs.writeFileSync(path.join(dist, 'attnlab.js'), lib);
fs.copyFileSync(r('web/lib/attnlab.d.ts'), path.join(dist, 'attnlab.d.ts'));

// 2. The page.
fs.writeFileSync(path.join(dist, 'app.js'), await bundle('web/main.js'));
for (const f of ['index.html', 'embed.html', 'style.css']) fs.copyFileSync(r('web', f), path.join(dist, f));

// 3. KaTeX: its stylesheet and only the woff2 fonts (every browser we target takes woff2).
const katexSrc = r('node_modules/katex/dist');
fs.mkdirSync(path.join(dist, 'katex/fonts'), { recursive: true });
fs.copyFileSync(path.join(katexSrc, 'katex.min.css'), path.join(dist, 'katex/katex.min.css'));
for (const f of fs.readdirSync(path.join(katexSrc, 'fonts')))
  if (f.endsWith('.woff2')) fs.copyFileSync(path.join(katexSrc, 'fonts', f), path.join(dist, 'katex/fonts', f));

// 4. Machine-readable lesson list (ids, titles, URL parameters).
const { buildLessonsJson } = await import(r('web/lessons/catalog-json.mjs'));
fs.writeFileSync(path.join(dist, 'lessons.json'), JSON.stringify(buildLessonsJson(), null, 2) + '\n');

console.log('dist/ built:', fs.readdirSync(dist).join(', '));
