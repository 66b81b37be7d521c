// Builds dist/scorm/: SCORM packages that Moodle, Canvas, Blackboard and
// Open edX import (docs/embedding.md, "SCORM packages"). For every lesson
// and for the whole course (one SCO per lesson, in the registry's order),
// in SCORM 1.2 and SCORM 2004 4th edition, in English and in Chinese:
//   attention-lab-<lesson>.scorm12.zip, attention-lab-<lesson>.scorm2004.zip,
//   attention-lab-course.scorm12.zip, attention-lab-course.scorm2004.zip
//   (and the same with .zh-Hans before .scorm: titles and page in Chinese).
// Each holds imsmanifest.xml, a launch page per lesson (web/embed/scorm/launch.js
// relays the lesson's events to the LMS) and the static files the lesson
// needs. Run after build-lib.mjs and build-page.mjs (scripts/build.sh does).
import fs from 'node:fs';
import path from 'node:path';
import { dist, r } from './build-common.mjs';
import { zip } from './zip.mjs';

const lessonsJson = JSON.parse(fs.readFileSync(path.join(dist, 'lessons.json'), 'utf8'));
const { version } = JSON.parse(fs.readFileSync(r('package.json'), 'utf8'));
const LESSONS = lessonsJson.lessons;
const SITE = { en: 'Attention Lab', 'zh-Hans': '注意力实验室' };
// The static files every lesson's frame loads (embed.html's scripts and styles).
const COMMON = ['embed.html', 'app.js', 'attnlab.js', 'style.css', 'math/math.css', 'math/math-inline.css', 'math/latinmodern-math.woff2', 'math/GUST-FONT-LICENSE.txt',
  ...fs.readdirSync(path.join(dist, 'i18n')).sort().map((f) => `i18n/${f}`)];
// A package's static files: the common ones and its lessons' scripts
// (lessons/<id>.js, its code, and lessons/<id>.<lang>.js, its strings).
const LESSON_FILES = fs.readdirSync(path.join(dist, 'lessons')).sort();
const assetsOf = (lessons) => [...COMMON, ...lessons.flatMap((l) => LESSON_FILES.filter((f) => f.startsWith(`${l.id}.`)).map((f) => `lessons/${f}`))];
const LAUNCHER = Object.fromEntries(['record.js', 'launch.js', 'launch.css'].map((f) => [`scorm/${f}`, r(`web/embed/scorm/${f}`)]));
export const KINDS = { scorm12: '1.2', scorm2004: '2004' };

// The launch page's own strings: the shell's (web/i18n/<lang>.json, "scorm").
const LAUNCH_TEXT = Object.fromEntries(['en', 'zh-Hans'].map((l) => [l, JSON.parse(fs.readFileSync(r(`web/i18n/${l}.json`), 'utf8')).scorm]));
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// course: the course package's lessons (its launcher keeps them all in one record).
function launchPage(lesson, lang, scorm, course) {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'; img-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'">
<title>${esc(`${lesson.title[lang]} · ${SITE[lang]}`)}</title>
<link rel="stylesheet" href="scorm/launch.css">
</head>
<body data-lesson="${esc(lesson.id)}" data-lang="${lang}" data-scorm="${scorm}" data-text="${esc(JSON.stringify(LAUNCH_TEXT[lang]))}"${course ? ` data-course="${esc(JSON.stringify(course.map((l) => ({ id: l.id, title: l.title[lang] }))))}"` : ''}>
<p id="scorm-status" class="scorm-status" role="status" hidden></p>
<script src="scorm/record.js"></script>
<script src="scorm/launch.js"></script>
</body>
</html>
`;
}

// imsmanifest.xml: one organization, one item (SCO) per lesson, their
// launch pages as SCO resources sharing one asset resource that lists every file.
export function manifest({ id, title, lessons, lang, scorm }) {
  const v12 = scorm === '1.2';
  const ns = v12
    ? 'xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd"'
    : 'xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3" xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd"';
  const scormType = v12 ? 'adlcp:scormtype' : 'adlcp:scormType';
  const files = [...assetsOf(lessons), ...Object.keys(LAUNCHER)];
  const items = lessons.map((l) => `      <item identifier="item-${l.id}" identifierref="sco-${l.id}" isvisible="true">
        <title>${esc(l.title[lang])}</title>
      </item>`).join('\n');
  const scos = lessons.map((l) => `    <resource identifier="sco-${l.id}" type="webcontent" ${scormType}="sco" href="launch-${l.id}.html">
      <file href="launch-${l.id}.html"/>
      <dependency identifierref="assets"/>
    </resource>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${esc(id)}" version="${esc(version)}" ${ns}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>${v12 ? '1.2' : '2004 4th Edition'}</schemaversion>
  </metadata>
  <organizations default="org-${esc(id)}">
    <organization identifier="org-${esc(id)}">
      <title>${esc(title)}</title>
${items}
    </organization>
  </organizations>
  <resources>
${scos}
    <resource identifier="assets" type="webcontent" ${scormType}="asset">
${files.map((f) => `      <file href="${f}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}

export const packageName = (what, lang, kind) => `attention-lab-${what}${lang === 'en' ? '' : `.${lang}`}.${kind}.zip`;

function build(what, lessons, lang, kind) {
  const scorm = KINDS[kind];
  const title = what === 'course' ? SITE[lang] : `${SITE[lang]}: ${lessons[0].title[lang]}`;
  const entries = [
    { name: 'imsmanifest.xml', data: manifest({ id: `attention-lab-${what}-${lang}-${kind}`, title, lessons, lang, scorm }) },
    ...lessons.map((l) => ({ name: `launch-${l.id}.html`, data: launchPage(l, lang, scorm, what === 'course' ? lessons : null) })),
    ...assetsOf(lessons).map((f) => ({ name: f, data: fs.readFileSync(path.join(dist, f)) })),
    ...Object.entries(LAUNCHER).map(([name, file]) => ({ name, data: fs.readFileSync(file) })),
  ];
  return zip(entries);
}

const out = path.join(dist, 'scorm');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
let n = 0, bytes = 0;
for (const lang of ['en', 'zh-Hans'])
  for (const kind of Object.keys(KINDS))
    for (const [what, lessons] of [...LESSONS.map((l) => [l.id, [l]]), ['course', LESSONS]]) {
      const buf = build(what, lessons, lang, kind);
      fs.writeFileSync(path.join(out, packageName(what, lang, kind)), buf);
      n++; bytes += buf.length;
    }
console.log(`built dist/scorm/: ${n} SCORM packages, ${(bytes / 1e6).toFixed(1)} MB`);
