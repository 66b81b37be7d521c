// The GAT pane of step 8, all nodes at once: edge halves as thick as
// alpha_ij, the alpha heatmap (zeros off the graph) and the output H′.
import { h } from '../../ui/dom.js';
import { createGraphView } from '../../plots/graph-view.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { alphaWidth, alphaTitle, markHeatmapRow, tintSigned } from './draw.js';

const node = (i) => String(i + 1);

export function createAllPane({ t, nodeName, select }) {
  const view = createGraphView({ ariaLabel: t('gat.allFigure'), name: 'gat-all', size: 400, nodeName, onActivate: select });
  const heatmap = createHeatmap({ title: t('gat.heatmap'), xLabel: t('gat.jAxis'), yLabel: t('gat.iAxis') });
  const outView = createMatrixView({ caption: t('gat.output'), name: 'gatOutput', color: 'none', digits: 3, rowLabel: node, colLabel: (d) => `h′·${d + 1}` });
  const el = h('div', { class: 'gr-pane' }, h('div', { class: 'gr-stage' }, view.el, heatmap.el), h('p', { class: 'note' }, t('gat.allHint')), h('div', { class: 'gr-mblock' }, outView.el));

  // Graph g with node sel chosen, the results r (null: none); fresh: r
  // changed since the last draw (the heatmap and H′ are drawn again).
  function draw({ g, sel, r, selfLoops, fresh }) {
    const n = g.n;
    if (fresh) { heatmap.set(r ? r.alpha : []); outView.set(r ? r.output : []); tintSigned(outView); }
    outView.mark({ rows: [sel] });
    if (r) markHeatmapRow(heatmap, n, n, sel);
    view.set({
      n, edges: g.edges, pos: g.pos, current: sel, nodeClass: (k) => (k === sel ? 'sel' : ''),
      weight: r ? (a, b) => alphaWidth(r.alpha[a][b]) : null,
      selfWeight: r && selfLoops ? (k) => alphaWidth(r.alpha[k][k]) : null,
      edgeTitle: r ? alphaTitle(r.alpha) : null,
      weightValue: r ? (a, b) => r.alpha[a][b] : null,
      selfValue: r && selfLoops ? (k) => r.alpha[k][k] : null,
    });
  }
  return { el, draw, compact: (on) => outView.el.classList.toggle('gr-compact', on) };
}
