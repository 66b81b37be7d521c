// Builds dist/scorm/: SCORM packages that Moodle, Canvas, Blackboard and
// Open edX import (docs/embedding.md, "SCORM packages"). For every lesson
// and for the whole course (one SCO per lesson, in the registry's order),
// in SCORM 1.2 and SCORM 2004 4th edition, in English and in Chinese:
//   attention-lab-<lesson>.scorm12.zip, attention-lab-<lesson>.scorm2004.zip,
//   attention-lab-course.scorm12.zip, attention-lab-course.scorm2004.zip
//   (and the same with .zh-Hans before .scorm: titles and page in Chinese).
// Each holds imsmanifest.xml, a launch page per lesson (web/embed/scorm/launch.js
// relays the lesson's events to the LMS) and the static files the lesson
// needs (scripts/lms-package.mjs, shared with the cmi5 packages). Run after
// build-lib.mjs and build-page.mjs (scripts/build.sh does).
import fs from 'node:fs';
import { r } from './build-common.mjs';
import { zip } from './zip.mjs';
import { LESSONS, SITE, version, assetsOf, assetEntries, shellText, esc, launchPage, writePackages } from './lms-package.mjs';

const LAUNCHER = { ...Object.fromEntries(['record.js', 'launch.js', 'launch.css'].map((f) => [`scorm/${f}`, r(`web/embed/scorm/${f}`)])), 'scorm/frame-watch.js': r('web/embed/frame-watch.js') };
export const KINDS = { scorm12: '1.2', scorm2004: '2004' };

// The launch page's own strings: the shell's (web/i18n/<lang>.json, "scorm").
const LAUNCH_TEXT = shellText('scorm');
// course: the course package's lessons (its launcher keeps them all in one record).
const page = (lesson, lang, scorm, course) => launchPage({ lesson, lang, dir: 'scorm', scripts: ['record.js', 'frame-watch.js', 'launch.js'],
  data: { scorm, text: JSON.stringify(LAUNCH_TEXT[lang]), ...(course ? { course: JSON.stringify(course.map((l) => ({ id: l.id, title: l.title[lang] }))) } : {}) },
  status: '<p id="scorm-status" class="scorm-status" role="status" hidden></p>' });

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

function build(what, lessons, lang, kind) {
  const scorm = KINDS[kind];
  const title = what === 'course' ? SITE[lang] : `${SITE[lang]}: ${lessons[0].title[lang]}`;
  const entries = [
    { name: 'imsmanifest.xml', data: manifest({ id: `attention-lab-${what}-${lang}-${kind}`, title, lessons, lang, scorm }) },
    ...lessons.map((l) => ({ name: `launch-${l.id}.html`, data: page(l, lang, scorm, what === 'course' ? lessons : null) })),
    ...assetEntries(lessons),
    ...Object.entries(LAUNCHER).map(([name, file]) => ({ name, data: fs.readFileSync(file) })),
  ];
  return zip(entries);
}

writePackages('scorm', Object.keys(KINDS), build, 'SCORM');
