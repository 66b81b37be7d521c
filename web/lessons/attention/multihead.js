// The multi-head part of the attention lesson: h heads, each with its own
// W_Q, W_K, W_V (sentence.js: each head a question over the named
// features), attend over the same tokens X; their outputs are concatenated
// and mixed by W_O. Every number shown comes from lab.multiHeadAttention
// (model.js: multi).
import { h, clear } from '../../ui/dom.js';
import { sub } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';
import { FEATURES, HEADS, D_HEAD } from './sentence.js';

export function multiHeadSection({ t, control, error }) {
  const err = errorSlot();
  const feat = (j) => t(`feature.${FEATURES[j]}`);
  const grid = h('div', { class: 'mh-heads' });
  const headCol = (j) => `h${sub(Math.floor(j / D_HEAD) + 1)}·${(j % D_HEAD) + 1}`;
  let tokens = [];
  const tokLabel = (i) => tokens[i] || String(i + 1);
  const xView = createMatrixView({ caption: t('mhX'), color: 'signed', name: 'X', rowLabel: tokLabel, colLabel: feat, digits: 3 });
  const concat = createMatrixView({ caption: t('mhConcat'), color: 'signed', name: 'concat', rowLabel: tokLabel, colLabel: headCol });
  const wo = createMatrixView({ caption: t('mhWo'), color: 'signed', name: 'Wo', rowLabel: headCol, colLabel: feat });
  const output = createMatrixView({ caption: t('mhOutput'), color: 'signed', name: 'mh-output', rowLabel: tokLabel, colLabel: feat });
  const count = control('heads', { label: t('mhHeads'), options: [2, 3, 4].map((v) => [v, String(v)]) });
  const el = h('div', { class: 'panel' }, h('div', {},
    h('div', { class: 'controls' }, count.el),
    err, h('div', { class: 'scroll-x' }, xView.el), grid,
    h('div', { class: 'row mh-mix' }, concat.el, wo.el, output.el)));

  // One head's panel: its question, its W_Q, W_K, W_V and its weights.
  function headPanel(k, hd, W) {
    const id = HEADS[k].id;
    const w = (name, m) => {
      const v = createMatrixView({ caption: t(`mh${name}`), color: 'signed', name: `mh-${name}-${k + 1}`, rowLabel: feat, digits: 3 });
      v.set(m);
      return v.el;
    };
    const hm = createHeatmap({ title: t('mhHead', { k: k + 1 }), xLabel: t('keyWord'), yLabel: t('queryWord') });
    hm.set(hd.weights, { rowLabels: tokens, colLabels: tokens });
    return h('section', { class: 'panel mh-head', dataset: { head: String(k + 1) } },
      h('h3', { class: 'h-small' }, t(`head.${id}.title`, { k: k + 1 })),
      h('p', { class: 'note' }, t(`head.${id}.text`)),
      h('div', { class: 'row mh-w' }, w('Wq', W.Wq), w('Wk', W.Wk), w('Wv', W.Wv)),
      hm.el);
  }

  return {
    el, later: true,
    reads: ['multi'],
    draw({ sent, multi }) {
      tokens = sent.tokens;
      window.__attnlabMultiHead = multi ? multi.inputs : null;
      clear(grid);
      if (showError(err, t, error('multi'))) return;
      const { inputs, r } = multi;
      xView.set(inputs.X);
      r.heads.forEach((hd, k) => grid.appendChild(headPanel(k, hd, inputs.heads[k])));
      concat.set(r.concat);
      wo.set(inputs.Wo);
      output.set(r.output);
    },
    destroy: () => { delete window.__attnlabMultiHead; },
  };
}
