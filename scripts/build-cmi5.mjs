// Builds dist/cmi5/: cmi5 course packages (docs/embedding.md, "cmi5
// packages"), for LMSs that speak cmi5, SCORM's successor on xAPI. For
// every lesson and for the whole course (one AU per lesson, in the
// registry's order), in English and in Chinese:
//   attention-lab-<lesson>.cmi5.zip, attention-lab-course.cmi5.zip
//   (and the same with .zh-Hans before .cmi5: the page in Chinese).
// Each holds cmi5.xml (the course structure), a launch page per lesson
// (web/embed/cmi5/launch.js talks to the LMS's LRS) and the static files
// the lesson needs (scripts/lms-package.mjs, as the SCORM packages).
// The ids are IRIs under https://attention-lab.example/cmi5/ (stable; the
// same in both languages: the same lesson is the same activity):
//   course  https://attention-lab.example/cmi5/course (the course package)
//           https://attention-lab.example/cmi5/course/<lesson> (a lesson's)
//   AU      https://attention-lab.example/cmi5/au/<lesson>
import fs from 'node:fs';
import { r } from './build-common.mjs';
import { zip } from './zip.mjs';
import { LESSONS, LANGS, SITE, assetEntries, shellText, esc, launchPage, writePackages } from './lms-package.mjs';

export const IRI = 'https://attention-lab.example/cmi5/';
export const MASTERY = '0.8';
// The launcher, and its styles: the SCORM launcher's (the status line and
// the lesson's frame) and its own (the status bar with Exit).
const LAUNCHER = { 'cmi5/launch.js': r('web/embed/cmi5/launch.js'), 'cmi5/frame-watch.js': r('web/embed/frame-watch.js'), 'cmi5/common.css': r('web/embed/scorm/launch.css'), 'cmi5/launch.css': r('web/embed/cmi5/launch.css') };
// Both languages' strings (web/i18n/<lang>.json, "cmi5"): the learner's
// language preference in the LMS may choose the other one.
const TEXT = shellText('cmi5');
const PAGE_TEXT = JSON.stringify(Object.fromEntries(Object.entries(TEXT).map(([l, t]) => [l, { noLms: t.noLms, notSaved: t.notSaved, title: t.title, exit: t.exit, ended: t.ended }])));

const page = (lesson, lang) => launchPage({ lesson, lang, dir: 'cmi5', scripts: ['frame-watch.js', 'launch.js'], styles: ['common.css', 'launch.css'], connect: 'http: https:',
  data: { text: PAGE_TEXT },
  status: '<div class="cmi5-bar"><p id="cmi5-status" class="scorm-status" role="status" hidden></p><button type="button" id="cmi5-exit" class="cmi5-exit" hidden></button></div>' });

// <title> or <description>: one langstring per language, the package's first.
const langstrings = (tag, text, lang, pad) => `${pad}<${tag}>\n${[lang, ...LANGS.filter((l) => l !== lang)].map((l) =>
  `${pad}  <langstring lang="${l}">${esc(text(l))}</langstring>`).join('\n')}\n${pad}</${tag}>`;
const lessonLine = (l, lang) => TEXT[lang].lesson.replace('{n}', l.section).replace('{title}', l.title[lang]);

// cmi5.xml: the course (its id, title, description) and one AU per lesson,
// launched by its relative launch page; done when completed and passed (80 %).
export function courseStructure(what, lessons, lang) {
  const single = what !== 'course';
  const aus = lessons.map((l) => `  <au id="${IRI}au/${l.id}" moveOn="CompletedAndPassed" masteryScore="${MASTERY}" launchMethod="AnyWindow">
${langstrings('title', (x) => l.title[x], lang, '    ')}
${langstrings('description', (x) => lessonLine(l, x), lang, '    ')}
    <url>launch-${l.id}.html</url>
  </au>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${IRI}course${single ? `/${what}` : ''}">
${langstrings('title', (x) => (single ? `${SITE[x]}: ${lessons[0].title[x]}` : SITE[x]), lang, '    ')}
${langstrings('description', (x) => (single ? lessonLine(lessons[0], x) : TEXT[x].course), lang, '    ')}
  </course>
${aus}
</courseStructure>
`;
}

function build(what, lessons, lang) {
  return zip([
    { name: 'cmi5.xml', data: courseStructure(what, lessons, lang) },
    ...lessons.map((l) => ({ name: `launch-${l.id}.html`, data: page(l, lang) })),
    ...assetEntries(lessons),
    ...Object.entries(LAUNCHER).map(([name, file]) => ({ name, data: fs.readFileSync(file) })),
  ]);
}

writePackages('cmi5', ['cmi5'], build, 'cmi5');
