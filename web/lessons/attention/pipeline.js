// The attention pipeline beside its step player: one head's projections
// (sentence) Q = X W_Q, K = X W_K, V = X W_V, then Q K^T -> / sqrt(d_k) ->
// mask -> softmax -> x V, each a matrix from the core (model.js: run) with
// the query row and key column of the focused cell highlighted; the
// arithmetic of that cell, and the weights heatmap with its exports (a
// section of its own on the page, drawn with the focus it highlights).
import { h } from '../../ui/dom.js';
import { sub } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { besidePlayer, revealFigure } from '../shared/kit.js';
import { explainCell } from './arith.js';
import { projArith } from './formula.js';
import { defaultQuery, tokenWord } from './inputs.js';
import { heatmapPanel } from './heatmap-panel.js';
import { highlights } from './highlights.js';
import { projectionPanel } from './projection-panel.js';
import { pipelineViews, showMarkedColumns } from './pipeline-views.js';
import { STEPS, VIEW_OF_STEP, pipelineSteps } from './pipeline-steps.js';

export function pipelineSection({ t, lang, lab, values, set, setStep, initialStep }) {
  // The inputs shown: typed numbers are Q, K, V even when the core refuses
  // them; a sentence the core refuses leaves its last Q, K, V.
  const cur = { Q: null, K: null, V: null, r: null, n: 0, dk: 0, dv: 0 };
  // focus: the cell explained, {name, i, j} (values.focus, kept within the
  // matrices shown). A cell pointed at (hover, tap, focus) is the one
  // explained, except while a step scrolls its panel into view (until quietUntil).
  const state = { focus: null, quietUntil: 0 };
  const word = (i) => tokenWord(values, t, i);
  const tok = (i) => `${word(i)}${sub(i + 1)}`;
  const labels = () => Array.from({ length: cur.n }, (_, i) => word(i));
  const pickKey = (i) => strongestKey(cur.r, i);
  const pointAt = (name) => (i, j) => { if (performance.now() < state.quietUntil) return; set({ focus: { name, i, j } }); };

  const proj = projectionPanel({ t, lang, values, set, word, onCell: pointAt('project') });
  const pipe = pipelineViews({ t, word, pointAt });
  const arith = h('pre', { class: 'arith', 'aria-live': 'polite', 'aria-label': t('arithLabel') });
  const heatmap = createHeatmap({ title: t('heatmapTitle'), xLabel: t('keyWord'), yLabel: t('queryWord') });
  const matrixByName = (name) => (name === 'X' ? (values.numbers ? [] : values.sent.X) : ({ Q: cur.Q, K: cur.K, V: cur.V })[name] || (cur.r ? cur.r[name] : []));

  const player = createStepPlayer({
    t, initial: initialStep,
    steps: pipelineSteps({ t, lang, values, formulaContext: () => (state.focus ? { ...values, ...cur, focus: state.focus, word, pickKey, t } : null) }),
    onStep: (i) => {
      setStep(i);
      const v = VIEW_OF_STEP[STEPS[i]];
      const cols = v === 'output' ? cur.dv : v === 'project' ? cur.dk : cur.n;
      const { focus } = state;
      set({ focus: { name: v, i: Math.min(focus.i, cur.n - 1), j: Math.min(v === 'output' || v === 'project' ? focus.j : pickKey(focus.i), cols - 1) } });
      showMarkedColumns(pipe.el);
      // The page scrolls under a mouse that stays on the Next button: the
      // cell it then hovers must not take the step's focus.
      if (revealFigure(activePanel(parts))) state.quietUntil = performance.now() + 1500;
    },
  });
  const parts = { lab, t, values, cur, state, proj, pipe, arith, heatmap, player, labels, tok };

  set({ focus: firstFocus(values, VIEW_OF_STEP[STEPS[player.index]] || 'output') });

  const main = {
    el: besidePlayer(player, null, proj.el, pipe.el,
      h('div', { class: 'panel', 'data-ex': 'arith' }, h('h2', { class: 'h-small' }, t('arithHeading')), arith, h('p', { class: 'note pointer-hint' }, t('arithHint')))),
    reads: ['run', 'focus', 'numbers', 'sent', 'num', 'causal'],
    draw(v, changed) {
      if (!changed || changed.has('focus')) state.focus = { ...v.focus };
      const data = !changed || ['run', 'numbers', 'sent', 'num'].some((k) => changed.has(k));
      if (data && !showData(parts, v)) return;
      markActive(parts);
      explain(parts);
    },
    destroy: () => { player.destroy(); delete window.__attnlabLesson; },
  };
  return [main, { el: heatmapPanel(t, heatmap, matrixByName) }];
}

