// The block at a lesson's end: the learner's mastery of it (with "re-check
// with new numbers"), then the next lesson in the course's order with what
// it builds on, and the previous one.
import { h } from '../ui/dom.js';
import { masteryOf } from './mastery.js';
import { readStore } from '../state/stored-progress.js';
import { lessonLink, recheckLink, inPage } from './map-links.js';
import { prereqsOf } from './map-graph.js';

// meta: this lesson (catalog entry); lessons: the catalog; open(id, opts).
export function lessonEnd({ t, lang, meta, lessons, open, openMap }) {
  const k = lessons.findIndex((l) => l.id === meta.id);
  const prev = lessons[k - 1], next = lessons[k + 1];
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const level = h('p', { class: 'lesson-end-level', 'aria-live': 'polite' });
  const builds = next ? prereqsOf(next).map((p) => byId.get(p)).filter(Boolean).map((p) => p.title[lang]) : [];
  const el = h('nav', { class: 'lesson-end', 'aria-label': t('map.lessonEnd') },
    h('h2', { class: 'lesson-end-title' }, t('map.lessonEnd')),
    meta.exercises.length ? level : null,
    h('ul', { class: 'lesson-end-links' },
      next ? h('li', { class: 'lesson-end-next' }, lessonLink(next.id, lang, open, { rel: 'next', 'data-lesson': next.id }, t('map.next', { title: next.title[lang] })),
        builds.length ? h('span', { class: 'lesson-end-builds' }, ' ', t('map.nextBuildsOn', { titles: builds.join(lang === 'en' ? ', ' : '、') })) : null) : null,
      prev ? h('li', { class: 'lesson-end-prev' }, lessonLink(prev.id, lang, open, { rel: 'prev', 'data-lesson': prev.id }, t('map.previous', { title: prev.title[lang] }))) : null,
      h('li', { class: 'lesson-end-map' }, h('a', { href: `?lang=${lang}`, onclick: inPage(openMap) }, t('map.backToMap')))));
  return {
    el,
    // marks: this lesson's, after a change.
    update(marks) {
      const lv = masteryOf(meta, marks, readStore().answers);
      if (!lv) return;
      el.dataset.level = lv;
      level.replaceChildren(t('map.thisLevel'), ' ', h('span', { class: 'map-level', 'data-level': lv }, t(`map.level.${lv}`)),
        ...(lv !== 'none' ? [' ', recheckLink(meta, lang, open, t)] : []));
    },
  };
}
