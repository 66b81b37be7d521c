// The multi-head part of the attention lesson: h heads, each with its own
// W_Q, W_K, W_V (sentence.js: each head a question over the named
// features), attend over the same tokens X; their outputs are concatenated
// and mixed by W_O. Every number shown comes from lab.multiHeadAttention.
import { h, clear } from '../../core/dom.js';
import { sub } from '../../core/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { guard, errorSlot } from '../shared/kit.js';
import { FEATURES, HEADS, D_HEAD, outputMatrix } from './sentence.js';

export function createMultiHead({ lab, t, heads, onHeads }) {
  const err = errorSlot();
  const feat = (j) => t(`feature.${FEATURES[j]}`);
  const grid = h('div', { class: 'mh-heads' });
  const headCol = (j) => `h${sub(Math.floor(j / D_HEAD) + 1)}·${(j % D_HEAD) + 1}`;
  let tokLabel = (i) => String(i + 1);
  const xView = createMatrixView({ caption: t('mhX'), color: 'signed', name: 'X', rowLabel: (i) => tokLabel(i), colLabel: feat, digits: 3 });
  const concat = createMatrixView({ caption: t('mhConcat'), color: 'signed', name: 'concat', rowLabel: (i) => tokLabel(i), colLabel: headCol });
  const wo = createMatrixView({ caption: t('mhWo'), color: 'signed', name: 'Wo', rowLabel: headCol, colLabel: feat });
  const output = createMatrixView({ caption: t('mhOutput'), color: 'signed', name: 'mh-output', rowLabel: (i) => tokLabel(i), colLabel: feat });
  const count = h('select', {}, ...[2, 3, 4].map((v) => h('option', { value: String(v), selected: v === heads }, String(v))));
  count.addEventListener('change', () => { heads = Number(count.value); onHeads(heads); render(lastArgs); });
  const el = h('div', {},
    h('div', { class: 'controls' }, h('label', {}, t('mhHeads'), count)),
    err, h('div', { class: 'scroll-x' }, xView.el), grid,
    h('div', { class: 'row mh-mix' }, concat.el, wo.el, output.el));
  let lastArgs = null;

  function render(args) {
    lastArgs = args;
    const { X, tokens, causal } = args;
    tokLabel = (i) => tokens[i] || String(i + 1);
    const hs = HEADS.slice(0, heads).map(({ Wq, Wk, Wv }) => ({ Wq, Wk, Wv }));
    const Wo = outputMatrix(heads);
    window.__attnlabMultiHead = { X, heads: hs, Wo, options: { causal } };
    const r = guard(err, t, () => lab.multiHeadAttention(X, hs, Wo, { causal }));
    clear(grid);
    if (!r) return;
    xView.set(X);
    r.heads.forEach((hd, k) => {
      const id = HEADS[k].id;
      const w = (name, m) => {
        const v = createMatrixView({ caption: t(`mh${name}`), color: 'signed', name: `mh-${name}-${k + 1}`, rowLabel: feat, digits: 3 });
        v.set(m);
        return v.el;
      };
      const hm = createHeatmap({ title: t('mhHead', { k: k + 1 }), xLabel: t('keyWord'), yLabel: t('queryWord') });
      hm.set(hd.weights, { rowLabels: tokens, colLabels: tokens });
      grid.appendChild(h('section', { class: 'panel mh-head', dataset: { head: String(k + 1) } },
        h('h3', { class: 'h-small' }, t(`head.${id}.title`, { k: k + 1 })),
        h('p', { class: 'note' }, t(`head.${id}.text`)),
        h('div', { class: 'row mh-w' }, w('Wq', hs[k].Wq), w('Wk', hs[k].Wk), w('Wv', hs[k].Wv)),
        hm.el));
    });
    concat.set(r.concat);
    wo.set(Wo);
    output.set(r.output);
  }

  return { el, render, destroy: () => { delete window.__attnlabMultiHead; } };
}
