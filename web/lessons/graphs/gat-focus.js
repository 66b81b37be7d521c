// The GAT pane of steps 1..7: one node i's neighbourhood on the graph
// (edge halves as thick as alpha_ij from the softmax step on), the table of
// its neighbours' W x_j, s_ij, e_ij, alpha_ij, and the bars of e and alpha.
import { h } from '../../ui/dom.js';
import { createGraphView } from '../../plots/graph-view.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createHBars } from './bars.js';
import { STEP_COLS } from './gat-steps.js';
import { alphaWidth, alphaTitle } from './draw.js';

const COLS = ['(Wxⱼ)₁', '(Wxⱼ)₂', 'sᵢⱼ', 'eᵢⱼ', 'αᵢⱼ'];

// N(): the neighbourhood shown (the table's rows); pickNeighbour(k): a row chosen.
export function createFocusPane({ t, nodeName, select, pickNeighbour, N }) {
  const view = createGraphView({ ariaLabel: t('gat.focusFigure'), name: 'gat-focus', size: 400, nodeName, onActivate: select });
  const table = createMatrixView({ caption: t('gat.table'), name: 'nbhd', color: 'none', digits: 4, rowLabel: (k) => `j = ${N()[k] + 1}`, colLabel: (c) => COLS[c], onCell: (k) => pickNeighbour(N()[k]) });
  const eBars = createHBars({ ariaLabel: t('gat.eBars') });
  const aBars = createHBars({ ariaLabel: t('gat.aBars') });
  const el = h('div', { class: 'gr-pane gr-stage' }, view.el,
    h('div', { class: 'gr-nbhd' }, h('div', { class: 'gr-mblock' }, table.el), h('p', { class: 'note pointer-hint' }, t('gat.tableHint')), h('div', { class: 'row' }, eBars.el, aBars.el)));

  // Step id on graph g at node i and neighbour j of N, with the results r (null: none).
  function draw({ id, g, i, j, N, r, selfLoops }) {
    const weights = r && (id === 'softmax' || id === 'aggregate');
    const touches = (a, b) => a === i || b === i;
    view.set({
      n: g.n, edges: g.edges, pos: g.pos, current: i,
      nodeClass: (k) => (k === i ? 'sel' : k === j ? 'nb cur' : N.includes(k) ? 'nb' : 'faded'),
      edgeClass: (a, b) => (touches(a, b) ? (a === j || b === j ? 'hl cur' : 'hl') : 'faded'),
      weight: weights ? (a, b) => (touches(a, b) ? alphaWidth(r.alpha[i][a === i ? b : a]) : null) : null,
      selfWeight: weights && selfLoops ? (k) => (k === i ? alphaWidth(r.alpha[i][i]) : null) : null,
      edgeTitle: r ? alphaTitle(r.alpha) : null,
      weightValue: weights ? (a, b) => (touches(a, b) ? r.alpha[i][a === i ? b : a] : null) : null,
      selfValue: weights && selfLoops ? (k) => (k === i ? r.alpha[i][i] : null) : null,
    });
    if (!r) { table.set([]); eBars.set([]); aBars.set([]); return; }
    table.set(N.map((k) => [r.Wh[k][0], r.Wh[k][1], r.src[i] + r.dst[k], r.e[i][k], r.alpha[i][k]]),
      // concat is about the rows of i and j, aggregate about every neighbour's row.
      { highlight: { rows: id === 'aggregate' ? N.map((_, q) => q) : id === 'concat' ? [N.indexOf(i), N.indexOf(j)].filter((q) => q >= 0) : [N.indexOf(j)], cols: STEP_COLS[id] || [] } });
    const es = N.map((k) => r.e[i][k]);
    const as = N.map((k) => r.alpha[i][k]);
    eBars.set(N.map((k, q) => ({ label: `j = ${k + 1}`, value: es[q] })), { range: [Math.min(0, ...es), Math.max(0, ...es)], highlight: N.indexOf(j), title: t('gat.eBars'), active: id === 'leaky' });
    aBars.set(N.map((k, q) => ({ label: `j = ${k + 1}`, value: as[q] })), { range: [0, Math.max(...as)], highlight: N.indexOf(j), title: t('gat.aBars'), active: id === 'softmax' || id === 'aggregate' });
  }
  return { el, draw };
}
