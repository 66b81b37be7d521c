// Builds the page into dist/: app.js (lessons, plots, KaTeX, D3), the HTML
// shells, style.css, KaTeX's css + woff2 fonts and lessons.json.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { bundle, dist, r } from './build-common.mjs';

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
// catalog-json.mjs imports JSON and ES modules: bundle it for node first.
const cj = await esbuild.build({ entryPoints: [r('web/lessons/catalog-json.mjs')], bundle: true, write: false, format: 'esm', platform: 'node' });
const { buildLessonsJson } = await import(`data:text/javascript;base64,${Buffer.from(cj.outputFiles[0].text).toString('base64')}`);
fs.writeFileSync(path.join(dist, 'lessons.json'), JSON.stringify(buildLessonsJson(), null, 2) + '\n');

console.log('built the page:', fs.readdirSync(dist).join(', '));
