// Gradient descent on (w, b) for the least-squares loss
// (lab.optimize with problem {name: 'leastSquares', X, y}, from (0, 0)):
// its path on the contour map of L(w, b) (lab.objective), the excess loss
// L(w_t, b_t) - L* on a log scale, and a player that replays the run
// iterate by iterate. onIterate({w, b, t, run}) tells the lesson which
// iterate is shown (for the dashed line on the data and the formulas).
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { drawWhenShown } from '../../core/draw-later.js';
import { createContourPlot, gridPoints } from '../../plots/contour.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { slider, guard, errorSlot } from '../shared/kit.js';
import { rateField } from '../shared/rate-field.js';
import { columns } from './data.js';

const GRID = 56;

export function createGdSection({ lab, t, values, bounds, onChange, onIterate }) {
  let { lr, steps, it } = values;
  let run = null, cf = null, pts = null, field = null, fieldKey = '', timer = null;
  const err = errorSlot();
  const status = h('p', { class: 'check', 'aria-live': 'polite' });
  const readout = h('p', { class: 'rg-readout' });
  const rate = rateField({ label: t('gd.alpha'), value: lr, min: bounds.lr.min, max: bounds.lr.max, t, onChange: (x) => { lr = x; onChange({ lr }); compute(); } });
  const stepsSl = slider({ label: t('gd.steps'), min: 1, max: bounds.steps.max, step: 1, value: steps, format: String, onInput: (x) => { steps = x; onChange({ steps }); compute(); } });
  const itSl = slider({ label: t('gd.iterate'), min: 0, max: steps, step: 1, value: it, format: (x) => `t\u00a0=\u00a0${x}`, onInput: (x) => { stop(); show(x); } });
  const play = h('button', { type: 'button', class: 'btn btn-primary', 'aria-pressed': 'false', onclick: () => (timer ? stop() : start()) }, t('gd.play'));
  const contour = createContourPlot({ ariaLabel: t('gd.contourFigure'), xLabel: 'w', yLabel: 'b', width: 440 });
  const chart = createXyChart({ ariaLabel: t('gd.lossFigure'), xLabel: t('gd.stepAxis'), yLabel: 'L(wₜ, bₜ) − L*', width: 520, height: 230, margin: { left: 58, right: 14, top: 10 }, y: { scale: 'log' } });

  const el = h('div', { class: 'panel rg-gd' },
    h('div', { class: 'controls' }, rate.el, stepsSl.el),
    h('div', { class: 'controls' }, play, itSl.el),
    err, status,
    h('div', { class: 'row rg-gd-figs' },
      h('div', {}, h('h3', { class: 'h-small' }, t('gd.contourHeading')), contour.el),
      h('div', { class: 'rg-gd-right' }, h('h3', { class: 'h-small' }, t('gd.lossHeading')), chart.el, readout)));

  function domain() {
    const [ws, bs] = [cf.fit.w[0], cf.fit.b];
    const R = Math.max(Math.abs(ws), Math.abs(bs)) + 0.8;
    return { x: [ws - R, ws + R], y: [bs - R, bs + R] };
  }

  // New data (pts, closed form cf) or new settings: rerun.
  function update(p, c) { pts = p; cf = c; compute(); }

  function compute() {
    if (!pts || !cf) return;
    const { X, y } = columns(pts);
    const problem = { name: 'leastSquares', X, y };
    field = { key: JSON.stringify(pts), problem, d: domain() };
    run = guard(err, t, () => lab.optimize(problem, [0, 0], { method: 'gd', lr, steps }));
    if (!run) return;
    const K = run.path.length - 1;
    if (run.diverged) { status.className = 'check bad'; status.textContent = t('gd.diverged', { n: run.divergedAt, last: K }); }
    else if (run.loss[K] > run.loss[0]) { status.className = 'check bad'; status.textContent = t('gd.growing', { from: fmt(run.loss[0]), to: fmt(run.loss[K]), K }); }
    else { status.className = 'check'; status.textContent = ''; }
    itSl.input.max = String(K);
    if (timer && it >= K) stop();
    show(Math.min(it, K));
  }

  // Shows iterate k of the current run everywhere.
  function show(k) {
    if (!run) return;
    it = k;
    itSl.set(k);
    onChange({ it });
    const [w, b] = run.path[k];
    // The figures are drawn when they are in view (core/draw-later.js).
    drawWhenShown(contour.el, drawContour);
    drawWhenShown(chart.el, drawChart);
    const star = [cf.fit.w[0], cf.fit.b];
    const dist = lab.norm(lab.sub(run.path[k], star));
    readout.textContent = t('gd.readout', { t: k, w: fmt(w), b: fmt(b), L: fmt(run.loss[k]), ws: fmt(star[0]), bs: fmt(star[1]), d: fmt(dist, 3) });
    onIterate({ w, b, t: k, run });
  }
  // The map of L(w, b) (recomputed for new data only), the path to iterate it.
  function drawContour() {
    if (!run || !field) return;
    if (field.key !== fieldKey) {
      const { d, problem } = field;
      const obj = guard(err, t, () => lab.objective(problem, gridPoints(d.x, d.y, GRID, GRID)));
      if (!obj) return;
      fieldKey = field.key;
      contour.setField({ xDomain: d.x, yDomain: d.y, nx: GRID, ny: GRID, values: obj.loss, levels: 'log' });
    }
    const k = Math.min(it, run.path.length - 1);
    const star = [cf.fit.w[0], cf.fit.b];
    const [w, b] = run.path[k];
    contour.setOverlays({
      paths: [{ points: run.path.slice(0, k + 1), className: 'rg-gdpath', label: t('gd.pathLabel') }],
      markers: [
        { at: star, className: 'ct-special', shape: 'star', size: 8, label: t('gd.closedForm') },
        { at: [w, b], className: 'rg-gdpath', shape: 'circle', label: `t = ${k}` },
      ],
    });
  }
  // The curve is kept while the run is (the iterate slider then moves the
  // chart's line alone: xy-chart.js).
  let curve = null;
  function drawChart() {
    if (!run) return;
    const K = run.path.length - 1, k = Math.min(it, K);
    if (!curve || curve.run !== run || curve.cf !== cf) {
      const excess = lab.sub(run.loss, run.loss.map(() => cf.fit.loss));
      curve = { run, cf, series: [{ points: excess.map((y, i) => [i, y]), className: 'rg-gdpath', label: t('gd.excessLabel') }] };
    }
    chart.set({ series: curve.series, vlines: [{ x: k }], xDomain: [0, Math.max(K, 1)] });
  }

  function start() {
    const K = run ? run.path.length - 1 : 0;
    if (!run || K === 0) return;
    if (it >= K) show(0);
    play.setAttribute('aria-pressed', 'true');
    play.textContent = t('gd.pause');
    timer = setInterval(() => {
      const last = run.path.length - 1;  // the run may change while playing (new data, new alpha)
      const next = Math.min(last, it + Math.max(1, Math.round(last / 150)));
      show(next);
      if (next >= last) stop();
    }, 33);
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    play.setAttribute('aria-pressed', 'false');
    play.textContent = t('gd.play');
  }

  return { el, update, get run() { return run; }, get it() { return it; }, destroy: stop };
}
