// Lesson "From linear regression to attention": drag data points, see the
// least-squares line (lab.leastSquares) with its residuals drawn as squares
// whose total area is the summed loss, run gradient descent on (w, b)
// (lab.optimize, problem leastSquares) and watch it reach the closed form,
// the chapter's gradient formulas with live sums; then predictions as
// weighted sums of training targets: Nadaraya-Watson kernel regression
// (lab.kernelRegression) is attention with query x, keys x_i, values y_i.
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { PRESETS } from './data.js';
import { deriveRegression } from './model.js';
import { fitSection } from './fit.js';
import { gdSection } from './gd.js';
import { walkthroughSection } from './walkthrough.js';
import { kernelSection } from './kernel.js';
import { bridgeSection } from './bridge.js';

// Marks an element as the place an exercise card goes after (exercises.js `at`).
const exAt = (node, id) => { node.dataset.ex = id; return node; };

// Points with one x: the rank of [X 1] drops to 1 (no unique line).
const rankDemo = ({ t, set }) => ({
  el: h('div', { class: 'controls', 'data-ex': 'rank' },
    h('button', { type: 'button', class: 'btn', onclick: () => set({ pts: PRESETS.sameX.map((p) => p.slice()), dataNote: '' }) }, t('rankButton'))),
});

export default defineLesson({
  id: 'regression',
  schema,
  state: { dataNote: '' },  // why an edit of the points was refused
  derive: deriveRegression,
  sections: [
    ({ t }) => ({ el: [prose(t('intro1'), t('intro2')), h('h2', {}, t('fitHeading'))] }),
    fitSection,
    ({ t }) => ({ el: [h('h2', {}, t('lossHeading')), prose(t('lossText1'), t('lossText2')), h('h2', {}, t('gdHeading')), prose(t('gdText'))] }),
    gdSection,
    walkthroughSection,
    ({ t }) => ({ el: [h('h2', {}, t('rankHeading')), prose(t('rankText1'), t('rankText2'))] }),
    rankDemo,
    ({ t }) => ({ el: [h('h2', {}, t('bridgeHeading')), exAt(prose(t('bridgeText1'), t('bridgeText2')), 'bridgeText')] }),
    kernelSection,
    bridgeSection,
    ({ t }) => ({ el: [h('h2', {}, t('closingHeading')), prose(t('closing1'), t('closing2'))] }),
  ],
});
