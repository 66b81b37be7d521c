// The graphs lesson's karate club, trained: the one-layer GAT
// (lab.trainGat, X = I, W 34 x 2, a 4, Adam) learns the club's split from
// two labelled members, the instructor (node 1) and the administrator
// (node 34). Play / step / scrub through the updates: every frame is one
// core call from the seeded initial weights or a checkpoint, so
// the colours (predicted faction), the edges (drawn as thick as alpha_ij at
// node i's end), the accuracy against the recorded split and the loss curve
// are those of one Adam run: playing or stepping forward continues the run
// shown by one update (karateStep, with the optimizer's state); a scrub
// continues from a checkpoint (runTo). The update shown is kstep of the URL
// (written when play stops), the initial weights' seed kseed. Layout and
// data: karate.js; checkpoints: karate-runs.js.
import { h } from '../../ui/dom.js';
import { everyFrame } from '../../layout/frames.js';
import { fmt, full } from '../../util/format.js';
import { createGraphView } from '../../plots/graph-view.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { guard, errorSlot } from '../shared/kit.js';
import { seedInput } from './seed.js';
import { alphaWidth } from './draw.js';
import { KARATE, INSTRUCTOR, ADMINISTRATOR, KARATE_STEPS, karateLayout, karateRun, karateStep } from './karate.js';
import { createKarateRuns } from './karate-runs.js';

