// The course map's "Review" list: exercises answered wrong, or right more
// than a week ago (course/mastery.js reviewList), each a link that opens the
// lesson at that exercise with new numbers (a fresh xseed), named by the
// exercise's title. The titles are not in the page's catalogue: they come
// in one script per language (dist/lessons/exercise-titles.<lang>.js,
// scripts/build-page.mjs), loaded when the list has items; until it is
// here, or if it fails, an item says "Exercise k (kind)".
import { h } from '../ui/dom.js';
import { reviewList, freshSeed } from './mastery.js';
import { lessonHref, inPage } from './map-links.js';
import { loadData } from '../lessons/loader.js';

export function reviewBlock({ t, lang, lessons, records, answers, open, now }) {
  const named = [];  // [link, lesson id, exercise id]
  const items = reviewList(lessons, records, answers, now).map(({ lesson, exercise, why, at }) => {
    const opts = { xseed: freshSeed(), exercise: exercise.id };
    const when = why === 'old' ? t('map.reviewOld', { date: new Date(at).toLocaleDateString(lang) }) : t('map.reviewWrong');
    const link = h('a', { href: lessonHref(lesson.id, lang, opts), onclick: inPage(open, lesson.id, opts) },
      t('map.reviewExercise', { k: lesson.exercises.indexOf(exercise) + 1, kind: t(`ex.kind.${exercise.kind}`) }));
    named.push([link, lesson.id, exercise.id]);
    return h('li', { class: 'map-review-item', 'data-lesson': lesson.id, 'data-exercise': exercise.id, 'data-why': why },
      link,
      ' ', h('span', { class: 'map-review-where' }, `${t('shell.section', { n: lesson.section })} · ${lesson.title[lang]} · ${when}`));
  });
  if (named.length) {
    loadData(`exercise-titles.${lang}`).then((titles) => {
      for (const [link, id, ex] of named) {
        const title = titles && titles[id] && titles[id][ex];
        if (typeof title === 'string' && title) { link.replaceChildren(title); link.dataset.titled = ''; }
      }
    }, () => {});  // the fallback names stay
  }
  return h('section', { class: 'map-review', 'aria-labelledby': 'map-review-title' },
    h('h2', { id: 'map-review-title' }, t('map.review')),
    h('p', { class: 'map-note' }, t('map.reviewIntro')),
    items.length ? h('ul', { class: 'map-review-list' }, ...items) : h('p', { class: 'map-review-empty' }, t('map.reviewEmpty')));
}
