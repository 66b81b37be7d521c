// Lesson "Scaled dot-product attention", on a real sentence: tokens with
// named-feature embeddings X, one head's projections Q = X W_Q, K = X W_K,
// V = X W_V, then Q K^T -> / sqrt(d_k) -> mask -> softmax -> x V, each step
// a matrix from the core with the cells it multiplies highlighted, the
// arithmetic of any cell on hover/focus, the weights heatmap with exports
// (pipeline.js), the √dₖ demonstration (scaling.js) and multi-head
// attention (multihead.js), then a real model's heads on the learner's
// own text (real-model.js, loaded on demand). The learner may instead type Q, K, V directly
// (src = 'numbers', as links from before the sentence do; input-panel.js).
// What each computes: model.js.
import { h } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { deriveAttention } from './model.js';
import { inputPanelSection } from './input-panel.js';
import { pipelineSection } from './pipeline.js';
import { scalingSection } from './scaling.js';
import { multiHeadSection } from './multihead.js';
import { realModelSection } from './real-model.js';
import { REAL_MODEL_STATE, deriveRealModel } from './real-model-derive.js';

export default defineLesson({
  id: 'attention',
  schema,
  // The inputs in use (input-panel.js sets them from the URL before the first draw):
  // numbers: typed Q, K, V rather than the sentence; sent: sentenceInputs; num: {Q, K, V};
  // focus: the pipeline's cell explained, {name, i, j}.
  // The real model's values: real-model-derive.js.
  state: { numbers: false, sent: null, num: null, focus: null, ...REAL_MODEL_STATE },
  derive: (lab) => ({ ...deriveAttention(lab), ...deriveRealModel(lab) }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    inputPanelSection,
    pipelineSection,
    ({ t }) => ({ el: [h('h2', {}, t('whyScaleHeading')), h('div', { 'data-ex': 'whyScale' }, prose(t('whyScale1'), t('whyScale2')))] }),
    scalingSection,
    ({ t }) => ({ el: [h('h2', {}, t('mhHeading')), prose(t('mhText'))] }),
    multiHeadSection,
    realModelSection,
    ({ t }) => ({ el: [h('h2', {}, t('summaryHeading')),
      h('ul', { class: 'summary-list' }, ...[1, 2, 3, 4, 5].map((k) => h('li', {}, rich(t(`summary${k}`)))))] }),
  ],
});
