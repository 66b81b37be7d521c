// The attention pipeline beside its step player: one head's projections
// (sentence) Q = X W_Q, K = X W_K, V = X W_V, then Q K^T -> / sqrt(d_k) ->
// mask -> softmax -> x V, each a matrix from the core (model.js: run) with
// the query row and key column of the focused cell highlighted; the
// arithmetic of that cell, and the weights heatmap with its exports (a
// section of its own on the page, drawn with the focus it highlights).
import { h } from '../../ui/dom.js';
import { sub } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { prose, besidePlayer, revealFigure } from '../shared/kit.js';
import { explainCell } from './arith.js';
import { projArith, stepFormula } from './formula.js';
import { defaultQuery, exampleSentence, linkValues, tokenWord } from './inputs.js';
import { heatmapPanel } from './heatmap-panel.js';
import { highlights } from './highlights.js';
import { FEATURES } from './sentence.js';
import schema from './params.js';

const STEPS = ['project', 'scores', 'scale', 'mask', 'softmax', 'output', 'heatmap'];
// The panel each step explains ('masked': the scaled scores, with the masked cells marked).
const VIEW_OF_STEP = { project: 'project', scores: 'scores', scale: 'scaled', mask: 'masked', softmax: 'weights', output: 'output', heatmap: 'weights' };
// Steps whose text tells the example sentence's story ("it" finds "cat"):
// a text that holds for any tokens when another sentence or typed numbers are shown.
const STORY_STEPS = ['scores', 'heatmap'];

