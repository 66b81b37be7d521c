// Graph attention (GAT) in the graphs lesson: seeded node features X and
// weights W, a; a step player through one node i's update (neighbours,
// W x_j, the concatenation, a^T [..], LeakyReLU, the softmax over the
// neighbourhood, the weighted sum), then all nodes at once (edge halves as
// thick as alpha_ij, the alpha heatmap, zeros off the graph) and several
// heads (graphs-heads.js). Numbers from lab.gat / lab.multiHeadGat; the
// inputs in use are exposed as window.__attnlabGraphs = {X, A, heads, options, concat}
// for tests.
import { h, clear, nextId } from '../../ui/dom.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createGraphView } from '../../plots/graph-view.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { slider, toggle, guard, errorSlot } from '../shared/kit.js';
import { createHBars } from './bars.js';
import { createHeads } from './heads.js';
import { STEP_IDS, STEP_COLS, FOCUS_STEPS, gatFormula } from './gat-steps.js';
import { alphaWidth, alphaTitle, markHeatmapRow, sameKey, markScrollable, tintSigned, explainIndex } from './draw.js';
import { features, headWeights, neighbours } from './state.js';

const COLS = ['(Wxⱼ)₁', '(Wxⱼ)₂', 'sᵢⱼ', 'eᵢⱼ', 'αᵢⱼ'];
const node = (i) => String(i + 1);

