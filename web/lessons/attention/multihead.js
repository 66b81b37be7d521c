// The multi-head part of the attention lesson: h heads, each with its own
// Wq, Wk, Wv, attend over the same tokens X; their outputs are concatenated
// and mixed by Wo. Weights come from the seed so a link reproduces them.
import { h, clear } from '../../core/dom.js';
import { rng, randomMatrix } from '../../core/random.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { guard, errorSlot } from '../shared/kit.js';

const D_MODEL = 4;
const D_HEAD = 2;

export function createMultiHead({ lab, t, heads, onHeads }) {
  const err = errorSlot();
  const grid = h('div', { class: 'side-by-side' });
  const concat = createMatrixView({ caption: t('mhConcat'), color: 'signed', name: 'concat' });
  const output = createMatrixView({ caption: t('mhOutput'), color: 'signed', name: 'mh-output' });
  const xView = createMatrixView({ caption: t('mhX'), color: 'signed', name: 'X' });
  const count = h('select', { 'aria-label': t('mhHeads') }, ...[2, 3, 4].map((v) => h('option', { value: String(v), selected: v === heads }, String(v))));
  count.addEventListener('change', () => { heads = Number(count.value); onHeads(heads); render(lastArgs); });
  const el = h('div', {},
    h('div', { class: 'controls' }, h('label', {}, t('mhHeads'), count)),
    err, xView.el, grid, h('div', { class: 'row' }, concat.el, output.el));
  let lastArgs = null;

  function render(args) {
    lastArgs = args;
    const { n, seed, causal } = args;
    const next = rng(seed * 7919 + 13);
    const X = randomMatrix(next, n, D_MODEL);
    const hs = Array.from({ length: heads }, () => ({
      Wq: randomMatrix(next, D_MODEL, D_HEAD), Wk: randomMatrix(next, D_MODEL, D_HEAD), Wv: randomMatrix(next, D_MODEL, D_HEAD),
    }));
    const Wo = randomMatrix(next, heads * D_HEAD, D_MODEL, 1);
    const r = guard(err, t, () => lab.multiHeadAttention(X, hs, Wo, { causal }));
    clear(grid);
    if (!r) return;
    xView.set(X);
    r.heads.forEach((hd, k) => {
      const hm = createHeatmap({ title: t('mhHead', { k: k + 1 }), xLabel: t('common.keyPosition'), yLabel: t('common.queryPosition') });
      hm.set(hd.weights);
      grid.appendChild(hm.el);
    });
    concat.set(r.concat);
    output.set(r.output);
  }

  return { el, render };
}
