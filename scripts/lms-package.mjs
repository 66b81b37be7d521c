// What the LMS packages share (scripts/build-scorm.mjs, dist/scorm/, and
// scripts/build-cmi5.mjs, dist/cmi5/): the lessons, the static files a
// lesson's frame needs, the launch page around the launcher script, the
// package names and the loop that writes every package of a folder.
// Run after build-lib.mjs and build-page.mjs (scripts/build.sh does).
import fs from 'node:fs';
import path from 'node:path';
import { dist, LESSON_DATA, r } from './build-common.mjs';

const lessonsJson = JSON.parse(fs.readFileSync(path.join(dist, 'lessons.json'), 'utf8'));
export const { version } = JSON.parse(fs.readFileSync(r('package.json'), 'utf8'));
export const LESSONS = lessonsJson.lessons;
export const LANGS = ['en', 'zh-Hans'];
export const SITE = { en: 'Attention Lab', 'zh-Hans': '注意力实验室' };
// The static files every lesson's frame loads (embed.html's scripts and styles).
const COMMON = ['embed.html', 'app.js', 'attnlab.js', 'style.css', 'math/math.css', 'math/math-inline.css', 'math/latinmodern-math.woff2', 'math/GUST-FONT-LICENSE.txt',
  ...fs.readdirSync(path.join(dist, 'i18n')).sort().map((f) => `i18n/${f}`)];
// A package's static files: the common ones and its lessons' scripts
// (lessons/<id>.js, its code, lessons/<id>.<lang>.js, its strings, and the
// data it loads when asked: LESSON_DATA, the real text models of the attention and circuits lessons).
const LESSON_FILES = fs.readdirSync(path.join(dist, 'lessons')).sort();
export const assetsOf = (lessons) => [...new Set([...COMMON, ...lessons.flatMap((l) => [...LESSON_FILES.filter((f) => f.startsWith(`${l.id}.`)), ...(LESSON_DATA[l.id] || [])]
  .map((f) => `lessons/${f}`))])];
// [{name, data}] of those files, read from dist/. A package has no course
// page (index.html, the glossary page, other lessons' scripts): its
// embed.html says so (data-package="lms"), and the lesson then makes no
// links to them (web/shell/main.js coursePage).
const PACKAGED_EMBED = (() => {
  const html = fs.readFileSync(path.join(dist, 'embed.html'), 'utf8');
  const out = html.replace('<body data-mode="embed"', '<body data-mode="embed" data-package="lms"');
  if (out === html) throw new Error('lms-package: dist/embed.html has no <body data-mode="embed"');
  return Buffer.from(out);
})();
export const assetEntries = (lessons) => assetsOf(lessons).map((f) => ({ name: f, data: f === 'embed.html' ? PACKAGED_EMBED : fs.readFileSync(path.join(dist, f)) }));

// A section of the shell's strings (web/i18n/<lang>.json), by language.
export const shellText = (section) => Object.fromEntries(LANGS.map((l) => [l, JSON.parse(fs.readFileSync(r(`web/i18n/${l}.json`), 'utf8'))[section]]));
export const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// launch-<lesson>.html: the launcher's script and styles, the lesson and
// language (and data, more data-* attributes) on <body>, before the script
// the launcher's own elements (status, HTML). connect: the CSP's connect-src.
export function launchPage({ lesson, lang, dir, styles = ['launch.css'], scripts = ['launch.js'], data = {}, status, connect = "'none'" }) {
  const attrs = Object.entries({ lesson: lesson.id, lang, ...data }).map(([k, v]) => ` data-${k}="${esc(v)}"`).join('');
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'; img-src 'self' data:; connect-src ${connect}; object-src 'none'; base-uri 'none'; form-action 'none'">
<title>${esc(`${lesson.title[lang]} · ${SITE[lang]}`)}</title>
${styles.map((s) => `<link rel="stylesheet" href="${dir}/${s}">\n`).join('')}</head>
<body${attrs}>
${status}
${scripts.map((s) => `<script src="${dir}/${s}"></script>\n`).join('')}</body>
</html>
`;
}

export const packageName = (what, lang, kind) => `attention-lab-${what}${lang === 'en' ? '' : `.${lang}`}.${kind}.zip`;

// Writes dist/<folder>/ afresh: build(what, lessons, lang, kind) -> Buffer
// for every kind and language, of every lesson and of the course.
export function writePackages(folder, kinds, build, label) {
  const out = path.join(dist, folder);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  let n = 0, bytes = 0;
  for (const lang of LANGS)
    for (const kind of kinds)
      for (const [what, lessons] of [...LESSONS.map((l) => [l.id, [l]]), ['course', LESSONS]]) {
        const buf = build(what, lessons, lang, kind);
        fs.writeFileSync(path.join(out, packageName(what, lang, kind)), buf);
        n++; bytes += buf.length;
      }
  console.log(`built dist/${folder}/: ${n} ${label} packages, ${(bytes / 1e6).toFixed(1)} MB`);
}