export function karateSection({ lab, t, values, set, watch }) {
  let run = null, runAt = -1, runSeed = -1, full0 = null, stopPlay = null, k = values.kstep, seed = values.kseed;
  const err = errorSlot();
  const gv = createGraphView({ ariaLabel: t('kt.figure'), name: 'karate-train', size: 460, crop: true, nodeName: (i) => t('kt.node', { i: i + 1, side: t(`kt.side${KARATE.club[i]}`) }) });
  gv.svg.classList.add('gv-small');
  const chart = createXyChart({ ariaLabel: t('kt.lossFigure'), xLabel: t('kt.updates'), yLabel: t('kt.loss'), width: 420, height: 200, y: { scale: 'log' }, margin: { left: 58 } });
  const status = h('p', { class: 'kt-status', 'aria-live': 'polite', dataset: { name: 'karate-status' } });
  const playBtn = h('button', { type: 'button', class: 'btn btn-primary', 'aria-pressed': 'false', dataset: { act: 'karate-play' }, onclick: () => (stopPlay ? pause() : play()) }, t('kt.play'));
  const stepBtn = h('button', { type: 'button', class: 'btn', dataset: { act: 'karate-step' }, onclick: () => { pause(); show(Math.min(k + 1, KARATE_STEPS)); set({ kstep: k }); } }, t('kt.step'));
  const resetBtn = h('button', { type: 'button', class: 'btn', dataset: { act: 'karate-reset' }, onclick: () => { pause(); show(0); set({ kstep: 0 }); } }, t('kt.reset'));
  const scrubId = `kt-scrub-${Math.random().toString(36).slice(2, 7)}`;
  const scrub = h('input', { id: scrubId, type: 'range', min: '0', max: String(KARATE_STEPS), step: '1', value: String(k), class: 'kt-scrub' });
  // The update shown is state of the URL as the scrub moves (a copied link shows it).
  scrub.addEventListener('input', () => { pause(); show(Number(scrub.value)); set({ kstep: k }); });
  const seedIn = seedInput({ name: 'kseed', t, values, set, watch });
  const legend = h('ul', { class: 'lc-legend kt-legend' },
    h('li', {}, h('span', { class: 'kt-swatch kc-0' }), t('kt.side0')),
    h('li', {}, h('span', { class: 'kt-swatch kc-1' }), t('kt.side1')),
    h('li', {}, h('span', { class: 'kt-swatch kt-wrong' }), t('kt.wrong')),
    h('li', {}, h('span', { class: 'kt-swatch kt-train' }), t('kt.trainNodes')));
  const el = h('div', { class: 'panel', 'data-ex': 'karate', dataset: { name: 'karate-train' } },
    h('div', { class: 'controls' }, playBtn, stepBtn, resetBtn,
      h('label', { for: scrubId, class: 'kt-scrub-label' }, t('kt.scrub'), scrub),
      h('span', {}, seedIn.label, ' ', seedIn.input)),
    err, status,
    h('div', { class: 'kt-stage' }, h('div', { class: 'kt-graph' }, gv.el, legend), h('div', { class: 'kt-side' }, chart.el, h('p', { class: 'note' }, t('kt.note')))));

  function play() {
    if (k >= KARATE_STEPS) show(0);
    playBtn.textContent = t('kt.pause');
    playBtn.setAttribute('aria-pressed', 'true');
    stopPlay = everyFrame(() => {
      if (k >= KARATE_STEPS) { pause(); return false; }
      show(k + 1);
      return true;
    });
  }
  function pause() {
    const was = stopPlay;
    if (stopPlay) stopPlay();
    stopPlay = null;
    playBtn.textContent = t('kt.play');
    playBtn.setAttribute('aria-pressed', 'false');
    if (was) set({ kstep: k });
  }

  const runTo = createKarateRuns(lab);

  // The state after kk updates; the whole curve once per seed.
  function show(kk) {
    k = kk;
    scrub.value = String(k);
    if (!full0) full0 = guard(err, t, () => karateRun(lab, seed, KARATE_STEPS));
    const next = run && runSeed === seed && runAt === k - 1;
    run = guard(err, t, () => (next ? karateStep(lab, seed, run) : runTo(seed, k)));
    runAt = run ? k : -1;
    runSeed = seed;
    if (!run || !full0) return;
    const loss = run.loss.at(-1), acc = run.accuracy.at(-1), pred = run.predictions, alpha = run.alpha;
    const right = pred.filter((c, i) => c === KARATE.club[i]).length;
    status.textContent = t('kt.status', { k, steps: KARATE_STEPS, acc: fmt(100 * acc, 3), right, n: KARATE.n, loss: fmt(loss, 4) });
    Object.assign(status.dataset, { step: String(k), accuracy: full(acc), loss: full(loss), predictions: pred.join('') });
    gv.set({
      n: KARATE.n, edges: KARATE.edges, pos: karateLayout(), current: INSTRUCTOR,
      nodeClass: (i) => [`kc-${pred[i]}`, pred[i] !== KARATE.club[i] ? 'kt-wrong' : '', i === INSTRUCTOR || i === ADMINISTRATOR ? 'sel' : ''].join(' '),
      weight: (i, j) => { const w = alphaWidth(alpha[i][j]); return w === null ? null : 0.6 * w; },
      weightValue: (i, j) => alpha[i][j],
      edgeTitle: (i, j) => `α(${i + 1}→${j + 1}) = ${fmt(alpha[i][j], 3)}, α(${j + 1}→${i + 1}) = ${fmt(alpha[j][i], 3)}`,
    });
    chart.set({ series: [{ points: full0.loss.slice(0, k + 1).map((y, q) => [q, y]), className: 'm-adam', label: t('kt.lossSeries') }],
      xDomain: [0, KARATE_STEPS], yDomain: [Math.min(...full0.loss), Math.max(...full0.loss)], vlines: [{ x: k, className: 'c-now', text: String(k) }] });
  }

  return {
    el,
    reads: ['kseed', 'kstep'],
    later: true,
    // A new seed shows the same update of the new run (while playing, the
    // one reached); kstep written by this panel is the update already shown.
    draw({ kseed, kstep }) {
      if (kseed !== seed) { seed = kseed; full0 = null; show(stopPlay ? k : Math.min(kstep, KARATE_STEPS)); return; }
      if (!stopPlay && !(run && runAt === kstep && runSeed === seed)) show(Math.min(kstep, KARATE_STEPS));
    },
    destroy: () => pause(),
  };
}
