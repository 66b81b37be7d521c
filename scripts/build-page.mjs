// Builds the page into dist/: app.js (lessons, plots, KaTeX, D3), the HTML
// shells, style.css, KaTeX's css + woff2 fonts and lessons.json.
import fs from 'node:fs';
import path from 'node:path';
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
const { buildLessonsJson } = await import(r('web/lessons/catalog-json.mjs'));
fs.writeFileSync(path.join(dist, 'lessons.json'), JSON.stringify(buildLessonsJson(), null, 2) + '\n');

console.log('built the page:', fs.readdirSync(dist).join(', '));
