// What a lesson's strings script (dist/lessons/<id>.<lang>.js) carries of
// the course, in one language: the glossary terms the lesson defines (to
// link their first use: web/course/glossary-links.js), its references,
// formatted by web/course/lesson-references.js, and its objectives (the
// lesson's intro, web/course/lesson-intro.js: only the open lesson's, in
// the page's language, rather than every lesson's in both in app.js). The glossary page and the
// instructor kit load the rest (web/course/*-entry.js).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (...p) => JSON.parse(fs.readFileSync(path.join(root, ...p), 'utf8'));
const { REFERENCES } = await import(pathToFileURL(path.join(root, 'web/course/references.js')).href);

export function courseStrings(id, lang) {
  const glossary = read('web/course/glossary.json');
  const course = read('web/lessons', id, 'course.json');
  const terms = Object.fromEntries(Object.entries(glossary).filter(([, g]) => g.lesson === id).map(([term, g]) => [term, g[lang]]));
  return { glossary: terms, objectives: course.objectives[lang], references: course.references.map((key) => ({ key, ...REFERENCES[key] })) };
}
