// Lesson "The cost of attention": full O(n²d), sparse O(n·w·d) and low-rank
// O(n·r·d) attention: analytic counts from the core (counts.js), the same
// three timed live in the browser (timing.js), and the memory of the n x n
// matrix against what the tab can hold (memory.js). Inputs d, w, r live in
// the URL (params.js).
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { inputsSection } from './inputs.js';
import { stepsSection, costsAtN } from './steps.js';
import { countsSection, costSweep } from './counts.js';
import { timingSection } from './timing.js';
import { memorySection, memoryCosts } from './memory.js';

const INPUTS = ['d', 'w', 'r'];

export default defineLesson({
  id: 'complexity',
  schema,
  derive: (lab) => ({
    atN: { from: INPUTS, compute: (p) => costsAtN(lab, p) },
    sweep: { from: INPUTS, compute: (p) => costSweep(lab, p) },
    memory: { from: INPUTS, compute: (p) => memoryCosts(lab, p) },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    inputsSection,
    stepsSection,
    ({ t }) => ({ el: [h('h2', {}, t('countsHeading')), h('div', { 'data-ex': 'counts-text' }, prose(t('countsText1'), t('countsText2')))] }),
    countsSection,
    ({ t }) => ({ el: [h('h2', {}, t('timeHeading')), prose(t('timeText1'), t('timeText2'))] }),
    timingSection,
    ({ t, lang }) => ({ el: [h('h2', {}, t('memHeading')), prose(t('memText1'), t('memText2'),
      h('p', {}, t('memText3'), h('a', { href: `?lesson=flash&lang=${lang}` }, t('flashLink')), t('flashLinkEnd')))] }),
    memorySection,
    ({ t }) => ({ el: [h('h2', {}, t('chapterHeading')), h('div', { 'data-ex': 'chapter' }, prose(t('chapter1'), t('chapter2')))] }),
  ],
});
