// Graph attention (GAT) in the graphs lesson: seeded node features X and
// weights W, a; a step player through one node i's update (neighbours,
// W x_j, the concatenation, a^T [..], LeakyReLU, the softmax over the
// neighbourhood, the weighted sum), then all nodes at once (edge halves as
// thick as alpha_ij, the alpha heatmap, zeros off the graph) and several
// heads (heads.js). Numbers from the derived value gat (model.js: lab.gat,
// lab.multiHeadGat); the inputs in use are exposed as
// window.__attnlabGraphs = {X, A, heads, options, concat} for tests.
import { h } from '../../ui/dom.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { createHeads } from './heads.js';
import { STEP_IDS, FOCUS_STEPS, gatFormula } from './gat-steps.js';
import { markScrollable, explainIndex } from './draw.js';
import { gatInputs } from './gat-inputs.js';
import { createFocusPane } from './gat-focus.js';
import { createAllPane } from './gat-all.js';
import { features, headWeights, neighbours } from './state.js';
import { gatControls } from './gat-controls.js';

const transpose = (m) => m[0].map((_, c) => m.map((row) => row[c]));

// What the section reads; the inputs (X, W, a, the figures' data) are
// redrawn when the derived gat changed, the rest on every change.
const READS = ['graph', 'A', 'sel', 'nb', 'seed', 'selfLoops', 'slope', 'heads', 'concat', 'gat', 'step'];

export function gatSection({ t, values, set, control, error, watch, initialStep, setStep }) {
  let v = values, r = null, multi = null, X = [], heads = [], N = [], j = 0;
  const err = errorSlot();
  const nodeName = (i) => t('gat.nodeName', { i: i + 1 });
  const select = (i) => { if (i !== values.sel) set({ node: i + 1, nb: 0 }); };

  const controls = gatControls({ t, values, set, control, watch, select, pickNeighbour });

  const inputs = gatInputs({ t });

  // Step player and the panes it drives.
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: STEP_IDS.map((id) => ({ id, title: t(`gs.${id}.title`), text: t(`gs.${id}.text`), formula: () => (heads.length ? gatFormula(id, fctx()) : '') })),
    onStep: (i) => setStep(i),
  });
  const focusPane = createFocusPane({ t, nodeName, select, pickNeighbour, N: () => N });
  const allPane = createAllPane({ t, nodeName, select });
  const headsPart = createHeads({ t, control, onSelect: select });
  const headsPane = h('div', { class: 'gr-pane' }, headsPart.el);

  const el = h('div', { 'data-ex': 'gat' },
    h('div', { class: 'panel' },
      ...controls.els(),
      err,
      inputs.el()),
    player.el,
    h('div', { class: 'panel gr-panes' }, focusPane.el, allPane.el, headsPane));

  function fctx() {
    const nnz = r ? r.alpha.reduce((s, row) => s + row.filter((x) => x > 0).length, 0) : 0;
    return { r, multi, i: v.sel, j, N, X, Wt: heads[0].Wt, a: heads[0].a, slope: v.slope, selfLoops: v.selfLoops, K: v.heads, concat: v.concat, n: v.graph.n, edges: v.graph.edges.length, nnz, t };
  }

  // The neighbour j is state of the URL (nb, 1-based) only once picked.
  function pickNeighbour(k) {
    if (!N.includes(k) || k === j) return;
    controls.showNeighbour(k);
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
    inputs.show(X, heads, n);
    allPane.compact(n >= 11);
    stale.all = stale.heads = true;
  }

  function draw(values, changed) {
    v = values;
    // A new step only changes the panes and the formula.
    if (changed && READS.every((k) => k === 'step' || !changed.has(k))) { drawPanes(); return; }
    if (!changed || changed.has('gat')) drawInputs();
    const { graph: g, sel } = v;
    inputs.mark(sel);
    N = v.selfLoops ? [sel, ...neighbours(g, sel)] : neighbours(g, sel);
    j = N.includes(v.nb - 1) ? v.nb - 1 : (N.find((k) => k !== sel) ?? sel);
    controls.render(g.n, sel, N, j);
    drawPanes();
  }

  // The panes of steps 8 and 9 hold big figures (n x n heatmaps): they are
  // drawn only while shown; `stale` says their data changed meanwhile.
  const stale = { all: true, heads: true };

  // What depends on the step and on (i, j): the panes and the formula.
  function drawPanes() {
    const idx = player.index;
    const id = STEP_IDS[idx];
    focusPane.el.hidden = idx >= FOCUS_STEPS;
    allPane.el.hidden = id !== 'all';
    headsPane.hidden = id !== 'heads';
    if (id === 'all') {
      allPane.draw({ g: v.graph, sel: v.sel, r, selfLoops: v.selfLoops, fresh: stale.all });
      stale.all = false;
    }
    if (id === 'heads') {
      headsPart.draw({ g: v.graph, multi, sel: v.sel, K: v.heads, concat: v.concat, selfLoops: v.selfLoops, fresh: stale.heads });
      stale.heads = false;
    }
    if (idx < FOCUS_STEPS) focusPane.draw({ id, g: v.graph, i: v.sel, j, N, r, selfLoops: v.selfLoops });
    player.refresh();
    markScrollable(el.querySelectorAll('.gr-mblock'));
  }

  return { el, reads: READS, later: true, draw, destroy: () => { player.destroy(); delete window.__attnlabGraphs; } };
}
