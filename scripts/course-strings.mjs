// What a lesson's strings script (dist/lessons/<id>.<lang>.js) carries of
// the course, in one language: the glossary terms the lesson defines (to
// link their first use: web/course/glossary-links.js) and its references,
// formatted by web/course/lesson-references.js. The glossary page and the
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
  return { glossary: terms, references: course.references.map((key) => ({ key, ...REFERENCES[key] })) };
}
