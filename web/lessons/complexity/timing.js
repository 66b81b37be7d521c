// Part 2 of the complexity lesson: the three kinds timed live in this
// browser by the wasm core (timing-step.js), one call per setTimeout
// slice, so the page stays responsive. Only on Start. Slopes: least
// squares on the log-log points with n >= 256.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { fitPowerLaw } from '../../plots/power-law.js';
import { KINDS, KIND_CLASS, fmtN } from './kinds.js';
import { N_SEQ, EXPECTED, timeNext } from './timing-step.js';
import { coreMessage } from '../shared/kit.js';

const CAP_N = { full: 4096, sparse: 65536, lowRank: 65536 };

// p: the lesson's values (d, w, r as they are now).
export function timingSection({ lab, t, values: p }) {
  let timer = null;
  let state = null;
  let started = 0;

  const btn = h('button', { type: 'button', class: 'btn btn-primary', 'aria-pressed': 'false', onclick: () => (timer ? stop(true) : start()) }, t('start'));
  const progress = h('progress', { max: '1', value: '0', 'aria-label': t('progressLabel') });
  const status = h('p', { class: 'cx-status', role: 'status', 'aria-live': 'polite' }, t('idle'));
  const chart = createXyChart({ ariaLabel: t('timeFigure'), width: 600, height: 320, xLabel: t('nAxis'), yLabel: t('msAxis'), margin: { left: 62, right: 16, bottom: 44 }, grid: true,
    x: { scale: 'log', ticks: [64, 256, 1024, 4096, 16384, 65536], format: fmtN }, y: { scale: 'log', pad: 1.6, format: (v) => fmt(v, 2) } });
  const el = h('div', { class: 'panel' },
    h('div', { class: 'controls' }, btn, progress), status, chart.el,
    h('p', { class: 'note' }, t('timeNote')));

  const cap = (kind) => Math.min(CAP_N[kind], Math.floor(2 ** 22 / p.d));
  const planned = (kind) => N_SEQ.filter((n) => n <= cap(kind) && (kind !== 'lowRank' || n >= p.r)).length;

  function reset() {
    state = Object.fromEntries(KINDS.map((k) => [k, { i: 0, points: [], done: false, warm: false, perRun: 0, lastN: 0 }]));
    progress.value = 0;
    draw();
  }

  function start() {
    reset();
    started = performance.now();
    btn.textContent = t('stop');
    btn.setAttribute('aria-pressed', 'true');
    status.textContent = t('starting');
    timer = setTimeout(slice, 30);
  }

  function stop(byUser) {
    clearTimeout(timer);
    timer = null;
    btn.textContent = t('start');
    btn.setAttribute('aria-pressed', 'false');
    if (byUser) status.textContent = t('stopped', { count: count() });
  }

  const count = () => KINDS.reduce((a, k) => a + state[k].points.length, 0);
  let turn = 0;

  // One timeAttention call (or a skip), then yield to the page.
  function slice() {
    const open = KINDS.filter((k) => !state[k].done);
    if (!open.length) { finish(); return; }
    const kind = open[turn++ % open.length];
    const st = state[kind];
    try {
      timeNext(lab, kind, st, p, cap(kind), (n, repeats) => { status.textContent = t('measuring', { kind: t(`kind.${kind}`), n, repeats }); });
    } catch (e) {
      st.done = true;
      // The core's message in the page's language (kit.js), its English text on a line for course authors.
      const { text, detail } = coreMessage(e, t);
      status.textContent = `${t('common.error')} ${text}`;
      if (detail && detail !== text) status.append(h('span', { class: 'error-detail', lang: 'en' }, detail));
    }
    const total = KINDS.reduce((a, k) => a + (state[k].done ? state[k].points.length : Math.max(planned(k), state[k].points.length)), 0);
    progress.value = total ? count() / total : 1;
    draw();
    timer = setTimeout(slice, 0);
  }

  function finish() {
    stop(false);
    progress.value = 1;
    const slopes = KINDS.map((k) => `${t(`kind.${k}`)} ${fits[k] ? fmt(fits[k].slope, 3) : '—'}`).join(', ');
    status.textContent = t('done', { count: count(), s: fmt((performance.now() - started) / 1000, 2), slopes });
  }

  const fits = {};
  function draw() {
    const series = KINDS.map((kind) => {
      const pts = state ? state[kind].points : [];
      const big = pts.filter(([n]) => n >= 256);
      const fit = fitPowerLaw(big.length >= 3 ? big : pts);
      fits[kind] = fit;
      return { points: pts, className: KIND_CLASS[kind], fit, markers: true,
        label: t('measuredLabel', { kind: t(`kind.${kind}`), slope: fit ? fmt(fit.slope, 3) : '—', expected: EXPECTED[kind] }),
        tip: (n, y) => `${t(`kind.${kind}`)}: n = ${n}, ${fmt(y, 4)} ms` };
    });
    chart.set({ series, xDomain: [64, 65536], empty: t('emptyChart') });
  }

  // New inputs: what was measured belongs to the old ones.
  return {
    el,
    reads: ['d', 'w', 'r'],
    draw(v, changed) {
      if (timer) stop(false);
      reset();
      status.textContent = changed ? t('inputsChanged') : t('idle');
    },
    destroy: () => stop(false),
  };
}
