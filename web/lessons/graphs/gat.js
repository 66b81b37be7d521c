// Graph attention (GAT) in the graphs lesson: seeded node features X and
// weights W, a; a step player through one node i's update (neighbours,
// W x_j, the concatenation, a^T [..], LeakyReLU, the softmax over the
// neighbourhood, the weighted sum), then all nodes at once (edge halves as
// thick as alpha_ij, the alpha heatmap, zeros off the graph) and several
// heads (heads.js). Numbers from the derived value gat (model.js: lab.gat,
// lab.multiHeadGat); the inputs in use are exposed as
// window.__attnlabGraphs = {X, A, heads, options, concat} for tests.
import { h, clear } from '../../ui/dom.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createGraphView } from '../../plots/graph-view.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { createHBars } from './bars.js';
import { createHeads } from './heads.js';
import { STEP_IDS, STEP_COLS, FOCUS_STEPS, gatFormula } from './gat-steps.js';
import { alphaWidth, alphaTitle, markHeatmapRow, markScrollable, tintSigned, explainIndex } from './draw.js';
import { features, headWeights, neighbours } from './state.js';
import { seedInput } from './seed.js';

const COLS = ['(Wxⱼ)₁', '(Wxⱼ)₂', 'sᵢⱼ', 'eᵢⱼ', 'αᵢⱼ'];
const node = (i) => String(i + 1);
const transpose = (m) => m[0].map((_, c) => m.map((row) => row[c]));

// What the section reads; the inputs (X, W, a, the figures' data) are
// redrawn when the derived gat changed, the rest on every change.
const READS = ['graph', 'A', 'sel', 'nb', 'seed', 'selfLoops', 'slope', 'heads', 'concat', 'gat', 'step'];

