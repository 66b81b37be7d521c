// The compact block under a lesson's summary: its estimated time, the
// lessons it builds on (links) and what the learner can do after it (its
// objectives, each checked by the lesson's exercises: course.json). The
// time and prerequisites are the page's catalogue (CATALOG[i].course); the
// objectives come with the lesson's strings in the page's language
// (strings.course.objectives); the words are the shell's ("lessonInfo").
import { h } from '../ui/dom.js';
import { lessonById } from '../lessons/catalog.js';

const nameOf = (l, lang) => `${l.section}. ${l.title[lang]}`;

// A link to another lesson. On the full page it opens in place (open(id):
// the shell keeps its state, progress and seed); in an embedded lesson it
// opens the course page in a new tab, as a frame should not navigate away.
export function lessonLink(id, { lang, open, t }) {
  const l = lessonById(id);
  const embed = !open;
  return h('a', {
    href: `${embed ? 'index.html' : ''}?lesson=${id}&lang=${lang}`,
    target: embed ? '_blank' : undefined, rel: embed ? 'noopener' : undefined,
    title: embed ? t('lessonInfo.newTab') : undefined,
    onclick: open ? (e) => { e.preventDefault(); open(id); } : undefined,
  }, nameOf(l, lang));
}

// links: false where no course page is at hand (an LMS package): the
// prerequisites are named, not linked.
export function lessonIntro({ meta, strings, t, lang, open, links = true }) {
  const c = meta.course;
  if (!c) return null;
  const prereqs = c.prereqs.filter((id) => lessonById(id));
  const objectives = (strings && strings.course && strings.course.objectives) || [];
  const fact = (label, ...value) => h('div', { class: 'li-fact' }, h('dt', {}, label), h('dd', {}, ...value));
  return h('section', { class: 'lesson-intro', 'aria-label': t('lessonInfo.label') },
    h('dl', { class: 'li-facts' },
      fact(t('lessonInfo.time'), t('lessonInfo.minutes', { n: c.minutes })),
      fact(t('lessonInfo.prereqs'), ...(prereqs.length
        ? prereqs.flatMap((id, k) => [k ? t('lessonInfo.listSep') : null, (links ? lessonLink(id, { lang, open, t }) : h('span', { class: 'li-prereq' }, nameOf(lessonById(id), lang)))])
        : [t('lessonInfo.noPrereqs')]))),
    objectives.length ? h('p', { class: 'li-objectives-title', id: `li-objectives-${meta.id}` }, t('lessonInfo.objectives')) : null,
    objectives.length ? h('ul', { class: 'li-objectives', 'aria-labelledby': `li-objectives-${meta.id}` },
      ...objectives.map((o) => h('li', {}, o))) : null);
}
