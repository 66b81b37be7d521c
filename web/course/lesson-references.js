// "References" at a lesson's end: the papers and books its formulas come
// from (course.json "references"), formatted from the bibliography
// (web/course/references.js) that the build puts into the lesson's strings
// (scripts/course-strings.mjs), so that the page does not carry all of it.
import { h } from '../ui/dom.js';

// Authors, year. Title. Venue. (A link where there is one.)
// Names stay as they are written, Latin punctuation in both languages.
function entry(r) {
  const authors = r.authors.join(', ').replace(', et al.', ' et al.');
  const title = r.url ? h('a', { href: r.url, target: '_blank', rel: 'noopener', class: 'ref-title' }, r.title) : h('span', { class: 'ref-title' }, r.title);
  // Every work cited is in English: the entry says so (screen readers, hyphenation).
  return h('li', { id: `ref-${r.key}`, class: 'ref', lang: 'en' }, `${authors} (${r.year}). `, title, `. ${r.venue}.`,
    r.url ? h('span', { class: 'ref-url' }, ` ${r.url}`) : null);
}

export function lessonReferences({ strings, t }) {
  const refs = strings && strings.course && strings.course.references;
  if (!refs || !refs.length) return null;
  return h('section', { class: 'lesson-references', 'aria-labelledby': 'lesson-references-title' },
    h('h2', { id: 'lesson-references-title' }, t('lessonInfo.references')),
    h('ol', { class: 'ref-list' }, ...refs.map(entry)));
}
