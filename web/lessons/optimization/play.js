// The playground: a problem and its settings, a card per method, the
// contour plot with the three paths from x0 (click or drag to move it), and
// the update k -> k+1 of each method taken apart step by step, with arrows
// on the plot.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createContourPlot } from '../../plots/contour.js';
import { vectorField, errorSlot, showCoreError } from '../shared/kit.js';
import PARAMS from './params.js';
import { PROBLEMS, METHODS, TOGGLE, PRESETS, domainOf, specialPoint } from './problems.js';
import { GRID } from './runs.js';
import { methodCards } from './controls.js';
import { STEP_IDS, STEP_METHOD, stepFormula, stepArrows } from './steps.js';

const SHAPE = { gd: 'circle', momentum: 'square', adam: 'triangle' };

// The paths of the methods shown (and of the one a step is about), where
// each is at step k, the special point, and the arrows of the current step.
function overlays({ t, lab }, v, id) {
  const d = domainOf(v.problem);
  const focus = STEP_METHOD[id];
  const paths = [], markers = [];
  for (const m of METHODS) {
    if (!v[TOGGLE[m]] && focus !== m) continue;
    const r = v.runs[m];
    paths.push({ points: r.path, className: `m-${m}${focus && focus !== m ? ' faint' : ''}`, label: t(`m.${m}.name`) });
    const k = Math.min(v.at, r.path.length - 1);
    markers.push({ at: r.path[k], className: `m-${m}`, shape: SHAPE[m], label: `${t(`m.${m}.name`)}: x${k}` });
  }
  markers.unshift({ at: specialPoint(v.problem), className: 'ct-special', shape: 'star', size: 8, label: t(`special.${v.problem}`) });
  const arrows = stepArrows(id, { runs: v.runs, k: v.at, v, lab, t, len: (d.x[1] - d.x[0]) * 0.12 });
  return { paths, markers, arrows };
}

export function playSection(api) {
  const { lab, t, values, set, control, watch, error, setStep, initialStep } = api;
  const err = errorSlot();
  const x0Err = h('p', { class: 'field-error', 'aria-live': 'polite' });
  const usePresets = () => { const pre = PRESETS[values.problem]; set({ ...pre, x0: pre.x0.slice() }); };
  const problem = control('problem', { label: t('problem'), options: PROBLEMS.map((p) => [p, t(`problems.${p}`)]) });
  // A problem picked comes with its suggested settings.
  problem.select.addEventListener('change', usePresets);
  const kappa = control('kappa', { label: t('kappa') });
  const steps = control('steps', { label: t('steps'), format: String });
  const k = control('k', { label: t('inspect'), format: (x) => t('inspectValue', { k: x, k1: x + 1 }) });
  // The update shown stays within the run.
  watch(['steps'], () => { if (values.k > values.steps - 1) set({ k: values.steps - 1 }); });

  function setX0(p) {
    const d = domainOf(values.problem);
    if (p.length !== 2) { x0Err.textContent = t('x0Length'); return; }
    if (p[0] < d.x[0] || p[0] > d.x[1] || p[1] < d.y[0] || p[1] > d.y[1]) {
      x0Err.textContent = t('x0Outside', { x0: fmt(d.x[0]), x1: fmt(d.x[1]), y0: fmt(d.y[0]), y1: fmt(d.y[1]) });
      return;
    }
    x0Err.textContent = '';
    x0Field.set(p);
    set({ x0: p });
  }
  const x0Field = vectorField({ label: t('x0Field'), value: values.x0In, t, maxLength: 2, spec: PARAMS.params.x0, onChange: setX0 });
  const suggest = h('button', { type: 'button', class: 'btn', onclick: usePresets }, t('suggested'));
  const contour = createContourPlot({
    ariaLabel: t('contourFigure'), xLabel: 'x', yLabel: 'y', width: 520,
    point: { label: (p) => t('x0Point', { x: fmt(p[0]), y: fmt(p[1]) }), onChange: setX0 },
  });
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: STEP_IDS.map((id) => ({ id, title: t(`s.${id}.title`), text: t(`s.${id}.text`), formula: () => (values.runs ? stepFormula(id, { runs: values.runs, k: values.at, v: values, t, lab }) : '') })),
    onStep: setStep,
  });
  player.el.setAttribute('aria-label', t('playerLabel'));

  const el = h('div', { class: 'panel opt-panel', 'data-ex': 'play' },
    h('div', { class: 'controls' }, problem.el, kappa.el, steps.el),
    h('div', { class: 'controls' }, x0Field.el, suggest), x0Err,
    methodCards(api), err,
    h('div', { class: 'opt-stage' },
      h('div', { class: 'opt-plot' }, contour.el, h('p', { class: 'note pointer-hint' }, t('clickHint'))),
      h('div', { class: 'opt-side' }, h('div', { class: 'controls' }, k.el), player.el)));

  return {
    el,
    reads: ['problem', 'x0In', 'steps', 'at', 'step', 'field', 'runs', ...Object.values(TOGGLE)],
    draw(v, changed) {
      kappa.el.hidden = v.problem !== 'quadratic';
      k.input.max = String(Math.max(0, v.steps - 1));
      k.set(v.at);
      if (changed && changed.has('x0In')) x0Field.set(v.x0In);
      const e = error('field') || METHODS.map((m) => error(`run_${m}`)).find(Boolean);
      if (e) { showCoreError(err, t, e); return; }
      err.textContent = '';
      err.hidden = true;
      if (!changed || changed.has('field')) {
        const d = domainOf(v.problem);
        contour.setField({ xDomain: d.x, yDomain: d.y, nx: GRID, ny: GRID, values: v.field.loss, levels: d.levels });
      }
      contour.setPoint(v.x0In);
      contour.setOverlays(overlays(api, v, STEP_IDS[player.index]));
      if (!changed || [...changed].some((name) => name !== 'step')) player.refresh();
    },
    destroy: () => player.destroy(),
  };
}
