// Links of the course pages to a lesson: a real address (a new tab, a
// copied link, no script) that the page follows in place when clicked.
// opts: {xseed, exercise} open the lesson at one exercise with new numbers.
import { h } from '../ui/dom.js';
import { freshSeed } from './mastery.js';

export function lessonHref(id, lang, opts = {}) {
  const q = new URLSearchParams({ lesson: id, lang });
  if (opts.xseed) q.set('xseed', String(opts.xseed));
  if (opts.exercise) q.set('exercise', opts.exercise);
  return `?${q}`;
}

// A plain click opens in place; a modified one (new tab, window) is the browser's.
export const inPage = (open, id, opts) => (e) => {
  if (e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  open(id, opts);
};

export function lessonLink(id, lang, open, attrs, ...children) {
  return h('a', { ...attrs, href: lessonHref(id, lang), onclick: inPage(open, id) }, ...children);
}

// "Re-check with new numbers": the lesson at its first exercise, a fresh seed.
// The seed is drawn when followed, so that two clicks give two sets.
export function recheckLink(lesson, lang, open, t, attrs = {}) {
  const a = h('a', { class: 'btn btn-small map-recheck', ...attrs }, t('map.recheck'));
  const opts = () => ({ xseed: freshSeed(), exercise: lesson.exercises[0].id });
  const set = () => { const o = opts(); a.href = lessonHref(lesson.id, lang, o); return o; };
  set();
  a.addEventListener('click', (e) => { const o = set(); inPage(open, lesson.id, o)(e); });
  return a;
}
