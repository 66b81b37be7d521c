// The run: Play trains both models live (one fresh batch per update), the
// checkpoint slider goes back through what was trained, and two charts
// follow the held-out losses and the heads' scores. The phase change: the
// repeat's loss sits on a plateau, then falls within a few dozen updates,
// just as layer 2's prefix-match score jumps; the 1-layer control's does not.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { SETTING } from './setting.js';

export function trainSection({ t, set, control, values, error }) {
  const err = errorSlot();
  const play = h('button', { type: 'button', class: 'btn btn-primary', 'aria-pressed': 'false', dataset: { act: 'play' },
    onclick: () => set({ playing: !values.playing }) }, t('play'));
  const reset = h('button', { type: 'button', class: 'btn', dataset: { act: 'reset' },
    onclick: () => set({ playing: false, at: 0, restart: values.restart + 1 }) }, t('reset'));
  const seed = control('seed', { label: t('seed'), format: String });
  const at = control('at', { label: t('at'), format: String });
  at.input.classList.add('ci-at');
  const status = h('p', { class: 'ci-status', 'aria-live': 'polite' });
  const lossChart = createXyChart({ ariaLabel: t('lossFigure'), xLabel: t('updates'), yLabel: t('loss'), width: 440, height: 240, grid: true });
  const scoreChart = createXyChart({ ariaLabel: t('scoreFigure'), xLabel: t('updates'), yLabel: t('score'), width: 440, height: 240, grid: true });
  const xDomain = [0, SETTING.steps];

  const el = h('div', { class: 'panel', 'data-ex': 'train' },
    h('div', { class: 'controls' }, play, reset, seed.el, at.el),
    err, status,
    h('div', { class: 'row ci-charts' },
      h('div', {}, h('h3', { class: 'h-small' }, t('lossHeading')), lossChart.el),
      h('div', {}, h('h3', { class: 'h-small' }, t('scoreHeading')), scoreChart.el)));

  return {
    el,
    reads: ['shown', 'checkpoints', 'playing', 'trainError'],
    draw(v) {
      if (v.trainError || !v.run) { showCoreError(err, t, v.trainError || error('run')); return; }
      err.hidden = true;
      play.textContent = t(v.playing ? 'pause' : 'play');
      play.setAttribute('aria-pressed', String(v.playing));
      const run = v.run, cps = run.checkpoints;
      const c = v.shown;
      status.dataset.step = String(c.step);
      status.dataset.trained = String(run.updates);
      status.dataset.repeat = String(c.two.repeat);
      status.dataset.induction = String(c.induction);
      status.textContent = t(v.at > run.updates ? 'statusTraining' : 'status', {
        k: c.step, done: run.updates, steps: SETTING.steps, first: fmt(c.two.first, 3), repeat: fmt(c.two.repeat, 3),
        control: fmt(c.one.repeat, 3), pm: fmt(c.induction, 2),
      });
      const line = (f) => cps.map((p) => [p.step, f(p)]);
      const now = [{ x: c.step, className: 'c-now', text: String(c.step) }];
      lossChart.set({
        series: [
          { points: line((p) => p.two.first), className: 'c-ref', label: t('series.first') },
          { points: line((p) => p.two.repeat), className: 'c-p', label: t('series.repeat') },
          { points: line((p) => p.one.repeat), className: 'c-q', label: t('series.control') },
        ],
        hlines: [{ y: Math.log(SETTING.V), className: 'c-bound', text: t('lnV', { V: SETTING.V }) }],
        xDomain, yDomain: [0, 4.5], vlines: now,
      });
      scoreChart.set({
        series: [
          { points: line((p) => p.prev), className: 'c-mi', label: t('series.prev') },
          { points: line((p) => p.induction), className: 'c-p', label: t('series.induction') },
          { points: line((p) => p.controlMatch), className: 'c-q', label: t('series.controlMatch') },
        ],
        xDomain, yDomain: [0, 1], vlines: now,
      });
    },
  };
}
