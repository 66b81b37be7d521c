// Several GAT heads side by side (lab.multiHeadGat): each head its own W^k,
// a^k (seeded), its own attention drawn on the graph (edge halves as thick
// as alpha^k) and as a heatmap; then the heads' outputs concatenated or
// averaged.
import { h, clear } from '../../ui/dom.js';
import { createGraphView } from '../../plots/graph-view.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { MAX_HEADS_UI, alphaWidth, alphaTitle, markHeatmapRow, tintSigned } from './draw.js';

// control: the lesson's api.control (the head count is a menu of 1..MAX_HEADS_UI).
export function createHeads({ t, control, onSelect }) {
  const count = control('heads', { label: t('heads.count'), options: Array.from({ length: MAX_HEADS_UI }, (_, k) => [k + 1, String(k + 1)]) });
  const concatToggle = control('concat', { label: t('heads.concat') });
  const grid = h('div', { class: 'gr-heads' });
  const outWrap = h('div', { class: 'gr-mblock' });
  const el = h('div', {},
    h('div', { class: 'controls' }, count.el, concatToggle.el),
    grid, outWrap);
  const cells = [];  // per head: {box, view, heatmap}
  let output = null;
  let outKey = '';

  function cellFor(k) {
    if (!cells[k]) {
      const view = createGraphView({ ariaLabel: t('heads.figure', { k: k + 1 }), name: `head-${k + 1}`, size: 300,
        nodeName: (i) => t('gat.nodeName', { i: i + 1 }), onActivate: (i) => onSelect(i) });
      const heatmap = createHeatmap({ title: t('heads.heatmap', { k: k + 1 }), xLabel: t('gat.jAxis'), yLabel: t('gat.iAxis') });
      const box = h('div', { class: 'gr-head' }, h('h3', { class: 'h-small' }, t('heads.title', { k: k + 1 })), view.el, heatmap.el);
      cells[k] = { box, view, heatmap };
    }
    return cells[k];
  }

  // multi: lab.multiHeadGat's result, or null after an error; fresh: it
  // changed since the last call (else only the chosen node moved).
  function draw({ g, multi, sel, K, concat: cat, selfLoops, fresh }) {
    if (!multi) { clear(grid); clear(outWrap); outKey = ''; return; }
    if (grid.children.length !== multi.heads.length) clear(grid);
    multi.heads.forEach((r, k) => {
      const c = cellFor(k);
      c.view.set({
        n: g.n, edges: g.edges, pos: g.pos, current: sel,
        nodeClass: (i) => (i === sel ? 'sel' : ''),
        weight: (i, j) => alphaWidth(r.alpha[i][j]),
        selfWeight: selfLoops ? (i) => alphaWidth(r.alpha[i][i]) : null,
        edgeTitle: alphaTitle(r.alpha),
        weightValue: (i, j) => r.alpha[i][j],
        selfValue: selfLoops ? (i) => r.alpha[i][i] : null,
      });
      if (fresh) c.heatmap.set(r.alpha);
      markHeatmapRow(c.heatmap, g.n, g.n, sel);
      if (c.box.parentNode !== grid) grid.appendChild(c.box);
    });
    const fp = multi.heads[0].Wh[0].length;
    const key = `${K}:${cat}`;
    if (key !== outKey) {
      outKey = key;
      output = createMatrixView({
        caption: t(cat ? 'heads.outConcat' : 'heads.outMean', { K }), name: 'gatMulti', color: 'none', digits: 3,
        rowLabel: (i) => String(i + 1), colLabel: (d) => (cat ? `${Math.floor(d / fp) + 1}:${(d % fp) + 1}` : String(d + 1)),
      });
      clear(outWrap).appendChild(output.el);
    }
    output.el.classList.toggle('gr-compact', g.n >= 11);
    if (fresh || output.data !== multi.output) { output.set(multi.output); tintSigned(output); }
    output.mark({ rows: [sel] });
  }

  return { el, draw };
}
