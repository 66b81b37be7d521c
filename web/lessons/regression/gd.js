// Gradient descent on (w, b) for the least-squares loss (the run of
// model.js): its path on the contour map of L(w, b), the excess loss
// L(w_t, b_t) - L* on a log scale, and a player that replays the run
// iterate by iterate (it: the iterate shown, everywhere in the lesson).
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createContourPlot } from '../../plots/contour.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { rateField } from '../shared/rate-field.js';
import PARAMS from './params.js';

const last = (run) => run.path.length - 1;

export function gdSection({ lab, t, values, set, control, watch, error }) {
  const err = errorSlot();
  const status = h('p', { class: 'check', 'aria-live': 'polite' });
  const readout = h('p', { class: 'rg-readout' });
  const rate = rateField({ label: t('gd.alpha'), value: values.lr, min: PARAMS.params.lr.min, max: PARAMS.params.lr.max, t, onChange: (lr) => set({ lr }) });
  const steps = control('steps', { label: t('gd.steps'), format: String });
  const it = control('it', { label: t('gd.iterate'), format: (x) => `t\u00a0=\u00a0${x}` });
  const contour = createContourPlot({ ariaLabel: t('gd.contourFigure'), xLabel: 'w', yLabel: 'b', width: 440 });
  const chart = createXyChart({ ariaLabel: t('gd.lossFigure'), xLabel: t('gd.stepAxis'), yLabel: 'L(wₜ, bₜ) − L*', width: 520, height: 230, margin: { left: 58, right: 14, top: 10 }, y: { scale: 'log' } });

  // Play moves the iterate shown to the end of the run, about 150 moves
  // whatever its length; moving the iterate by hand stops it.
  let timer = null;
  const play = h('button', { type: 'button', class: 'btn btn-primary', 'aria-pressed': 'false', onclick: () => (timer ? stop() : start()) }, t('gd.play'));
  function start() {
    if (!values.run || last(values.run) === 0) return;
    if (values.it >= last(values.run)) set({ it: 0 });
    play.setAttribute('aria-pressed', 'true');
    play.textContent = t('gd.pause');
    timer = setInterval(() => {
      const K = last(values.run);  // the run may change while playing (new data, new alpha)
      const next = Math.min(K, values.it + Math.max(1, Math.round(K / 150)));
      set({ it: next });
      if (next >= K) stop();
    }, 33);
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    play.setAttribute('aria-pressed', 'false');
    play.textContent = t('gd.play');
  }
  it.input.addEventListener('input', stop);
  // The iterate shown stays within the run; a new run shorter than it stops the player there.
  const within = () => {
    if (!values.run) return;
    const K = last(values.run);
    if (timer && values.it >= K) stop();
    if (values.it > K) set({ it: K });
  };
  within();
  watch(['run'], within);

  // The map of L(w, b) is set for new data only; the curve is kept while
  // the run is (the iterate then moves the chart's line alone: xy-chart.js).
  let map = null, curve = null;
  function drawFigures(v) {
    const K = last(v.run), k = Math.min(v.it, K);
    const star = [v.cf.fit.w[0], v.cf.fit.b];
    if (v.lossMap && v.lossMap !== map) {
      map = v.lossMap;
      contour.setField({ xDomain: map.d.x, yDomain: map.d.y, nx: map.n, ny: map.n, values: map.loss, levels: 'log' });
    }
    contour.setOverlays({
      paths: [{ points: v.run.path.slice(0, k + 1), className: 'rg-gdpath', label: t('gd.pathLabel') }],
      markers: [
        { at: star, className: 'ct-special', shape: 'star', size: 8, label: t('gd.closedForm') },
        { at: v.run.path[k], className: 'rg-gdpath', shape: 'circle', label: `t = ${k}` },
      ],
    });
    if (!curve || curve.run !== v.run || curve.cf !== v.cf) {
      const excess = lab.sub(v.run.loss, v.run.loss.map(() => v.cf.fit.loss));
      curve = { run: v.run, cf: v.cf, series: [{ points: excess.map((y, i) => [i, y]), className: 'rg-gdpath', label: t('gd.excessLabel') }] };
    }
    chart.set({ series: curve.series, vlines: [{ x: k }], xDomain: [0, Math.max(K, 1)] });
  }

  return {
    el: h('div', { class: 'panel rg-gd' },
      h('div', { class: 'controls' }, rate.el, steps.el),
      h('div', { class: 'controls' }, play, it.el),
      err, status,
      h('div', { class: 'row rg-gd-figs' },
        h('div', {}, h('h3', { class: 'h-small' }, t('gd.contourHeading')), contour.el),
        h('div', { class: 'rg-gd-right' }, h('h3', { class: 'h-small' }, t('gd.lossHeading')), chart.el, readout))),
    // Below the data: while points are dragged above, drawn when in view.
    later: true,
    reads: ['run', 'cf', 'lossMap', 'it'],
    draw(v) {
      const e = error('run') || error('lossMap');
      if (e) { showCoreError(err, t, e); return; }
      if (!v.run) return;
      err.textContent = '';
      err.hidden = true;
      const K = last(v.run), k = Math.min(v.it, K);
      if (v.run.diverged) { status.className = 'check bad'; status.textContent = t('gd.diverged', { n: v.run.divergedAt, last: K }); }
      else if (v.run.loss[K] > v.run.loss[0]) { status.className = 'check bad'; status.textContent = t('gd.growing', { from: fmt(v.run.loss[0]), to: fmt(v.run.loss[K]), K }); }
      else { status.className = 'check'; status.textContent = ''; }
      it.input.max = String(K);
      it.set(k);
      const star = [v.cf.fit.w[0], v.cf.fit.b];
      const [w, b] = v.run.path[k];
      readout.textContent = t('gd.readout', { t: k, w: fmt(w), b: fmt(b), L: fmt(v.run.loss[k]), ws: fmt(star[0]), bs: fmt(star[1]), d: fmt(lab.norm(lab.sub(v.run.path[k], star)), 3) });
      drawFigures(v);
    },
    destroy: stop,
  };
}
