// Lesson "Gradient descent, momentum and Adam": a contour plot of a 2-D
// function (a bowl of adjustable conditioning, Rosenbrock's valley, a
// saddle), three optimizers run side by side from a starting point the
// learner clicks (lab.optimize), their losses on a log scale, one update of
// each taken apart formula by formula with arrows on the plot, learning
// rates too large shown diverging, and a map of where momentum converges
// (lab.momentumMap). Every number comes from the core.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { drawWhenShown } from '../../core/draw-later.js';
import { createContourPlot, gridPoints } from '../../plots/contour.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { pow10Label } from '../../plots/svg.js';
import { prose, slider, select, vectorField, guard, errorSlot } from '../shared/kit.js';
import PARAMS from './params.js';
import { PROBLEMS, METHODS, TOGGLE, LR, OWN, PRESETS, domainOf, problemOf, specialPoint } from './problems.js';
import { methodCards } from './controls.js';
import { STEP_IDS, STEP_METHOD, stepFormula, stepArrows } from './steps.js';
import { createStatus } from './status.js';
import { createMomentumMap } from './map.js';

const GRID = 64;  // 64 x 64 samples of f for the contours (lab.objective takes up to 4096 points)
// Marks an element as the place an exercise card goes after (exercises.js `at`).
const exAt = (node, id) => { node.dataset.ex = id; return node; };
const SHAPE = { gd: 'circle', momentum: 'square', adam: 'triangle' };
const clampTo = ([lo, hi], x) => Math.min(hi, Math.max(lo, x));