export function createGat({ lab, t, values, initialStep, onStep, onSelect, onNeighbour, onChange }) {
  let st = null, r = null, multi = null, X = [], heads = [], N = [], j = 0;
  let dataKey = '';
  const err = errorSlot();
  const nodeName = (i) => t('gat.nodeName', { i: i + 1 });

  // Controls.
  const nodeSel = h('select', { dataset: { field: 'gat-node' } });
  nodeSel.addEventListener('change', () => onSelect(Number(nodeSel.value)));
  const nbSel = h('select', { dataset: { field: 'gat-neighbour' } });
  nbSel.addEventListener('change', () => pickNeighbour(Number(nbSel.value)));
  const seedId = nextId('seed');
  const seedInput = h('input', { id: seedId, type: 'number', min: '0', max: '999999', value: String(values.seed), class: 'seed' });
  seedInput.addEventListener('change', () => {
    const s = Number(seedInput.value);
    if (Number.isInteger(s) && s >= 0 && s <= 999999) onChange({ seed: s }); else seedInput.value = String(st ? st.seed : values.seed);
  });
  const randomize = h('button', { type: 'button', class: 'btn btn-small', onclick: () => onChange({ seed: ((st ? st.seed : values.seed) + 1) % 1000000 }) }, t('common.randomize'));
  const loops = toggle({ label: t('gat.selfLoops'), checked: values.selfLoops, onChange: (v) => onChange({ selfLoops: v }) });
  const slope = slider({ label: t('gat.slope'), min: 0, max: 1, step: 0.05, value: values.slope, onInput: (v) => onChange({ slope: v }) });

  // Inputs.
  const xView = createMatrixView({ caption: t('gat.X'), name: 'X', color: 'none', digits: 3, rowLabel: node, colLabel: (d) => `x·${d + 1}` });
  const wView = createMatrixView({ caption: t('gat.W'), name: 'W', color: 'none', digits: 3 });
  const aView = createMatrixView({ caption: t('gat.a'), name: 'a', color: 'none', digits: 3, rowLabel: () => 'aᵀ' });

  // Step player and the panes it drives.
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: STEP_IDS.map((id) => ({ id, title: t(`gs.${id}.title`), text: t(`gs.${id}.text`), formula: () => (st ? gatFormula(id, fctx()) : '') })),
    onStep: (i) => { onStep(i); draw(); },
  });
  const focusView = createGraphView({ ariaLabel: t('gat.focusFigure'), name: 'gat-focus', size: 400, nodeName, onActivate: (i) => onSelect(i) });
  const table = createMatrixView({ caption: t('gat.table'), name: 'nbhd', color: 'none', digits: 4, rowLabel: (k) => `j = ${N[k] + 1}`, colLabel: (c) => COLS[c], onCell: (k) => pickNeighbour(N[k]) });
  const eBars = createHBars({ ariaLabel: t('gat.eBars') });
  const aBars = createHBars({ ariaLabel: t('gat.aBars') });
  const focusPane = h('div', { class: 'gr-pane gr-stage' }, focusView.el,
    h('div', { class: 'gr-nbhd' }, h('div', { class: 'gr-mblock' }, table.el), h('p', { class: 'note pointer-hint' }, t('gat.tableHint')), h('div', { class: 'row' }, eBars.el, aBars.el)));
  const allView = createGraphView({ ariaLabel: t('gat.allFigure'), name: 'gat-all', size: 400, nodeName, onActivate: (i) => onSelect(i) });
  const heatmap = createHeatmap({ title: t('gat.heatmap'), xLabel: t('gat.jAxis'), yLabel: t('gat.iAxis') });
  const outView = createMatrixView({ caption: t('gat.output'), name: 'gatOutput', color: 'none', digits: 3, rowLabel: node, colLabel: (d) => `h′·${d + 1}` });
  const allPane = h('div', { class: 'gr-pane' }, h('div', { class: 'gr-stage' }, allView.el, heatmap.el), h('p', { class: 'note' }, t('gat.allHint')), h('div', { class: 'gr-mblock' }, outView.el));
  const headsPart = createHeads({ t, heads: values.heads, concat: values.concat, onSelect, onChange });
  const headsPane = h('div', { class: 'gr-pane' }, headsPart.el);

  const el = h('div', {},
    h('div', { class: 'panel' },
      h('div', { class: 'controls' }, h('label', {}, t('gat.node'), nodeSel), h('label', {}, t('gat.neighbour'), nbSel),
        h('label', { for: seedId }, t('common.seed')), seedInput, randomize),
      h('div', { class: 'controls' }, loops.el, slope.el),
      err,
      h('div', { class: 'gr-inputs' }, h('div', { class: 'gr-mblock gr-x' }, xView.el), wView.el, aView.el)),
    player.el,
    h('div', { class: 'panel gr-panes' }, focusPane, allPane, headsPane));

  function fctx() {
    const nnz = r ? r.alpha.reduce((s, row) => s + row.filter((x) => x > 0).length, 0) : 0;
    return { r, multi, i: st.sel, j, N, X, Wt: heads[0].Wt, a: heads[0].a, slope: st.slope, selfLoops: st.selfLoops, K: st.heads, concat: st.concat, n: st.g.n, edges: st.g.edges.length, nnz, t };
  }

  function pickNeighbour(k) {
    if (!N.includes(k) || k === j) return;
    j = k;
    nbSel.value = String(j);
    onNeighbour(j);
    draw();
  }

  // state: {g, A, sel, nb (0-based, -1 = first), seed, selfLoops, slope, heads, concat}
  function update(state) {
    st = state;
    const { g, A, sel } = st;
    const n = g.n;
    seedInput.value = String(st.seed);
    loops.input.checked = st.selfLoops;
    slope.set(st.slope);
    const opts = { negativeSlope: st.slope, selfLoops: st.selfLoops };
    const key = sameKey(n, g.edges, st.seed, st.selfLoops, st.slope, st.heads, st.concat);
    const fresh = key !== dataKey;
    if (fresh) {
      X = features(st.seed, n);
      const res = guard(err, t, () => {
        heads = Array.from({ length: st.heads }, (_, k) => headWeights(st.seed, k)).map((hw) => ({ ...hw, W: lab.transpose(hw.Wt) }));
        const one = lab.gat(X, A, heads[0].W, heads[0].a, opts);
        const many = lab.multiHeadGat(X, A, heads.map(({ W, a }) => ({ W, a })), { ...opts, concat: st.concat });
        return { one, many };
      });
      explainIndex(err, t);
      r = res ? res.one : null;
      multi = res ? res.many : null;
      dataKey = res ? key : '';
      window.__attnlabGraphs = { X, A, heads: heads.map(({ W, a }) => ({ W, a })), options: opts, concat: st.concat };
      xView.el.classList.toggle('gr-compact', n >= 11);
      outView.el.classList.toggle('gr-compact', n >= 11);
      xView.set(X);
      wView.set(heads[0] ? heads[0].Wt : []);
      aView.set(heads[0] ? [heads[0].a] : []);
      for (const v of [xView, wView, aView]) tintSigned(v);
      stale.all = stale.heads = true;
    }
    xView.mark({ rows: [sel] });
    N = st.selfLoops ? [sel, ...neighbours(g, sel)] : neighbours(g, sel);
    j = N.includes(st.nb) ? st.nb : (N.find((k) => k !== sel) ?? sel);
    clear(nodeSel);
    for (let i = 0; i < n; i++) nodeSel.appendChild(h('option', { value: String(i), selected: i === sel }, node(i)));
    clear(nbSel);
    for (const k of N) nbSel.appendChild(h('option', { value: String(k), selected: k === j }, node(k)));
    nbSel.disabled = !N.length;
    draw();
  }

  // The panes of steps 8 and 9 hold big figures (n x n heatmaps): they are
  // drawn only while shown; `stale` says their data changed meanwhile.
  const stale = { all: true, heads: true };
  function drawAll() {
    const { g, sel } = st;
    const n = g.n;
    if (stale.all) { heatmap.set(r ? r.alpha : []); outView.set(r ? r.output : []); tintSigned(outView); stale.all = false; }
    outView.mark({ rows: [sel] });
    if (r) markHeatmapRow(heatmap, n, n, sel);
    allView.set({
      n, edges: g.edges, pos: g.pos, current: sel, nodeClass: (k) => (k === sel ? 'sel' : ''),
      weight: r ? (a, b) => alphaWidth(r.alpha[a][b]) : null,
      selfWeight: r && st.selfLoops ? (k) => alphaWidth(r.alpha[k][k]) : null,
      edgeTitle: r ? alphaTitle(r.alpha) : null,
      weightValue: r ? (a, b) => r.alpha[a][b] : null,
      selfValue: r && st.selfLoops ? (k) => r.alpha[k][k] : null,
    });
  }

  // What depends on the step and on (i, j): the focus pane and the formula.
  function draw() {
    if (!st) return;
    const idx = player.index;
    const id = STEP_IDS[idx];
    focusPane.hidden = idx >= FOCUS_STEPS;
    allPane.hidden = id !== 'all';
    headsPane.hidden = id !== 'heads';
    if (id === 'all') drawAll();
    if (id === 'heads') {
      headsPart.update({ g: st.g, multi, sel: st.sel, K: st.heads, concat: st.concat, selfLoops: st.selfLoops, fresh: stale.heads });
      stale.heads = false;
    }
    if (idx >= FOCUS_STEPS) { player.refresh(); markScrollable(el.querySelectorAll('.gr-mblock')); return; }
    const { g, sel: i } = st;
    const weights = r && (id === 'softmax' || id === 'aggregate');
    const touches = (a, b) => a === i || b === i;
    focusView.set({
      n: g.n, edges: g.edges, pos: g.pos, current: i,
      nodeClass: (k) => (k === i ? 'sel' : k === j ? 'nb cur' : N.includes(k) ? 'nb' : 'faded'),
      edgeClass: (a, b) => (touches(a, b) ? (a === j || b === j ? 'hl cur' : 'hl') : 'faded'),
      weight: weights ? (a, b) => (touches(a, b) ? alphaWidth(r.alpha[i][a === i ? b : a]) : null) : null,
      selfWeight: weights && st.selfLoops ? (k) => (k === i ? alphaWidth(r.alpha[i][i]) : null) : null,
      edgeTitle: r ? alphaTitle(r.alpha) : null,
      weightValue: weights ? (a, b) => (touches(a, b) ? r.alpha[i][a === i ? b : a] : null) : null,
      selfValue: weights && st.selfLoops ? (k) => (k === i ? r.alpha[i][i] : null) : null,
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

  return { el, update, destroy: () => { player.destroy(); delete window.__attnlabGraphs; } };
}
