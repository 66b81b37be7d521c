// The parts of the course the shell shows through one call each: the
// glossary page (?page=glossary) and a lesson's instructor kit (teacher=1).
// Their code and data are scripts of their own (dist/lessons/glossary.js,
// dist/lessons/teacher.js: web/course/*-entry.js), loaded only on the pages
// that show them; until then a line says they are loading.
import { h, clear } from '../ui/dom.js';
import { loadData } from '../lessons/loader.js';

// Their styles (dist/course.css), once: the page's CSP allows stylesheets from 'self'.
function addStyles() {
  if (document.querySelector('link[data-course-css]')) return;
  document.head.appendChild(h('link', { rel: 'stylesheet', href: 'course.css', 'data-course-css': '' }));
}

function loadInto(el, name, loading, failed, mount) {
  addStyles();
  el.appendChild(h('p', { class: 'loading', role: 'status' }, loading));
  loadData(name).then((part) => { clear(el); mount(part); }, (e) => {
    clear(el).appendChild(h('p', { class: 'error-box', role: 'alert' }, failed, ' ', String(e && e.message)));
  });
  return el;
}

// The glossary page in main, in the page's language.
export function showGlossary(main, { lang, t }) {
  return loadInto(main, 'glossary', t('lessonInfo.glossaryLoading'), t('lessonInfo.glossaryFailed'), (part) => part.mount(main, { lang }));
}

// The instructor kit's section, filled once its script is here. opts: see
// web/course/teacher-kit.js.
export function teacherKit(opts) {
  const el = h('section', { class: 'teacher-kit', 'aria-labelledby': 'teacher-kit-title' });
  return loadInto(el, 'teacher', opts.t('lessonInfo.kitLoading'), opts.t('lessonInfo.kitFailed'), (part) => part.mount(el, opts));
}

// The lesson page's blocks, for the shell's one import.
export { lessonIntro } from './lesson-intro.js';
export { lessonReferences } from './lesson-references.js';
export { linkLessonTerms } from './glossary-links.js';
