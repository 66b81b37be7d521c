// Lesson "From linear regression to attention": drag data points, see the
// least-squares line (lab.leastSquares) with its residuals drawn as squares
// whose total area is the summed loss, run gradient descent on (w, b)
// (lab.optimize, problem leastSquares) and watch it reach the closed form,
// the chapter's gradient formulas with live sums; then predictions as
// weighted sums of training targets: Nadaraya-Watson kernel regression
// (lab.kernelRegression) is attention with query x, keys x_i, values y_i.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createScatter } from '../../plots/scatter.js';
import { prose, toggle, guard, errorSlot } from '../shared/kit.js';
import PARAMS from './params.js';
import { PRESETS, LO, HI, MIN_POINTS, isValid, createDataControls } from './data.js';
import { closedForm, fitLayers, createFitPanel } from './fit.js';
import { createGdSection } from './gd.js';
import { LS_STEPS, lsFormula, lsBars } from './steps.js';
import { createBars } from '../../plots/bars.js';
import { createKernelSection } from './kernel.js';
import { BRIDGE_STEPS, bridgeFormula } from './bridge.js';

// Marks an element as the place an exercise card goes after (exercises.js `at`).
const exAt = (node, id) => { node.dataset.ex = id; return node; };

export default {
  id: 'regression',
  mount(el, ctx) {
    const { lab, t } = ctx;
    const v = { ...ctx.values };
    if (!isValid(v.pts)) {
      console.warn('Attention Lab: URL parameter "pts" ignored (need 2 to 12 rows of x, y in [0, 10]); using the default.');
      v.pts = PRESETS.line.map((p) => p.slice());
    }
    let pts = v.pts;
    let cf = null;
    let gdIter = null;

    const err = errorSlot();
    const squares = toggle({ label: t('fit.showSquares'), checked: v.sq, onChange: (on) => { v.sq = on; ctx.setValues({ sq: on }); drawFit(); } });
    const data = createDataControls({ t, onChange: (m) => setPoints(m) });
    const plot = createScatter({
      ariaLabel: t('fit.plotFigure'), xDomain: [LO, HI], yDomain: [LO, HI], width: 440, step: 0.1, precision: 0.05,
      pointLabel: (i, p) => t('data.pointLabel', { i: i + 1, x: fmt(p[0]), y: fmt(p[1]) }),
      onMove: (i, p) => movePoint(i, p), onRemove: (i) => removePoint(i),
      onBackground: (p) => { if (pts.length < PARAMS.params.pts.maxRows) setPoints([...pts, p]); else data.report(t('data.tooMany', { n: PARAMS.params.pts.maxRows })); },
    });
    const fitPanel = createFitPanel({ t });
    const gd = createGdSection({
      lab, t, values: v, bounds: PARAMS.params,
      onChange: (patch) => { Object.assign(v, patch); ctx.setValues(patch); },
      onIterate: (iter) => { gdIter = iter; drawFit(); lsPlayer.refresh(); drawLs(); },
    });
    const kernel = createKernelSection({ lab, t, values: v, onChange: (patch) => { Object.assign(v, patch); ctx.setValues(patch); bridgePlayer.refresh(); }, onMovePoint: (i, p) => movePoint(i, p), onRemovePoint: (i) => removePoint(i) });

    const lsPlayer = createStepPlayer({
      t, initial: ctx.step,
      steps: LS_STEPS.map((id) => ({ id, title: t(`ls.${id}.title`), text: t(`ls.${id}.text`),
        formula: () => (gdIter ? lsFormula(id, { lab, t, pts, cf, run: gdIter.run, it: gdIter.t, lr: v.lr }) : '') })),
      onStep: (i) => { ctx.setStep(i); drawLs(); },
    });
    // Beside the walkthrough: the terms its current step adds up, as bars.
    const lsChart = createBars({ ariaLabel: t('ls.figLabel'), min: -1, max: 1, height: 200, fill: true });
    const lsCaption = h('h3', { class: 'h-small', 'aria-live': 'polite' });
    const lsFig = h('div', { class: 'rg-ls-fig' }, lsCaption, lsChart.el);
    const bridgePlayer = createStepPlayer({
      t, initial: v.s2 - 1,
      steps: BRIDGE_STEPS.map((id) => ({ id, title: t(`br.${id}.title`), text: t(`br.${id}.text`), formula: () => bridgeFormula(id, kernel.numbers, t) })),
      onStep: (i) => { ctx.setValues({ s2: i + 1 }); kernel.setStep(BRIDGE_STEPS[i]); },
    });

    lsPlayer.el.setAttribute('aria-label', t('ls.playerLabel'));
    lsPlayer.el.removeAttribute('data-ex');  // the exercise goes after the player and its figure (the row)
    bridgePlayer.el.setAttribute('aria-label', t('br.playerLabel'));
    el.append(
      prose(t('intro1'), t('intro2')),
      h('h2', {}, t('fitHeading')),
      h('div', { class: 'panel', 'data-ex': 'fit' },
        h('div', { class: 'row rg-fit-row' },
          h('div', {}, plot.el, h('div', { class: 'controls' }, squares.el), h('p', { class: 'note' }, t('fit.plotHint'))),
          h('div', { class: 'rg-fit-side' }, fitPanel.el, data.el)),
        err),
      h('h2', {}, t('lossHeading')),
      prose(t('lossText1'), t('lossText2')),
      h('h2', {}, t('gdHeading')),
      prose(t('gdText')),
      gd.el,
      h('div', { class: 'row rg-ls-row', 'data-ex': 'steps' }, lsPlayer.el, lsFig),
      h('h2', {}, t('rankHeading')),
      prose(t('rankText1'), t('rankText2')),
      h('div', { class: 'controls', 'data-ex': 'rank' }, h('button', { type: 'button', class: 'btn', onclick: () => setPoints(PRESETS.sameX.map((p) => p.slice())) }, t('rankButton'))),
      h('h2', {}, t('bridgeHeading')),
      exAt(prose(t('bridgeText1'), t('bridgeText2')), 'bridgeText'),
      kernel.el,
      bridgePlayer.el,
      h('h2', {}, t('closingHeading')),
      prose(t('closing1'), t('closing2')),
    );

    function movePoint(i, p) {
      const next = pts.map((q) => q.slice());
      next[i] = p;
      setPoints(next);
    }

    function removePoint(i) {
      if (pts.length <= MIN_POINTS) { data.report(t('data.tooFew', { n: MIN_POINTS })); return; }
      setPoints(pts.filter((_, j) => j !== i));
      plot.focusPoint(Math.min(i, pts.length - 1));
    }

    function setPoints(m) {
      pts = m.map((p) => p.slice());
      ctx.setValues({ pts });
      data.report('');
      update();
    }

    function drawLs() {
      const id = LS_STEPS[lsPlayer.index];
      const bars = gdIter && cf ? lsBars(id, { lab, pts, cf, run: gdIter.run, it: gdIter.t }) : null;
      if (!bars) { lsChart.set([], {}); lsCaption.textContent = ''; return; }
      const top = Math.max(1e-9, ...bars.values.map(Math.abs)) * 1.15;
      const lo = Math.min(0, ...bars.values) < 0 ? -top : 0;
      lsChart.set(bars.values, { range: [lo, top], labels: bars.labels });
      lsCaption.textContent = t(`ls.fig.${id}`);
    }

    function drawFit() {
      if (!cf) return;
      const gdLine = gdIter ? { w: gdIter.w, b: gdIter.b, t: gdIter.t } : null;
      plot.set({ points: pts, layers: fitLayers(lab, pts, cf, { squares: v.sq, gd: gdLine, t }) });
    }

    function update() {
      data.set(pts);
      cf = guard(err, t, () => closedForm(lab, pts));
      if (!cf) return;
      fitPanel.set({ cf, n: pts.length });
      gd.update(pts, cf);       // calls onIterate -> drawFit, lsPlayer.refresh
      kernel.update(pts);
      bridgePlayer.refresh();
    }

    update();
    kernel.setStep(BRIDGE_STEPS[bridgePlayer.index]);
    return { destroy: () => { lsPlayer.destroy(); bridgePlayer.destroy(); gd.destroy(); } };
  },
};
