// Lesson "SVD and low-rank attention": a 2 x 2 matrix as rotate -> stretch
// -> rotate on the unit circle (circle.js), the SVD of a matrix of any
// shape (shapes.js); the singular values of a real attention matrix, its
// best rank-r approximation and the Eckart-Young errors (lowrank.js); why
// that alone saves nothing, and Linformer-style attention that never forms
// the n x n matrix (linformer.js). What each computes: model.js.
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { deriveSvd } from './model.js';
import { circleSection } from './circle.js';
import { shapesSection } from './shapes.js';
import { inputsSection } from './inputs.js';
import { lowRankSection } from './lowrank.js';
import { linformerSection } from './linformer.js';

export default defineLesson({
  id: 'svd',
  schema,
  state: { shape: 'tall' },  // the non-square matrix shown: 'tall' (3 x 2) or 'wide' (2 x 3)
  derive: deriveSvd,
  sections: [
    ({ t }) => ({ el: [prose(t('intro1'), t('intro2')), h('h2', {}, t('circleHeading')), prose(t('circleText1'), t('circleText2'))] }),
    circleSection,
    ({ t }) => ({ el: [h('h2', {}, t('shapesHeading')), prose(t('shapesText'))] }),
    shapesSection,
    ({ t }) => ({ el: [h('h2', {}, t('lowHeading')), h('div', { 'data-ex': 'eckart' }, prose(t('lowText1'), t('lowText2')))] }),
    inputsSection,
    lowRankSection,
    ({ t }) => ({ el: [h('h2', {}, t('honestHeading')), h('div', { 'data-ex': 'honest' }, prose(t('honest1'), t('honest2'))),
      h('h2', {}, t('linHeading')), prose(t('linText1'), t('linText2'))] }),
    linformerSection,
    ({ t }) => ({ el: [h('h2', {}, t('takeawayHeading')), prose(t('takeaway'))] }),
  ],
});
