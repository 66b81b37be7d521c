// Where momentum works: a map over (alpha, beta) for momentum on the
// quadratic bowl, coloured by the number of steps to converge
// (lab.momentumMap; -1 = never within the budget). Computed a few rows per
// slice with setTimeout in between, so the page stays responsive; a newer
// request cancels an older one. Click a cell (or focus the map, move with
// the arrow keys and press Enter) to use its alpha and beta above.
import { interpolateViridis } from '../../plots/viridis.js';
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createGridMap } from '../../plots/grid-map.js';
import { guard, errorSlot } from '../shared/kit.js';
import { problemOf, PRESETS } from './problems.js';

const ROWS = 25, COLS = 25, MAX_STEPS = 1000, TOL = 1e-6, ROWS_PER_SLICE = 4;
// Learning rates 10^-3 .. 1 (log-spaced, 3 significant digits: 8 rows a decade, so that
// 0.001, 0.01, 0.1 and 1 are rows of their own and label the axis); momenta 0, 0.04, .., 0.96.
export const MAP_LRS = Array.from({ length: ROWS }, (_, i) => Number((10 ** (-3 + (3 * i) / (ROWS - 1))).toPrecision(3)));
export const MAP_BETAS = Array.from({ length: COLS }, (_, j) => Number((0.04 * j).toFixed(2)));

const nearest = (list, v) => list.reduce((best, x, i) => (Math.abs(Math.log(x + 1e-9) - Math.log(v + 1e-9)) < Math.abs(Math.log(list[best] + 1e-9) - Math.log(v + 1e-9)) ? i : best), 0);

export function createMomentumMap({ lab, t, onPick }) {
  const err = errorSlot();
  const readout = h('p', { class: 'gm-readout', 'aria-live': 'polite' });
  const best = h('p', { class: 'note' });
  const caption = h('p', { class: 'note' });
  let steps = [];
  let key = '';
  let gen = 0;
  let timer = null;
  let cur = null;

  // Steps on a log scale from 10 (bright) to MAX_STEPS (dark).
  const LO = 10;
  const frac = (v) => Math.min(1, Math.max(0, Math.log10(Math.max(LO, v) / LO) / Math.log10(MAX_STEPS / LO)));
  const color = (v) => interpolateViridis(1 - frac(v));
  const describe = (i, j) => {
    const v = steps[i] ? steps[i][j] : undefined;
    const where = `α = ${fmt(MAP_LRS[i])}, β = ${fmt(MAP_BETAS[j])}`;
    if (v === undefined) return `${where}: ${t('map.pending')}`;
    if (v === null) return `${where}: ${t('map.never', { n: MAX_STEPS })}`;
    return `${where}: ${t('map.steps', { n: v })}`;
  };
  const map = createGridMap({
    ariaLabel: t('map.figure'), xLabel: t('map.xLabel'), yLabel: t('map.yLabel'),
    rowTicks: [0, 8, 16, 24].map((i) => [i, fmt(MAP_LRS[i], 2)]),
    colTicks: [0, 5, 10, 15, 20].map((j) => [j, fmt(MAP_BETAS[j], 2)]),
    color, legend: { ramp: (f) => interpolateViridis(f), ticks: [[1, '≤ 10'], [0.5, '100'], [0, '1000']], label: t('map.legend'), missing: t('map.missing') },
    cursorLabel: (i, j) => `${describe(i, j)}. ${t('map.keys')}`,
    rowLabel: (i) => fmt(MAP_LRS[i], 3), colLabel: (j) => fmt(MAP_BETAS[j], 3),
    onHover: (i, j) => { readout.textContent = describe(i, j); },
    onPick: (i, j) => { readout.textContent = `${describe(i, j)} ${t('map.applied')}`; onPick(MAP_LRS[i], MAP_BETAS[j]); },
  });

  function markOf() {
    if (!cur) return null;
    const i = nearest(MAP_LRS, cur.lrm), j = MAP_BETAS.reduce((b, x, jj) => (Math.abs(x - cur.beta) < Math.abs(MAP_BETAS[b] - cur.beta) ? jj : b), 0);
    const inRange = cur.lrm >= MAP_LRS[0] / 1.2 && cur.lrm <= MAP_LRS[ROWS - 1] * 1.2 && cur.beta <= MAP_BETAS[COLS - 1] + 0.02;
    return inRange ? [i, j] : null;
  }

  function summarize() {
    let b = null;
    steps.forEach((row, i) => row && row.forEach((v, j) => { if (v !== null && v !== undefined && (!b || v < b.v)) b = { i, j, v }; }));
    best.textContent = b ? t('map.best', { lr: fmt(MAP_LRS[b.i]), beta: fmt(MAP_BETAS[b.j]), n: b.v }) : t('map.noneConverged');
  }

  // kappa, x0 define the runs; lrm, beta are only marked.
  function show({ kappa, x0, lrm, beta }) {
    cur = { lrm, beta };
    const k = JSON.stringify([kappa, x0]);
    if (k === key) { map.setMark(markOf()); return; }
    key = k;
    caption.textContent = t('map.caption', { kappa: fmt(kappa), x: fmt(x0[0]), y: fmt(x0[1]), n: MAX_STEPS });
    const my = ++gen;
    // Until the new rows arrive, the old map stays (dragging x0 must not make it flash).
    if (!steps.length) steps = Array.from({ length: ROWS }, () => undefined);
    const shown = () => steps.map((line) => line || Array(COLS).fill(undefined));
    map.set(shown(), { mark: markOf() });
    best.textContent = t('map.pending');
    const { A, b } = problemOf('quadratic', kappa);
    let row = 0;
    const slice = () => {
      timer = null;
      if (my !== gen) return;
      const lrs = MAP_LRS.slice(row, row + ROWS_PER_SLICE);
      const r = guard(err, t, () => lab.momentumMap(A, b, x0, { lrs, betas: MAP_BETAS, steps: MAX_STEPS, tol: TOL }));
      if (!r) return;
      r.steps.forEach((line, q) => { steps[row + q] = line.map((v) => (v < 0 ? null : v)); });
      row += lrs.length;
      map.set(shown(), { mark: markOf() });
      if (row < ROWS) timer = setTimeout(slice, 0);
      else summarize();
    };
    clearTimeout(timer);
    timer = setTimeout(slice, 120);
  }

  const el = h('div', { class: 'opt-map' }, caption, err, map.el, readout, best);
  return { el, show, destroy: () => { gen++; clearTimeout(timer); } };
}

// The map of the bowl of the playground (from the bowl's suggested x0 while
// another problem is shown), marking momentum's alpha and beta; a cell
// picked sets them and turns momentum on.
export function mapSection({ lab, t, set }) {
  const map = createMomentumMap({ lab, t, onPick: (lrm, beta) => set({ lrm, beta, mom: true }) });
  return {
    el: h('div', { class: 'panel' }, map.el),
    later: true,
    reads: ['kappa', 'problem', 'x0In', 'lrm', 'beta'],
    draw: (v) => map.show({ kappa: v.kappa, x0: v.problem === 'quadratic' ? v.x0In : PRESETS.quadratic.x0, lrm: v.lrm, beta: v.beta }),
    destroy: () => map.destroy(),
  };
}