export function pipelineSection({ t, lang, lab, values, set, setStep, initialStep }) {
  // The inputs shown: typed numbers are Q, K, V even when the core refuses
  // them; a sentence the core refuses leaves its last Q, K, V.
  const cur = { Q: null, K: null, V: null, r: null, n: 0, dk: 0, dv: 0 };
  let focus = null;  // the cell explained: {name, i, j} (values.focus, kept within the matrices shown)
  const word = (i) => tokenWord(values, t, i);
  const tok = (i) => `${word(i)}${sub(i + 1)}`;
  const labels = () => Array.from({ length: cur.n }, (_, i) => word(i));
  // The key a query attends to most (from the core's weights).
  const pickKey = (i) => {
    if (!cur.r || !cur.r.weights[i]) return 0;
    const w = cur.r.weights[i];
    return w.indexOf(Math.max(...w));
  };

  // A cell pointed at (hover, tap, focus) is the one explained, except
  // while a step scrolls its panel into view (until quietUntil).
  let quietUntil = 0;
  const pointAt = (name) => (i, j) => { if (performance.now() < quietUntil) return; set({ focus: { name, i, j } }); };

  // The projections (sentence): one head's W, editable, and Q, K, V.
  const feat = (j) => t(`feature.${FEATURES[j]}`);
  const wEditors = Object.fromEntries(['Wq', 'Wk', 'Wv'].map((name) => [name, createMatrixEditor({
    label: t(`${name}label`), t, rowLabel: feat, spec: schema.params[name],
    onChange: (m) => { const sent = { ...values.sent, [name]: m }; set({ sent, ...linkValues({ ...values, sent }, lang) }); },
  })]));
  const projViews = Object.fromEntries(['Q', 'K', 'V'].map((name) => [name, createMatrixView({
    caption: t(`proj.${name}`), name: `proj-${name}`, color: 'signed', digits: 3, rowLabel: word, onCell: pointAt('project'),
  })]));
  const projSentence = h('div', { class: 'proj-sentence' },
    prose(t('projText')),
    h('p', { class: 'note' }, t('editHint')),
    h('div', { class: 'row' }, wEditors.Wq.el, wEditors.Wk.el, wEditors.Wv.el),
    h('div', { class: 'row' }, projViews.Q.el, projViews.K.el, projViews.V.el));
  const projNumbers = h('p', { class: 'note proj-numbers' }, t('projNumbers'));
  const projPanel = h('div', { class: 'panel pipeline-panel proj-panel', 'data-ex': 'project' },
    h('h2', { class: 'h-small' }, t('projHeading')), projSentence, projNumbers);

  // The pipeline: Q, Kᵀ, V, then every intermediate of lab.attention.
  const views = {};
  const panels = {};
  const qkViews = {
    Q: createMatrixView({ caption: t('qk.Q'), name: 'qk-Q', color: 'signed', digits: 3, rowLabel: word }),
    Kt: createMatrixView({ caption: t('qk.Kt'), name: 'qk-Kt', color: 'signed', digits: 3, colLabel: word }),
    V: createMatrixView({ caption: t('qk.V'), name: 'qk-V', color: 'signed', digits: 3, rowLabel: word }),
  };
  // Read-only views that may scroll: reachable by keyboard.
  for (const [k, v] of Object.entries(qkViews)) { v.el.tabIndex = 0; v.el.setAttribute('role', 'group'); v.el.setAttribute('aria-label', t(`qk.${k}`)); }
  panels.qk = h('div', { class: 'panel pipeline-panel qk-panel' }, h('div', { class: 'row' }, qkViews.Q.el, qkViews.Kt.el, qkViews.V.el));
  for (const name of ['scores', 'scaled', 'weights', 'output']) {
    views[name] = createMatrixView({
      caption: t(`view.${name}`), name, color: name === 'weights' ? 'weights' : 'signed', digits: 3,
      rowLabel: word, colLabel: (j) => (name === 'output' ? `d${sub(j + 1)}` : word(j)),
      onCell: pointAt(name),
    });
    panels[name] = h('div', { class: 'panel pipeline-panel' }, views[name].el);
  }
  const pipeline = h('div', { class: 'pipeline', 'data-ex': 'pipeline' }, panels.qk, panels.scores, panels.scaled, panels.weights, panels.output);
  const arith = h('pre', { class: 'arith', 'aria-live': 'polite', 'aria-label': t('arithLabel') });
  const heatmap = createHeatmap({ title: t('heatmapTitle'), xLabel: t('keyWord'), yLabel: t('queryWord') });
  const matrixByName = (name) => (name === 'X' ? (values.numbers ? [] : values.sent.X) : ({ Q: cur.Q, K: cur.K, V: cur.V })[name] || (cur.r ? cur.r[name] : []));

  const player = createStepPlayer({
    t, initial: initialStep,
    // Read at each render: typed numbers have no words to project, and only
    // the example sentence has the "it" → "cat" the texts follow.
    steps: STEPS.map((id, k) => ({
      id, formula: () => (focus ? stepFormula(id, { ...values, ...cur, focus, word, pickKey, t }) : ''),
      get title() { return t(`s${k + 1}.${values.numbers && id === 'project' ? 'titleNumbers' : 'title'}`); },
      get text() {
        const story = !values.numbers && values.sent.text === exampleSentence(lang);
        return t(`s${k + 1}.${values.numbers && id === 'project' ? 'textNumbers' : !story && STORY_STEPS.includes(id) ? 'textGeneric' : 'text'}`);
      },
    })),
    onStep: (i) => {
      setStep(i);
      const v = VIEW_OF_STEP[STEPS[i]];
      const cols = v === 'output' ? cur.dv : v === 'project' ? cur.dk : cur.n;
      set({ focus: { name: v, i: Math.min(focus.i, cur.n - 1), j: Math.min(v === 'output' || v === 'project' ? focus.j : pickKey(focus.i), cols - 1) } });
      showMarkedColumns();
      // The page scrolls under a mouse that stays on the Next button: the
      // cell it then hovers must not take the step's focus.
      if (revealFigure(activePanel())) quietUntil = performance.now() + 1500;
    },
  });

  // A matrix wider than its box scrolls sideways: a step brings the column
  // it highlights (a key, a value column, one cell) into the box's view.
  function showMarkedColumns() {
    for (const w of pipeline.querySelectorAll('.matrix-wrap')) {
      const on = [...w.querySelectorAll('td.hl')];
      if (!on.length || new Set(on.map((td) => td.dataset.j)).size !== 1 || w.scrollWidth <= w.clientWidth) continue;
      const a = on[0].getBoundingClientRect(), b = w.getBoundingClientRect();
      if (a.right > b.right) w.scrollLeft += a.right - b.right + 16;
      else if (a.left < b.left) w.scrollLeft -= b.left - a.left + 16;
    }
  }

  // The panel the current step is about (the heatmap step: the weights).
  function activePanel() {
    const active = VIEW_OF_STEP[STEPS[player.index]];
    return active === 'project' ? projPanel : panels[active === 'masked' ? 'scaled' : active];
  }

  function markActive() {
    const active = VIEW_OF_STEP[STEPS[player.index]];
    for (const [name, p] of Object.entries(panels)) p.classList.toggle('active', name === active || (name === 'scaled' && active === 'masked') || (name === 'qk' && (active === 'scores' || active === 'output')));
    projPanel.classList.toggle('active', active === 'project');
  }

  // New inputs or results: every matrix again. Returns whether there are results.
  function showData({ numbers, sent, num, run, causal }) {
    if (numbers) Object.assign(cur, num);
    else if (run) Object.assign(cur, { Q: run.Q, K: run.K, V: run.V });
    cur.r = run;
    cur.n = cur.Q.length; cur.dk = cur.Q[0].length; cur.dv = cur.V[0].length;
    window.__attnlabLesson = { Q: cur.Q, K: cur.K, V: cur.V, options: { causal }, tokens: labels(), source: numbers ? 'numbers' : 'sentence' };
    if (!numbers) for (const [name, e] of Object.entries(wEditors)) e.set(sent[name]);
    projSentence.hidden = numbers;
    projNumbers.hidden = !numbers;
    focus.i = Math.min(focus.i, cur.n - 1);
    if (!run) { for (const v of Object.values(views)) v.set([]); return false; }
    if (!numbers) for (const name of ['Q', 'K', 'V']) projViews[name].set(run[name]);
    qkViews.Q.set(cur.Q); qkViews.Kt.set(lab.transpose(cur.K)); qkViews.V.set(cur.V);
    for (const [name, v] of Object.entries(views)) v.set(run[name]);
    pipeline.classList.toggle('wide', cur.n > 6);  // n × n matrices of many words get the full width
    return true;
  }

  // Highlights what the focused cell is made of (highlights.js), its
  // arithmetic, and the heatmap's cell or row.
  function explain() {
    const { r, n, dv, dk } = cur;
    if (!r) { arith.textContent = ''; return; }
    const { name, i } = focus;
    const j = Math.min(focus.j, (name === 'output' ? dv : name === 'project' ? dk : n) - 1);
    const marks = highlights(name, i, j, n, values.causal);
    qkViews.Q.mark(marks.qkQ || null); qkViews.Kt.mark(marks.qkKt || null); qkViews.V.mark(marks.qkV || null);
    for (const [k, v] of Object.entries(views)) v.mark(marks[k] || null);
    for (const v of Object.values(projViews)) v.mark(marks.proj ? { rows: [i] } : null);
    heatmap.set(r.weights, { rowLabels: labels(), colLabels: labels(), highlight: name === 'output' ? { rows: [i] } : name === 'project' ? null : { cells: [[i, j]] } });
    arith.textContent = name === 'project'
      ? projArith(i, j, { ...values, r, t, tok })
      : explainCell(name === 'masked' ? 'scaled' : name, i, j, { Q: cur.Q, K: cur.K, V: cur.V, r, scale: 1 / Math.sqrt(dk), t, tok });
    player.refresh();
  }

  // The cell explained first: the pronoun's row ("it"), at the key it attends to most.
  {
    const name = VIEW_OF_STEP[STEPS[player.index]] || 'output';
    const i = values.numbers ? 0 : defaultQuery(values.sent);
    const r = values.run;
    const j = !values.numbers && r && name !== 'output' && name !== 'project' && r.weights[i] ? r.weights[i].indexOf(Math.max(...r.weights[i])) : 0;
    set({ focus: { name, i, j } });
  }

  const main = {
    el: besidePlayer(player, null, projPanel, pipeline,
      h('div', { class: 'panel', 'data-ex': 'arith' }, h('h2', { class: 'h-small' }, t('arithHeading')), arith, h('p', { class: 'note pointer-hint' }, t('arithHint')))),
    reads: ['run', 'focus', 'numbers', 'sent', 'num', 'causal'],
    draw(v, changed) {
      if (!changed || changed.has('focus')) focus = { ...v.focus };
      const data = !changed || ['run', 'numbers', 'sent', 'num'].some((k) => changed.has(k));
      if (data && !showData(v)) return;
      markActive();
      explain();
    },
    destroy: () => { player.destroy(); delete window.__attnlabLesson; },
  };
  return [main, { el: heatmapPanel(t, heatmap, matrixByName) }];
}
