// Lesson "Training attention": a one-head, attention-only model
// (H = softmax(scale (X Wq)(X Wk)^T, causal) (X Wv), logits = H Wo) trained
// by the core (lab.trainAttention) on toy tasks whose right attention
// pattern a learner can predict. Play trains it live, one core call per
// frame continuing the run (live.js, play.js); step trains one update, the
// scrubber moves through the updates done so far. Then one weight through
// Adam (adam.js), three optimizers from the same start and a rate too large
// (compare.js), two heads and what a trained "previous token" head's
// weights mean (heads.js).
import { h } from '../../ui/dom.js';
import { texNode } from '../../math/tex.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { adamRun, heldOut, positionBlock, DEFAULT_LR } from './run.js';
import { createLiveRun } from './live.js';
import { createFrames } from './frames.js';
import { startPlayer } from './play.js';
import { stepsSection } from './steps.js';
import { dataSection } from './data.js';
import { trainSection } from './train.js';
import { adamSection } from './adam.js';
import { compareSection, startCompare } from './compare.js';
import { headsSection, startHeads } from './heads.js';

const MODEL_TEX = 'H = \\operatorname{softmax}\\!\\Big(\\tfrac{1}{\\sqrt{d_k}}\\,(XW_Q)(XW_K)^{\\top} + M\\Big)\\,XW_V,\\qquad \\text{logits} = H\\,W_O,\\qquad L = -\\frac{1}{Bn}\\sum_{b,i} \\log \\operatorname{softmax}(\\text{logits}_{b,i})_{y_{b,i}}';

// A section whose panel a step of the player explains (steps.js: data-part).
const explains = (section, part) => (api) => {
  const s = section(api);
  s.el.dataset.part = part;
  s.el.classList.add('tr-part');
  return s;
};

export default defineLesson({
  id: 'training',
  schema,
  // k: the update shown (written to `at` when play stops); trained: the updates the run has done;
  // restart: Reset's count (a new run of the same settings); compared, heads: runs trained after the first draw.
  state: { playing: false, k: 0, trained: 0, restart: 0, trainError: null, compared: null, heads: null },
  derive: (lab) => ({
    // The live run of the settings (the number of updates is not one of them: a run is extended as far as it is shown).
    run: { from: ['task', 'method', 'lr', 'seed', 'restart'], compute: (v) => createLiveRun(lab, v) },
    // Held-out loss and accuracy of the weights trained so far (one core call per new update count).
    held: { from: ['run', 'trained'], compute: ({ run, task }) => (run && !run.diverged ? heldOut(lab, task, run.params) : null) },
    adamRun: { from: ['task', 'seed'], compute: ({ task, seed }) => adamRun(lab, { task, seed, lr: DEFAULT_LR.adam }) },
    // The trained "previous token" head's W_Q W_Kᵀ between positions.
    prevBlock: { from: ['heads'], compute: ({ heads }) => (heads && heads.runs[1] ? positionBlock(lab, heads.runs[1].params) : null) },
  }),
  sections: [
    ({ t }) => ({ el: [prose(t('intro1'), t('intro2')), texNode(MODEL_TEX, true, 'div'), prose(t('modelText')),
      h('h2', {}, t('dataHeading')), prose(t('dataText1'), t('dataText2'))] }),
    stepsSection,
    dataSection,
    ({ t }) => ({ el: [h('h2', {}, t('trainHeading')), prose(t('trainText1'), t('trainText2'))] }),
    trainSection,
    ({ t }) => ({ el: [h('h2', {}, t('lossHeading')), prose(t('lossText1'), t('lossText2')), h('div', { 'data-ex': 'loss' }),
      h('h2', {}, t('adamHeading')), prose(t('adamText1'), t('adamText2'))] }),
    explains(adamSection, 'grad'),
    ({ t }) => ({ el: [h('h2', {}, t('cmpHeading')), prose(t('cmpText1'), t('cmpText2'))] }),
    explains(compareSection, 'methods'),
    ({ t }) => ({ el: [h('h2', {}, t('headsHeading')), prose(t('headsText1'), t('headsText2'))] }),
    explains(headsSection, 'meaning'),
    ({ t }) => ({ el: [h('h2', {}, t('summaryHeading')), prose(t('summary1'), t('summary2'))] }),
  ],
  // Training goes on by itself: the player, the comparison and the two heads, a piece per frame.
  start(api) {
    const frames = createFrames();
    const stops = [startPlayer(api, frames), startCompare(api, frames), startHeads(api, frames)];
    return () => { stops.forEach((stop) => stop()); frames.stopAll(); };
  },
});