export default {
  id: 'optimization',
  mount(el, ctx) {
    const { lab, t } = ctx;
    const v = { ...ctx.values };
    const bounds = PARAMS.params;
    let runs = {};
    let runKeys = {};  // method -> the inputs its run in runs was made from
    let fieldKey = '';
    const inBox = (p) => { const d = domainOf(v.problem); return [clampTo(d.x, p[0]), clampTo(d.y, p[1])]; };
    v.x0 = inBox(v.x0);
    v.k = Math.min(v.k, v.steps - 1);

    const err = errorSlot();
    const x0Err = h('p', { class: 'field-error', 'aria-live': 'polite' });
    const problemSel = select({ label: t('problem'), value: v.problem, options: PROBLEMS.map((p) => [p, t(`problems.${p}`)]), onChange: (p) => switchProblem(p) });
    const kappaSl = slider({ label: t('kappa'), min: 1, max: 100, step: 1, value: v.kappa, format: (x) => fmt(x, 3), onInput: (x) => change({ kappa: x }) });
    const stepsSl = slider({ label: t('steps'), min: 1, max: 2000, step: 1, value: v.steps, format: (x) => String(x), onInput: (x) => change({ steps: x }) });
    const x0Field = vectorField({ label: t('x0Field'), value: v.x0, t, maxLength: 2, spec: PARAMS.params.x0, onChange: (p) => setX0(p) });
    const suggest = h('button', { type: 'button', class: 'btn', onclick: () => switchProblem(v.problem) }, t('suggested'));
    const cards = methodCards({ t, values: v, bounds, onChange: (patch) => change(patch) });
    const kSl = slider({ label: t('inspect'), min: 0, max: Math.max(0, v.steps - 1), step: 1, value: v.k, format: (x) => t('inspectValue', { k: x, k1: x + 1 }), onInput: (x) => change({ k: x }) });

    const contour = createContourPlot({
      ariaLabel: t('contourFigure'), xLabel: 'x', yLabel: 'y', width: 520,
      point: { label: (p) => t('x0Point', { x: fmt(p[0]), y: fmt(p[1]) }), onChange: (p) => setX0(p) },
    });
    const chart = createXyChart({ ariaLabel: t('lossFigure'), xLabel: t('stepAxis'), yLabel: 'f(xₖ)', width: 640, height: 230, margin: { left: 58, right: 14, top: 10 } });
    const status = createStatus({ t });
    const scaleNote = h('p', { class: 'note' });
    const map = createMomentumMap({ lab, t, onPick: (lrm, beta) => change({ lrm, beta, mom: true }) });

    const player = createStepPlayer({
      t, initial: ctx.step,
      steps: STEP_IDS.map((id) => ({ id, title: t(`s.${id}.title`), text: t(`s.${id}.text`), formula: () => (runs.gd ? stepFormula(id, { runs, k: v.k, v, t, lab }) : '') })),
      onStep: (i) => { ctx.setStep(i); drawOverlays(); },
    });

    player.el.setAttribute('aria-label', t('playerLabel'));
    el.append(
      prose(t('intro1'), t('intro2')),
      h('h2', {}, t('playHeading')),
      h('div', { class: 'panel opt-panel', 'data-ex': 'play' },
        h('div', { class: 'controls' }, problemSel.el, kappaSl.el, stepsSl.el),
        h('div', { class: 'controls' }, x0Field.el, suggest), x0Err,
        cards.el, err,
        h('div', { class: 'opt-stage' },
          h('div', { class: 'opt-plot' }, contour.el, h('p', { class: 'note pointer-hint' }, t('clickHint'))),
          h('div', { class: 'opt-side' }, h('div', { class: 'controls' }, kSl.el), player.el))),
      h('h2', {}, t('lossHeading')),
      prose(t('lossText')),
      h('div', { class: 'panel' }, chart.el, scaleNote, status.el),
      h('h2', {}, t('rateHeading')),
      exAt(prose(t('rateText1'), t('rateText2')), 'rateText'),
      h('div', { class: 'controls', 'data-ex': 'rate' },
        h('button', { type: 'button', class: 'btn', onclick: () => demo({ lr: 0.5, steps: 300 }) }, t('tooLarge')),
        h('button', { type: 'button', class: 'btn', onclick: () => demo({ lr: 0.15, steps: 100 }) }, t('safeAgain'))),
      h('h2', {}, t('mapHeading')),
      prose(t('mapText1'), t('mapText2')),
      h('div', { class: 'panel' }, map.el),
      h('h2', {}, t('adamHeading')),
      exAt(prose(t('adamText1'), t('adamText2')), 'adam'),
    );

    function demo({ lr, steps }) {
      change({ problem: 'quadratic', kappa: 10, x0: PRESETS.quadratic.x0, lr, steps, gd: true }, true);
      status.el.scrollIntoView({ block: 'center' });
      status.el.focus({ preventScroll: true });
    }

    function switchProblem(p) {
      const pre = PRESETS[p];
      change({ problem: p, ...pre, x0: pre.x0.slice() }, true);
    }

    function setX0(p) {
      const d = domainOf(v.problem);
      if (p.length !== 2) { x0Err.textContent = t('x0Length'); return; }
      if (p[0] < d.x[0] || p[0] > d.x[1] || p[1] < d.y[0] || p[1] > d.y[1]) {
        x0Err.textContent = t('x0Outside', { x0: fmt(d.x[0]), x1: fmt(d.x[1]), y0: fmt(d.y[0]), y1: fmt(d.y[1]) });
        return;
      }
      x0Err.textContent = '';
      change({ x0: p });
    }

    // patch: new values; sync: also move the controls (presets, map picks).
    function change(patch, sync = false) {
      Object.assign(v, patch);
      v.k = Math.min(v.k, v.steps - 1);
      ctx.setValues({ ...patch, k: v.k });
      if (sync || 'lrm' in patch) {
        problemSel.select.value = v.problem;
        kappaSl.set(v.kappa);
        stepsSl.set(v.steps);
        cards.set(v);
      }
      if ('x0' in patch) x0Field.set(v.x0);
      kSl.input.max = String(Math.max(0, v.steps - 1));
      kSl.set(v.k);
      update();
    }

    function update() {
      kappaSl.el.hidden = v.problem !== 'quadratic';
      const problem = problemOf(v.problem, v.kappa);
      const d = domainOf(v.problem);
      const fk = JSON.stringify([v.problem, v.kappa]);
      if (fk !== fieldKey) {
        const obj = guard(err, t, () => lab.objective(problem, gridPoints(d.x, d.y, GRID, GRID)));
        if (!obj) return;
        fieldKey = fk;
        contour.setField({ xDomain: d.x, yDomain: d.y, nx: GRID, ny: GRID, values: obj.loss, levels: d.levels });
      }
      contour.setPoint(v.x0);
      const next = {}, nextKeys = {};
      for (const m of METHODS) {
        // A run is redone only when its own inputs change: moving one
        // method's rate (or the step shown) leaves the other runs as they are.
        const key = JSON.stringify([fk, v.x0, v.steps, v[LR[m]], ...OWN[m].map((o) => v[o])]);
        next[m] = runs[m] && runKeys[m] === key ? runs[m]
          : guard(err, t, () => lab.optimize(problem, v.x0, { method: m, lr: v[LR[m]], steps: v.steps, beta: v.beta, beta1: v.beta1, beta2: v.beta2 }));
        if (!next[m]) return;
        nextKeys[m] = key;
      }
      runs = next;
      runKeys = nextKeys;
      const shown = METHODS.filter((m) => v[TOGGLE[m]]);
      const log = v.problem !== 'saddle';
      // The loss curves and the status table, far below the controls, are
      // drawn when in view (or when the learner pauses a drag).
      const shownRuns = runs, k = v.k, steps = v.steps;
      drawWhenShown(chart.el, () => {
        const { yTicks } = chart.set({
          series: shown.map((m) => ({ points: shownRuns[m].loss.map((y, i) => [i, y]), className: `m-${m}`, label: t(`m.${m}.name`) })),
          yScale: log ? 'log' : 'symlog', vlines: [{ x: k }], xDomain: [0, steps],
        });
        // The caption names the factor between the labelled lines (10, 10³, 10²⁰ ...).
        const decades = yTicks.length > 1 ? Math.round(Math.log10(yTicks[1] / yTicks[0])) : 1;
        scaleNote.textContent = log ? t('scaleLog', { factor: pow10Label(decades) }) : t('scaleSymlog');
      });
      const values = { ...v };
      drawWhenShown(status.el, () => status.set({ runs: shownRuns, values, lab }));
      drawOverlays();
      player.refresh();
      const mapAt = { kappa: v.kappa, x0: v.problem === 'quadratic' ? v.x0 : PRESETS.quadratic.x0, lrm: v.lrm, beta: v.beta };
      drawWhenShown(map.el, () => map.update(mapAt));
    }

    function drawOverlays() {
      if (!runs.gd) return;
      const d = domainOf(v.problem);
      const id = STEP_IDS[player.index];
      const focus = STEP_METHOD[id];
      const paths = [], markers = [];
      for (const m of METHODS) {
        if (!v[TOGGLE[m]] && focus !== m) continue;
        const r = runs[m];
        paths.push({ points: r.path, className: `m-${m}${focus && focus !== m ? ' faint' : ''}`, label: t(`m.${m}.name`) });
        const k = Math.min(v.k, r.path.length - 1);
        markers.push({ at: r.path[k], className: `m-${m}`, shape: SHAPE[m], label: `${t(`m.${m}.name`)}: x${k}` });
      }
      markers.unshift({ at: specialPoint(v.problem), className: 'ct-special', shape: 'star', size: 8, label: t(`special.${v.problem}`) });
      const arrows = stepArrows(id, { runs, k: v.k, v, lab, t, len: (d.x[1] - d.x[0]) * 0.12 });
      contour.setOverlays({ paths, markers, arrows });
    }

    update();
    return { destroy: () => { player.destroy(); map.destroy(); } };
  },
};
