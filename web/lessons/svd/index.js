// Lesson "SVD and low-rank attention": a 2 x 2 matrix as rotate -> stretch
// -> rotate on the unit circle (svd-circle.js); the singular values of a
// real attention matrix, its best rank-r approximation and the Eckart-Young
// errors (svd-lowrank.js); why that alone saves nothing, and Linformer-style
// attention that never forms the n x n matrix (svd-linformer.js).
import { h } from '../../core/dom.js';
import { prose } from '../shared/kit.js';
import { createCirclePart } from './circle.js';
import { createShapesPart } from './shapes.js';
import { createSvdInputs } from './inputs.js';
import { createLowRankPart } from './lowrank.js';
import { createLinformerPart } from './linformer.js';

export default {
  id: 'svd',
  mount(el, ctx) {
    const { t } = ctx;
    const circle = createCirclePart(ctx);
    const shapes = createShapesPart(ctx);
    const inputs = createSvdInputs(ctx);
    const low = createLowRankPart(ctx, inputs);
    const lin = createLinformerPart(ctx, inputs);
    circle.el.dataset.ex = 'circle';
    low.el.dataset.ex = 'lowrank';
    lin.el.dataset.ex = 'linformer';
    el.append(
      prose(t('intro1'), t('intro2')),
      h('h2', {}, t('circleHeading')),
      prose(t('circleText1'), t('circleText2')),
      circle.el,
      h('h2', {}, t('shapesHeading')),
      prose(t('shapesText')),
      shapes.el,
      h('h2', {}, t('lowHeading')),
      h('div', { 'data-ex': 'eckart' }, prose(t('lowText1'), t('lowText2'))),
      h('div', { class: 'panel' }, h('p', { class: 'note' }, t('inputsNote')), inputs.el),
      low.el,
      h('h2', {}, t('honestHeading')),
      h('div', { 'data-ex': 'honest' }, prose(t('honest1'), t('honest2'))),
      h('h2', {}, t('linHeading')),
      prose(t('linText1'), t('linText2')),
      lin.el,
      h('h2', {}, t('takeawayHeading')),
      prose(t('takeaway')),
    );
    return { destroy: () => circle.destroy() };
  },
};
