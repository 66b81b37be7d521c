// Builds the page into dist/: app.js (lessons, plots, KaTeX, D3), the HTML
// shells, style.css, KaTeX's css (fonts inlined) and lessons.json.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { bundle, dist, r } from './build-common.mjs';
import { katexCss } from './katex-css.mjs';

// 2. The page.
fs.writeFileSync(path.join(dist, 'app.js'), await bundle('web/main.js'));
for (const f of ['index.html', 'embed.html', 'style.css']) fs.copyFileSync(r('web', f), path.join(dist, f));

// 3. KaTeX: its stylesheet with the fonts we use inlined (see katex-css.mjs).
fs.rmSync(path.join(dist, 'katex'), { recursive: true, force: true });
fs.mkdirSync(path.join(dist, 'katex'), { recursive: true });
fs.writeFileSync(path.join(dist, 'katex/katex.min.css'), katexCss(r('node_modules/katex/dist')));

// 4. Machine-readable lesson list (ids, titles, URL parameters).
// catalog-json.mjs imports JSON and ES modules: bundle it for node first.
const cj = await esbuild.build({ entryPoints: [r('web/lessons/catalog-json.mjs')], bundle: true, write: false, format: 'esm', platform: 'node' });
const { buildLessonsJson } = await import(`data:text/javascript;base64,${Buffer.from(cj.outputFiles[0].text).toString('base64')}`);
fs.writeFileSync(path.join(dist, 'lessons.json'), JSON.stringify(buildLessonsJson(), null, 2) + '\n');

console.log('built the page:', fs.readdirSync(dist).join(', '));