export function gatSection({ t, values, set, control, error, watch, initialStep, setStep }) {
  let v = values, r = null, multi = null, X = [], heads = [], N = [], j = 0;
  const err = errorSlot();
  const nodeName = (i) => t('gat.nodeName', { i: i + 1 });
  const select = (i) => { if (i !== values.sel) set({ node: i + 1, nb: 0 }); };

  // Controls.
  const nodeSel = h('select', { dataset: { field: 'gat-node' } });
  nodeSel.addEventListener('change', () => select(Number(nodeSel.value)));
  const nbSel = h('select', { dataset: { field: 'gat-neighbour' } });
  nbSel.addEventListener('change', () => pickNeighbour(Number(nbSel.value)));
  const seed = seedInput({ name: 'seed', t, values, set, watch });
  const randomize = h('button', { type: 'button', class: 'btn btn-small', onclick: () => set({ seed: (values.seed + 1) % 1000000 }) }, t('common.randomize'));
  const loops = control('selfLoops', { label: t('gat.selfLoops') });
  const slope = control('slope', { label: t('gat.slope') });

  // Inputs.
  const xView = createMatrixView({ caption: t('gat.X'), name: 'X', color: 'none', digits: 3, rowLabel: node, colLabel: (d) => `x·${d + 1}` });
  const wView = createMatrixView({ caption: t('gat.W'), name: 'W', color: 'none', digits: 3 });
  const aView = createMatrixView({ caption: t('gat.a'), name: 'a', color: 'none', digits: 3, rowLabel: () => 'aᵀ' });

  // Step player and the panes it drives.
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: STEP_IDS.map((id) => ({ id, title: t(`gs.${id}.title`), text: t(`gs.${id}.text`), formula: () => (heads.length ? gatFormula(id, fctx()) : '') })),
    onStep: (i) => setStep(i),
  });
  const focusView = createGraphView({ ariaLabel: t('gat.focusFigure'), name: 'gat-focus', size: 400, nodeName, onActivate: select });
  const table = createMatrixView({ caption: t('gat.table'), name: 'nbhd', color: 'none', digits: 4, rowLabel: (k) => `j = ${N[k] + 1}`, colLabel: (c) => COLS[c], onCell: (k) => pickNeighbour(N[k]) });
  const eBars = createHBars({ ariaLabel: t('gat.eBars') });
  const aBars = createHBars({ ariaLabel: t('gat.aBars') });
  const focusPane = h('div', { class: 'gr-pane gr-stage' }, focusView.el,
    h('div', { class: 'gr-nbhd' }, h('div', { class: 'gr-mblock' }, table.el), h('p', { class: 'note pointer-hint' }, t('gat.tableHint')), h('div', { class: 'row' }, eBars.el, aBars.el)));
  const allView = createGraphView({ ariaLabel: t('gat.allFigure'), name: 'gat-all', size: 400, nodeName, onActivate: select });
  const heatmap = createHeatmap({ title: t('gat.heatmap'), xLabel: t('gat.jAxis'), yLabel: t('gat.iAxis') });
  const outView = createMatrixView({ caption: t('gat.output'), name: 'gatOutput', color: 'none', digits: 3, rowLabel: node, colLabel: (d) => `h′·${d + 1}` });
  const allPane = h('div', { class: 'gr-pane' }, h('div', { class: 'gr-stage' }, allView.el, heatmap.el), h('p', { class: 'note' }, t('gat.allHint')), h('div', { class: 'gr-mblock' }, outView.el));
  const headsPart = createHeads({ t, control, onSelect: select });
  const headsPane = h('div', { class: 'gr-pane' }, headsPart.el);

  const el = h('div', { 'data-ex': 'gat' },
    h('div', { class: 'panel' },
      h('div', { class: 'controls' }, h('label', {}, t('gat.node'), nodeSel), h('label', {}, t('gat.neighbour'), nbSel),
        seed.label, seed.input, randomize),
      h('div', { class: 'controls' }, loops.el, slope.el),
      err,
      h('div', { class: 'gr-inputs' }, h('div', { class: 'gr-mblock gr-x' }, xView.el), wView.el, aView.el)),
    player.el,
    h('div', { class: 'panel gr-panes' }, focusPane, allPane, headsPane));

  function fctx() {
    const nnz = r ? r.alpha.reduce((s, row) => s + row.filter((x) => x > 0).length, 0) : 0;
    return { r, multi, i: v.sel, j, N, X, Wt: heads[0].Wt, a: heads[0].a, slope: v.slope, selfLoops: v.selfLoops, K: v.heads, concat: v.concat, n: v.graph.n, edges: v.graph.edges.length, nnz, t };
  }

  // The neighbour j is state of the URL (nb, 1-based) only once picked.
  function pickNeighbour(k) {
    if (!N.includes(k) || k === j) return;
    nbSel.value = String(k);
    set({ nb: k + 1 });
  }

  // The seeded inputs and the results: after a failed core call the inputs
  // are still shown (X and W, a of the seed), the results are not.
  function drawInputs() {
    const n = v.graph.n;
    const res = v.gat;
    if (res) { ({ X, heads } = res); err.textContent = ''; err.hidden = true; } else {
      X = features(v.seed, n);
      heads = Array.from({ length: v.heads }, (_, k) => headWeights(v.seed, k)).map((hw) => ({ ...hw, W: transpose(hw.Wt) }));
      showCoreError(err, t, error('gat'));
      explainIndex(err, t);
    }
    r = res ? res.one : null;
    multi = res ? res.many : null;
    window.__attnlabGraphs = { X, A: v.A, heads: heads.map(({ W, a }) => ({ W, a })), options: { negativeSlope: v.slope, selfLoops: v.selfLoops }, concat: v.concat };
    xView.el.classList.toggle('gr-compact', n >= 11);
    outView.el.classList.toggle('gr-compact', n >= 11);
    xView.set(X);
    wView.set(heads[0] ? heads[0].Wt : []);
    aView.set(heads[0] ? [heads[0].a] : []);
    for (const m of [xView, wView, aView]) tintSigned(m);
    stale.all = stale.heads = true;
  }

  function draw(values, changed) {
    v = values;
    // A new step only changes the panes and the formula.
    if (changed && READS.every((k) => k === 'step' || !changed.has(k))) { drawPanes(); return; }
    if (!changed || changed.has('gat')) drawInputs();
    const { graph: g, sel } = v;
    xView.mark({ rows: [sel] });
    N = v.selfLoops ? [sel, ...neighbours(g, sel)] : neighbours(g, sel);
    j = N.includes(v.nb - 1) ? v.nb - 1 : (N.find((k) => k !== sel) ?? sel);
    clear(nodeSel);
    for (let i = 0; i < g.n; i++) nodeSel.appendChild(h('option', { value: String(i), selected: i === sel }, node(i)));
    clear(nbSel);
    for (const k of N) nbSel.appendChild(h('option', { value: String(k), selected: k === j }, node(k)));
    nbSel.disabled = !N.length;
    drawPanes();
  }

  // The panes of steps 8 and 9 hold big figures (n x n heatmaps): they are
  // drawn only while shown; `stale` says their data changed meanwhile.
  const stale = { all: true, heads: true };
  function drawAll() {
    const { graph: g, sel } = v;
    const n = g.n;
    if (stale.all) { heatmap.set(r ? r.alpha : []); outView.set(r ? r.output : []); tintSigned(outView); stale.all = false; }
    outView.mark({ rows: [sel] });
    if (r) markHeatmapRow(heatmap, n, n, sel);
    allView.set({
      n, edges: g.edges, pos: g.pos, current: sel, nodeClass: (k) => (k === sel ? 'sel' : ''),
      weight: r ? (a, b) => alphaWidth(r.alpha[a][b]) : null,
      selfWeight: r && v.selfLoops ? (k) => alphaWidth(r.alpha[k][k]) : null,
      edgeTitle: r ? alphaTitle(r.alpha) : null,
      weightValue: r ? (a, b) => r.alpha[a][b] : null,
      selfValue: r && v.selfLoops ? (k) => r.alpha[k][k] : null,
    });
  }

  // What depends on the step and on (i, j): the panes and the formula.
  function drawPanes() {
    const idx = player.index;
    const id = STEP_IDS[idx];
    focusPane.hidden = idx >= FOCUS_STEPS;
    allPane.hidden = id !== 'all';
    headsPane.hidden = id !== 'heads';
    if (id === 'all') drawAll();
    if (id === 'heads') {
      headsPart.draw({ g: v.graph, multi, sel: v.sel, K: v.heads, concat: v.concat, selfLoops: v.selfLoops, fresh: stale.heads });
      stale.heads = false;
    }
    if (idx >= FOCUS_STEPS) { player.refresh(); markScrollable(el.querySelectorAll('.gr-mblock')); return; }
    const { graph: g, sel: i } = v;
    const weights = r && (id === 'softmax' || id === 'aggregate');
    const touches = (a, b) => a === i || b === i;
    focusView.set({
      n: g.n, edges: g.edges, pos: g.pos, current: i,
      nodeClass: (k) => (k === i ? 'sel' : k === j ? 'nb cur' : N.includes(k) ? 'nb' : 'faded'),
      edgeClass: (a, b) => (touches(a, b) ? (a === j || b === j ? 'hl cur' : 'hl') : 'faded'),
      weight: weights ? (a, b) => (touches(a, b) ? alphaWidth(r.alpha[i][a === i ? b : a]) : null) : null,
      selfWeight: weights && v.selfLoops ? (k) => (k === i ? alphaWidth(r.alpha[i][i]) : null) : null,
      edgeTitle: r ? alphaTitle(r.alpha) : null,
      weightValue: weights ? (a, b) => (touches(a, b) ? r.alpha[i][a === i ? b : a] : null) : null,
      selfValue: weights && v.selfLoops ? (k) => (k === i ? r.alpha[i][i] : null) : null,
    });
    if (r) {
      table.set(N.map((k) => [r.Wh[k][0], r.Wh[k][1], r.src[i] + r.dst[k], r.e[i][k], r.alpha[i][k]]),
        // concat is about the rows of i and j, aggregate about every neighbour's row.
        { highlight: { rows: id === 'aggregate' ? N.map((_, q) => q) : id === 'concat' ? [N.indexOf(i), N.indexOf(j)].filter((q) => q >= 0) : [N.indexOf(j)], cols: STEP_COLS[id] || [] } });
      const es = N.map((k) => r.e[i][k]);
      const as = N.map((k) => r.alpha[i][k]);
      eBars.set(N.map((k, q) => ({ label: `j = ${k + 1}`, value: es[q] })), { range: [Math.min(0, ...es), Math.max(0, ...es)], highlight: N.indexOf(j), title: t('gat.eBars'), active: id === 'leaky' });
      aBars.set(N.map((k, q) => ({ label: `j = ${k + 1}`, value: as[q] })), { range: [0, Math.max(...as)], highlight: N.indexOf(j), title: t('gat.aBars'), active: id === 'softmax' || id === 'aggregate' });
    } else { table.set([]); eBars.set([]); aBars.set([]); }
    player.refresh();
    markScrollable(el.querySelectorAll('.gr-mblock'));
  }

  return { el, reads: READS, later: true, draw, destroy: () => { player.destroy(); delete window.__attnlabGraphs; } };
}
