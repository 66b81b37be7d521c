// "Attention as a graph" in the graphs lesson: a transformer's
// self-attention over the same node features (lab.selfAttention, seeded
// W_Q, W_K, W_V) lets every node attend to every node: attention on the
// complete graph. Optionally masked by the graph's edges; a toggle puts
// GAT's weights beside it, on the drawn graph or on the complete graph.
// The numbers are the derived value cmp (model.js).
import { h, clear } from '../../ui/dom.js';
import { texNode } from '../../math/tex.js';
import { createGraphView } from '../../plots/graph-view.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { alphaWidth, alphaTitle, markHeatmapRow, explainIndex } from './draw.js';

const SA_TEX = '\\alpha^{\\mathrm{SA}}_{ij} = \\operatorname{softmax}_{j}\\!\\left(\\frac{(x_i W_Q)(x_j W_K)^{\\top}}{\\sqrt{d_k}}\\right)';
const GAT_TEX = '\\alpha^{\\mathrm{GAT}}_{ij} = \\operatorname{softmax}_{j \\in \\mathcal{N}(i)}\\!\\left(\\operatorname{LeakyReLU}\\!\\left(a^{\\top}[W x_i \\Vert W x_j]\\right)\\right)';

// The star of node i: an edge from i to every node k != i.
const star = (n, i) => Array.from({ length: n }, (_, k) => k).filter((k) => k !== i).map((k) => (k < i ? [k, i] : [i, k]));

export function compareSection({ t, values, set, control, error }) {
  const err = errorSlot();
  const onSelect = (i) => { if (i !== values.sel) set({ node: i + 1, nb: 0 }); };
  const cmp = control('compare', { label: t('cmp.toggle') });
  const maskT = control('mask', { label: t('cmp.mask') });
  const gatOn = control('gatOn', { label: t('cmp.gatOn'), options: [['graph', t('cmp.onGraph')], ['complete', t('cmp.onComplete')]] });
  const nodeName = (i) => t('gat.nodeName', { i: i + 1 });
  const side = (name, title, tex) => {
    const view = createGraphView({ ariaLabel: title, name, size: 320, nodeName, onActivate: (i) => onSelect(i) });
    const heatmap = createHeatmap({ title, xLabel: t('gat.jAxis'), yLabel: t('gat.iAxis') });
    const count = h('p', { class: 'note' });
    const box = h('div', { class: 'gr-cmp-side' }, h('h3', { class: 'h-small' }, title), texNode(tex, true, 'div'),
      h('div', { class: 'gr-cmp-figs' }, view.el, heatmap.el), count);
    return { view, heatmap, count, box };
  };
  const sa = side('sa', t('cmp.saTitle'), SA_TEX);
  const gat = side('gat-cmp', t('cmp.gatTitle'), GAT_TEX);
  const grid = h('div', { class: 'side-by-side gr-cmp' });
  const el = h('div', { class: 'panel', 'data-ex': 'compare' },
    h('div', { class: 'controls gr-cmp-controls' }, cmp.el, gatOn.el, maskT.el), err, grid);

  // The graph's edges (faint) and, drawn by weight, node i's edges: its
  // star on the complete graph when `all`, else its edges in the graph.
  function draw(part, g, i, alpha, all, selfLoops, fresh) {
    const n = g.n;
    const keyed = new Map(g.edges.map((e) => [`${e[0]},${e[1]}`, e]));
    if (all) for (const e of star(n, i)) keyed.set(`${e[0]},${e[1]}`, e);
    part.view.set({
      n, edges: [...keyed.values()], pos: g.pos, current: i, nodeClass: (k) => (k === i ? 'sel' : ''),
      edgeClass: (a, b) => (a === i || b === i ? '' : 'faded'),
      weight: (a, b) => (a === i || b === i ? alphaWidth(alpha[i][a === i ? b : a]) : null),
      selfWeight: selfLoops ? (k) => (k === i ? alphaWidth(alpha[i][i]) : null) : null,
      edgeTitle: alphaTitle(alpha),
      weightValue: (a, b) => (a === i || b === i ? alpha[i][a === i ? b : a] : null),
      selfValue: selfLoops ? (k) => (k === i ? alpha[i][i] : null) : null,
    });
    if (fresh) part.heatmap.set(alpha);
    markHeatmapRow(part.heatmap, n, n, i);
    const nnz = alpha.reduce((s, row) => s + row.filter((x) => x > 0).length, 0);
    part.count.textContent = t('cmp.nnz', { nnz, all: n * n });
  }

  return {
    el,
    reads: ['graph', 'sel', 'selfLoops', 'compare', 'gatOn', 'mask', 'cmp'],
    later: true,
    draw({ graph: g, sel, selfLoops, compare, gatOn: on, mask, cmp: r }, changed) {
      gatOn.el.hidden = !compare;
      if (!r) { showCoreError(err, t, error('cmp')); explainIndex(err, t); clear(grid); return; }
      err.textContent = '';
      err.hidden = true;
      const fresh = !changed || changed.has('cmp');
      // Self-attention always has the self loop i -> i (unless masked without self loops).
      draw(sa, g, sel, r.s.weights, !mask, !mask || selfLoops, fresh);
      if (sa.box.parentNode !== grid) grid.appendChild(sa.box);
      if (r.gr) {
        draw(gat, g, sel, r.gr.alpha, on === 'complete', selfLoops, fresh);
        if (gat.box.parentNode !== grid) grid.appendChild(gat.box);
      } else gat.box.remove();
    },
  };
}
