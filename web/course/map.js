// The course map, index.html's start page (no `lesson` parameter): where to
// start and where the learner left off, the lessons as a graph of
// prerequisites (course/map-graph.js) and as a list that says the same at
// any width (time, what each teaches, what it builds on, the learner's
// progress and mastery), the exercises to review, and the progress file.
import { h } from '../ui/dom.js';
import { parseProgress, lessonRecord } from '../state/progress.js';
import { readStore } from '../state/stored-progress.js';
import { mapGraph, prereqsOf } from './map-graph.js';
import { masteryOf } from './mastery.js';
import { lessonHref, lessonLink, inPage, recheckLink } from './map-links.js';
import { reviewBlock } from './review.js';
import { transferBlock } from './map-transfer.js';

const bits = (n) => { let c = 0; for (let x = n >>> 0; x; x >>>= 1) c += x & 1; return c; };
const minutesOf = (l) => (l.course && Number.isFinite(l.course.minutes) ? l.course.minutes : null);

// ctx: {t, lang, lessons (the catalog), progress (the URL's progress text),
// open(id, opts), onImported(text, note), note}.
export function mountMap(main, ctx) {
  const { t, lang, lessons, open } = ctx;
  const records = parseProgress(ctx.progress);
  const store = readStore();
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const state = (l) => {
    const rec = lessonRecord(records, l.id, l.exercises.length);
    const correct = rec.marks.filter((m) => m === 'c').length;
    return { rec, correct, steps: bits(rec.seen), level: masteryOf(l, rec.marks, store.answers) };
  };
  const levelText = (level) => (level ? t(`map.level.${level}`) : '');
  const title = (l) => `${t('shell.section', { n: l.section })}: ${l.title[lang]}`;

  const first = lessons[0], last = store.last && byId.get(store.last);
  const starts = h('div', { class: 'map-starts' },
    lessonLink(first.id, lang, open, { class: 'btn btn-primary map-start' }, t('map.start', { title: first.title[lang] })),
    last ? lessonLink(last.id, lang, open, { class: 'btn map-continue', 'data-lesson': last.id }, t('map.continue', { title: last.title[lang] })) : null);

  const graph = mapGraph(lessons, {
    lang, title: t('map.graph'),
    info: (l) => {
      const st = state(l), min = minutesOf(l);
      return {
        href: lessonHref(l.id, lang), onclick: inPage(open, l.id), level: st.level,
        kicker: [t('shell.section', { n: l.section }), min ? t('map.minutes', { n: min }) : null].filter(Boolean).join(' · '),
        describedBy: st.level ? `map-level-${l.id}` : undefined,
      };
    },
  });

  const items = lessons.map((l) => {
    const st = state(l), min = minutesOf(l);
    const pre = prereqsOf(l).map((p) => byId.get(p)).filter(Boolean);
    // Of the lesson's steps (course.json "steps"); a bit past them (a hand-edited link) does not count.
    const total = l.course && l.course.steps;
    const progress = [st.steps && total ? t('map.stepsSeen', { n: Math.min(st.steps, total), total }) : null,
      l.exercises.length ? t('map.exercisesRight', { correct: st.correct, n: l.exercises.length }) : null].filter(Boolean).join(' · ');
    return h('li', { class: 'map-lesson', 'data-lesson': l.id, 'data-level': st.level || undefined },
      h('h3', { class: 'map-lesson-title' }, lessonLink(l.id, lang, open, {}, title(l))),
      h('p', { class: 'map-lesson-meta' },
        min ? h('span', { class: 'map-minutes' }, t('map.minutes', { n: min })) : null, min ? ' · ' : null,
        h('span', { class: 'map-prereqs' }, pre.length ? [t('map.buildsOn'), ' ', ...pre.flatMap((p, k) => [k ? ', ' : '', lessonLink(p.id, lang, open, { class: 'map-prereq', 'data-prereq': p.id }, p.title[lang])])] : t('map.noPrereqs'))),
      h('p', { class: 'map-lesson-summary' }, l.summary[lang]),
      h('p', { class: 'map-lesson-progress' },
        st.level ? h('span', { class: 'map-level', id: `map-level-${l.id}`, 'data-level': st.level, title: t('map.levelLabel', { level: levelText(st.level) }) }, levelText(st.level)) : null, st.level && progress ? ' ' : null,
        progress ? h('span', { class: 'map-progress-text' }, progress) : null,
        st.level && st.level !== 'none' ? [' ', recheckLink(l, lang, open, t)] : null));
  });

  main.appendChild(h('article', { class: 'course-map', 'aria-labelledby': 'map-title' },
    h('h1', { id: 'map-title' }, t('map.title')),
    h('p', { class: 'lesson-summary' }, t('map.intro')),
    starts,
    h('button', { type: 'button', class: 'btn btn-small map-print', onclick: () => window.print() }, t('map.print')),
    h('h2', { class: 'map-lessons-title' }, t('map.lessons')),
    h('div', { class: 'map-graph-wrap' }, graph),
    h('p', { class: 'map-note map-levels-help' }, t('map.levelsHelp')),
    h('ol', { class: 'map-list' }, ...items),
    reviewBlock({ t, lang, lessons, records, answers: store.answers, open }),
    transferBlock({ t, lessons, progress: () => ctx.progress, onImported: ctx.onImported, note: ctx.note })));
}