// The key a query attends to most (from the core's weights r).
function strongestKey(r, i) {
  if (!r || !r.weights[i]) return 0;
  const w = r.weights[i];
  return w.indexOf(Math.max(...w));
}

// The cell explained first, in view name: the pronoun's row ("it"), at the key it attends to most.
function firstFocus(values, name) {
  const i = values.numbers ? 0 : defaultQuery(values.sent);
  const r = values.run;
  const j = !values.numbers && r && name !== 'output' && name !== 'project' && r.weights[i] ? r.weights[i].indexOf(Math.max(...r.weights[i])) : 0;
  return { name, i, j };
}

// The panel the current step is about (the heatmap step: the weights).
function activePanel({ player, proj, pipe }) {
  const active = VIEW_OF_STEP[STEPS[player.index]];
  return active === 'project' ? proj.el : pipe.panels[active === 'masked' ? 'scaled' : active];
}

function markActive({ player, proj, pipe }) {
  const active = VIEW_OF_STEP[STEPS[player.index]];
  for (const [name, p] of Object.entries(pipe.panels)) p.classList.toggle('active', name === active || (name === 'scaled' && active === 'masked') || (name === 'qk' && (active === 'scores' || active === 'output')));
  proj.el.classList.toggle('active', active === 'project');
}

// New inputs or results: every matrix again. Returns whether there are results.
function showData({ lab, cur, state, proj, pipe, labels }, { numbers, sent, num, run, causal }) {
  if (numbers) Object.assign(cur, num);
  else if (run) Object.assign(cur, { Q: run.Q, K: run.K, V: run.V });
  cur.r = run;
  cur.n = cur.Q.length; cur.dk = cur.Q[0].length; cur.dv = cur.V[0].length;
  window.__attnlabLesson = { Q: cur.Q, K: cur.K, V: cur.V, options: { causal }, tokens: labels(), source: numbers ? 'numbers' : 'sentence' };
  if (!numbers) for (const [name, e] of Object.entries(proj.editors)) e.set(sent[name]);
  proj.sentence.hidden = numbers;
  proj.numbers.hidden = !numbers;
  state.focus.i = Math.min(state.focus.i, cur.n - 1);
  if (!run) { for (const v of Object.values(pipe.views)) v.set([]); return false; }
  if (!numbers) for (const name of ['Q', 'K', 'V']) proj.views[name].set(run[name]);
  pipe.qkViews.Q.set(cur.Q); pipe.qkViews.Kt.set(lab.transpose(cur.K)); pipe.qkViews.V.set(cur.V);
  for (const [name, v] of Object.entries(pipe.views)) v.set(run[name]);
  pipe.el.classList.toggle('wide', cur.n > 6);  // n × n matrices of many words get the full width
  return true;
}

// Highlights what the focused cell is made of (highlights.js), its
// arithmetic, and the heatmap's cell or row.
function explain({ t, values, cur, state, proj, pipe, arith, heatmap, player, labels, tok }) {
  const { r, n, dv, dk } = cur;
  if (!r) { arith.textContent = ''; return; }
  const { name, i } = state.focus;
  const j = Math.min(state.focus.j, (name === 'output' ? dv : name === 'project' ? dk : n) - 1);
  const marks = highlights(name, i, j, n, values.causal);
  const { qkViews } = pipe;
  qkViews.Q.mark(marks.qkQ || null); qkViews.Kt.mark(marks.qkKt || null); qkViews.V.mark(marks.qkV || null);
  for (const [k, v] of Object.entries(pipe.views)) v.mark(marks[k] || null);
  for (const v of Object.values(proj.views)) v.mark(marks.proj ? { rows: [i] } : null);
  heatmap.set(r.weights, { rowLabels: labels(), colLabels: labels(), highlight: name === 'output' ? { rows: [i] } : name === 'project' ? null : { cells: [[i, j]] } });
  arith.textContent = name === 'project'
    ? projArith(i, j, { ...values, r, t, tok })
    : explainCell(name === 'masked' ? 'scaled' : name, i, j, { Q: cur.Q, K: cur.K, V: cur.V, r, scale: 1 / Math.sqrt(dk), t, tok });
  player.refresh();
}
