// The run: its settings, the player (play, one update, reset, the
// scrubber through the updates done so far), the loss and accuracy after
// each update, the accuracy on held-out sequences, and the attention map of
// the sequence chosen at the update shown.
import { h, nextId } from '../../ui/dom.js';
import { fmt, full } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { posLabels, HELD_OUT } from './tasks.js';
import { lastUpdate } from './live.js';
import { runSettings } from './settings.js';

export function trainSection(api) {
  const { t, values, set, error } = api;
  const err = errorSlot();
  const playBtn = h('button', { type: 'button', class: 'btn btn-primary', 'aria-pressed': 'false', dataset: { act: 'play' }, onclick: () => set({ playing: !values.playing }) }, t('play'));
  // Moving to an update stops play first (its update is written to the URL), then asks for the new one.
  const goTo = (k) => { set({ playing: false }); set({ at: k }); };
  const stepBtn = h('button', { type: 'button', class: 'btn', dataset: { act: 'step' }, onclick: () => goTo(Math.min(values.k + 1, lastUpdate(values))) }, t('stepOne'));
  // Back to the initial weights: the run is trained afresh (live) from there.
  const resetBtn = h('button', { type: 'button', class: 'btn', dataset: { act: 'reset' }, onclick: () => { set({ playing: false }); set({ at: 0, restart: values.restart + 1 }); } }, t('reset'));
  const scrubId = nextId('tr-scrub');
  const scrub = h('input', { id: scrubId, type: 'range', min: '0', max: String(values.steps), step: '1', value: String(values.at), class: 'tr-scrub' });
  scrub.addEventListener('input', () => goTo(Number(scrub.value)));
  const status = h('p', { class: 'tr-status', 'aria-live': 'polite', dataset: { name: 'status' } });
  const held = h('p', { class: 'tr-status tr-held', dataset: { name: 'held-out' } });
  const lossChart = createXyChart({ ariaLabel: t('lossFigure'), xLabel: t('stepAxis'), yLabel: t('lossAxis'), width: 440, height: 220, y: { scale: 'log' }, margin: { left: 58 } });
  const accChart = createXyChart({ ariaLabel: t('accFigure'), xLabel: t('stepAxis'), yLabel: t('accAxis'), width: 440, height: 220 });
  const heat = createHeatmap({ title: t('heatTitle'), xLabel: t('keyAxis'), yLabel: t('queryAxis'), ariaLabel: t('heatFigure') });

  const el = h('div', { class: 'panel', 'data-ex': 'train', dataset: { name: 'train' } },
    runSettings(api),
    err,
    h('div', { class: 'controls tr-player' }, playBtn, stepBtn, resetBtn,
      h('label', { for: scrubId, class: 'tr-scrub-label' }, t('scrub'), scrub)),
    status, held,
    h('div', { class: 'row tr-charts tr-part', 'data-part': 'loss' }, h('div', {}, lossChart.el), h('div', {}, accChart.el)),
    h('div', { class: 'tr-scroll tr-part', 'data-part': 'attend' }, heat.el),
    h('p', { class: 'note' }, t('heatNote')));

  function drawHeld(run) {
    if (run.diverged) { held.textContent = ''; return; }
    const r = values.held;
    held.textContent = r ? t('heldOut', { n: HELD_OUT, k: run.trained(), acc: fmt(100 * r.accuracy, 3), loss: fmt(r.loss, 4) }) : '';
    held.dataset.accuracy = r ? full(r.accuracy) : '';
  }

  return {
    el,
    reads: ['run', 'k', 'trained', 'held', 'playing', 'trainError', 'steps', 'seq'],
    draw(v) {
      playBtn.textContent = t(v.playing ? 'pause' : 'play');
      playBtn.setAttribute('aria-pressed', String(v.playing));
      const run = v.run, last = lastUpdate(v);
      const e = error('run') || v.trainError || error('held');
      if (e) showCoreError(err, t, e); else { err.textContent = ''; err.hidden = true; }
      scrub.max = String(run ? Math.min(run.trained(), last) : 0);  // the updates done so far
      scrub.value = String(v.k);
      if (!run) return;
      // A new run is drawn once before the player brings k back within it.
      const k = Math.min(v.k, run.trained()), loss = run.loss[k], acc = run.accuracy[k];
      Object.assign(status.dataset, { step: String(k), trained: String(run.trained()), last: String(last), loss: full(loss), accuracy: full(acc) });
      let text = t('status', { k, steps: v.steps, loss: fmt(loss, 4), acc: fmt(100 * acc, 3) });
      if (run.diverged) text += ` ${t('divergedRun', { k: run.divergedAt, last })}`;
      status.textContent = text;
      status.classList.toggle('bad', run.diverged);
      drawHeld(run);
      const upTo = (arr) => arr.slice(0, k + 1).map((y, i) => [i, y]);
      const yLoss = run.loss.filter((x) => Number.isFinite(x) && x > 0);
      const now = [{ x: k, className: 'c-now', text: String(k) }];
      lossChart.set({ series: [{ points: upTo(run.loss), className: `m-${v.method}`, label: t(`m.${v.method}`) }],
        xDomain: [0, v.steps], yDomain: [Math.max(1e-6, Math.min(...yLoss)), Math.max(...yLoss)], vlines: now });
      accChart.set({ series: [{ points: upTo(run.accuracy), className: `m-${v.method}`, label: t(`m.${v.method}`) }],
        xDomain: [0, v.steps], yDomain: [0, 1], vlines: now });
      const labels = posLabels(run.d.tokens[v.seq - 1]);
      heat.set(run.weights[k][v.seq - 1], { rowLabels: labels, colLabels: labels });
      heat.el.dataset.step = String(k);
    },
  };
}
