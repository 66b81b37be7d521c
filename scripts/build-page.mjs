// Builds the page into dist/: lessons/<id>.js (each lesson's code, with
// the plots and D3 parts it uses), lessons/<id>.<lang>.js (its strings in
// one language), lessons/exercise-titles.<lang>.js (the course map's review list), i18n/<lang>.js (the shell's strings in one language),
// lessons/model-<lang>.js (the attention lesson's real models),
// app.js (the shell and the modules it shares), the HTML
// shells, style.css, the math font's css, lessons.json and
// attnlab-embed.js.
import fs from 'node:fs';
import path from 'node:path';
import { bundle, courseBundle, dist, lessonBundle, lessonStrings, lessonsJson, MODEL_LANGS, modelScript, pageModules, r, shellModules, shellStrings, stylesheet } from './build-common.mjs';
import { mathCss, MATH_FONT_FILE } from './math-css.mjs';

const lessonsData = await lessonsJson();

// 1. Classic scripts per lesson (dist/lessons/<id>.js and <id>.<lang>.js),
// loaded when the lesson is opened; then the page's shell (app.js: the
// shell and what it shares), which exposes the modules of its own that the
// lessons import.
const shell = await shellModules();
const shared = new Set();
// Each file replaced whole (a page loading meanwhile never sees a missing
// or half-written one); files of lessons no longer in the registry removed.
fs.mkdirSync(path.join(dist, 'lessons'), { recursive: true });
const lessonFiles = new Set();
const writeLessonFile = (name, text) => {
  const out = path.join(dist, 'lessons', name);
  fs.writeFileSync(`${out}.tmp`, text);
  fs.renameSync(`${out}.tmp`, out);
  lessonFiles.add(name);
};
for (const l of lessonsData.lessons) {
  writeLessonFile(`${l.id}.js`, await lessonBundle(l.id, shared, shell));
  for (const [lang, text] of Object.entries(await lessonStrings(l.id))) writeLessonFile(`${l.id}.${lang}.js`, text);
}
// The glossary page and the instructor kit: loaded only where they are shown.
for (const name of ['glossary', 'teacher', 'map']) writeLessonFile(`${name}.js`, await courseBundle(name, shared, shell));
// Every exercise's title in one language, {lesson: {exercise: title}}, for
// the course map's review list (web/course/review.js), loaded only when it
// lists something: the catalogue has no titles, and a lesson's strings
// script is far more than its titles. A title's {placeholders} (its numbers
// at one seed) become "…": the review opens the exercise with new numbers.
for (const lang of ['en', 'zh-Hans']) {
  const titles = Object.fromEntries(lessonsData.lessons.map((l) => [l.id, Object.fromEntries(l.exercises.map((e) => [e.id, e.title[lang].replace(/\{\w+\}/g, '…')]))]));
  writeLessonFile(`exercise-titles.${lang}.js`, `window.__attnlab.defineData(${JSON.stringify(`exercise-titles.${lang}`)},${JSON.stringify(titles)});\n`);
}
// The attention lesson's real models, loaded only when that part is opened (build-common.mjs modelScript).
for (const lang of MODEL_LANGS) writeLessonFile(`model-${lang}.js`, modelScript(lang));  // build-common.mjs LESSON_DATA
for (const f of fs.readdirSync(path.join(dist, 'lessons'))) if (!lessonFiles.has(f)) fs.rmSync(path.join(dist, 'lessons', f));
// The shell's strings, one classic script per language (dist/i18n/<lang>.js).
fs.mkdirSync(path.join(dist, 'i18n'), { recursive: true });
for (const [lang, text] of Object.entries(shellStrings())) {
  const out = path.join(dist, 'i18n', `${lang}.js`);
  fs.writeFileSync(`${out}.tmp`, text);
  fs.renameSync(`${out}.tmp`, out);
}

// 2. The page.
fs.writeFileSync(path.join(dist, 'app.js'), await bundle('web/shell/main.js', undefined, [pageModules({ shared, lessons: lessonsData.lessons })]));
fs.copyFileSync(r('web/index.html'), path.join(dist, 'index.html'));
fs.writeFileSync(path.join(dist, 'style.css'), await stylesheet());
// The glossary page's and the instructor kit's styles, linked by those pages only.
fs.copyFileSync(r('web/course/pages.css'), path.join(dist, 'course.css'));
// The course map's and a lesson's end block's styles: dist/map.css, linked with dist/lessons/map.js.
fs.copyFileSync(r('web/course/map.css'), path.join(dist, 'map.css'));
// embed.html is index.html in embed mode (one shell to keep in step: same CSP, same scripts).
const index = fs.readFileSync(r('web/index.html'), 'utf8');
const embed = index
  .replace('<title>Attention Lab</title>', '<title>Attention Lab (embedded lesson)</title>')
  .replace('<body data-mode="full">', '<body data-mode="embed" class="embed">');
if (embed === index || !embed.includes('data-mode="embed"')) throw new Error('build-page: web/index.html changed: cannot derive embed.html');
fs.writeFileSync(path.join(dist, 'embed.html'), embed);
// The host-side helper for course pages (<attn-lesson>, iframe resizer):
// copied with package.json's version (one version for the library, this
// script and lessons.json), and its declarations (the package's
// attention-lab/embed entry).
const version = JSON.parse(fs.readFileSync(r('package.json'), 'utf8')).version;
const embedJs = fs.readFileSync(r('web/embed/attnlab-embed.js'), 'utf8');
if (!/var VERSION = '[^']*';/.test(embedJs)) throw new Error("build-page: web/embed/attnlab-embed.js has no var VERSION = '...';");
fs.writeFileSync(path.join(dist, 'attnlab-embed.js'), embedJs.replace(/var VERSION = '[^']*';/, `var VERSION = '${version}';`));
fs.copyFileSync(r('web/embed/attnlab-embed.d.ts'), path.join(dist, 'attnlab-embed.d.ts'));

// 3. The math font's stylesheets, the font as a file and inlined (see math-css.mjs);
// the font is the subset of web/math-font/ (scripts/math-font.mjs).
fs.rmSync(path.join(dist, 'katex'), { recursive: true, force: true });
fs.mkdirSync(path.join(dist, 'math'), { recursive: true });
fs.writeFileSync(path.join(dist, 'math/math.css'), mathCss({ inline: false }));
fs.writeFileSync(path.join(dist, 'math/math-inline.css'), mathCss({ inline: true }));
fs.copyFileSync(MATH_FONT_FILE, path.join(dist, 'math/latinmodern-math.woff2'));
fs.copyFileSync(r('web/math-font/GUST-FONT-LICENSE.txt'), path.join(dist, 'math/GUST-FONT-LICENSE.txt'));

// 4. Machine-readable lesson list (ids, titles, URL parameters).
fs.writeFileSync(path.join(dist, 'lessons.json'), JSON.stringify({ version, ...lessonsData }, null, 2) + '\n');

console.log('built the page:', fs.readdirSync(dist).join(', '));
