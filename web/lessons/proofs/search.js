// Proofs lesson, part 2: a random search for the worst pair. Many short
// calls of lab.lipschitzSearch (seeds sseed * 4096 + k, each ~3 ms of
// work), run in tasks of ~12 ms with a setTimeout between them so the page
// stays responsive (proofs-slices.js), plot the largest ratio found so far
// against the bound 1/(2T), and a histogram of the sampled ratios (the core
// returns the first 200 of each call). The chunks are fixed (trials per
// call from n only), so a seed reproduces the same result on any machine.
// A finished search is the lesson's `found`, kept with the settings it was
// run with (searchKey): `search` is it while they are still the settings.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { guard, errorSlot } from '../shared/kit.js';
import { runSliced } from './slices.js';
import { seedField } from './seed-field.js';
import schema from './params.js';

// 1234567 -> "1,234,567" (Intl's first use costs ~100 ms).
export const thousands = (k) => String(k).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// Measured: about 2.5 + 0.35 n microseconds per pair; ~3 ms per call.
const perChunk = (n) => Math.max(1, Math.min(100000, Math.floor(2 ** 21 / n), Math.floor(3000 / (2.5 + 0.35 * n))));
const totalPairs = (n) => Math.min(200000, Math.floor(3e6 / (2.5 + 0.35 * n)));

export const searchKey = ({ sn, spread, sseed, T }) => `${sn}|${spread}|${sseed}|${T}`;
// The spread slider moves over log10(spread) in steps of 0.01 (3 significant digits).
export function searchSection({ lab, t, values, set, control, onUseBest }) {
  let run = null;  // {tried, total, best, bestZ1, bestZ2, curve, ratios, bound, n}
  let job = null;
  const err = errorSlot();
  const nSel = control('sn', { label: t('searchN') });
  nSel.select.setAttribute('aria-label', t('searchN'));  // the menu's own name, as the field beside it has
  const spread = control('spread', { label: t('spread') });
  const seed = seedField({ t, value: values.sseed, spec: schema.params.sseed, onChange: (sseed) => set({ sseed }) });
  const go = h('button', { type: 'button', class: 'btn btn-primary pf-search-btn', onclick: () => (job ? stop() : start()) }, t('searchStart'));
  const use = h('button', { type: 'button', class: 'btn', disabled: true, onclick: () => values.search && onUseBest(values.search.bestZ1, values.search.bestZ2) }, t('useBest'));
  const progress = h('progress', { max: '1', value: '0', 'aria-label': t('searchProgress') });
  const status = h('p', { class: 'check', 'aria-live': 'polite' });
  const kfmt = (v) => (v >= 1000 ? `${fmt(v / 1000, 3)}k` : String(v));
  const chart = createXyChart({ ariaLabel: t('searchGapFigure'), xLabel: t('pairsTried'), yLabel: t('searchGapAxis'), width: 520, height: 230, x: { format: kfmt }, y: { scale: 'log', snap: true } });
  const hist = createXyChart({ ariaLabel: t('ratiosFigure'), xLabel: t('ratioAxis'), yLabel: t('density'), width: 520, height: 230, margin: { right: 14 }, y: { ticks: 4 } });
  const el = h('div', { class: 'panel', dataset: { part: 'search' } },
    h('div', { class: 'controls' }, nSel.el, spread.el, seed.el),
    h('div', { class: 'controls' }, go, use, progress), err, status,
    h('div', { class: 'pf-charts' }, chart.el, hist.el));
  const parts = { t, progress, chart, hist, status };

  function stop() {
    if (job) job.cancel();
    job = null;
    go.textContent = t(run && run.tried >= run.total ? 'searchAgain' : 'searchStart');
  }

  function start() {
    stop();
    const { spread: scale, sseed, T } = values;
    const n = Number(values.sn);
    const key = searchKey(values);
    const total = totalPairs(n), per = perChunk(n);
    const bound = guard(err, t, () => lab.lipschitzBound({ temperature: T }));
    if (bound === null) return;
    run = { tried: 0, total, best: 0, bestZ1: null, bestZ2: null, curve: [[0, 0]], ratios: [], bound, n };
    go.textContent = t('searchStop');
    job = runSliced({
      count: Math.ceil(total / per),
      step: (k) => {
        const trials = Math.min(per, total - k * per);
        const r = guard(err, t, () => lab.lipschitzSearch(n, trials, sseed * 4096 + k, { temperature: T, scale }));
        if (!r) return false;
        run.tried += trials;
        if (r.best > run.best) { run.best = r.best; run.bestZ1 = r.bestZ1; run.bestZ2 = r.bestZ2; }
        run.curve.push([run.tried, run.best]);
        for (const x of r.ratios) run.ratios.push(x);
        return true;
      },
      onTick: () => drawRun(parts, run),
      onDone: () => {
        job = null;
        go.textContent = t('searchAgain');
        use.disabled = !(n <= 8 && run.bestZ1);
        set({ found: { key, result: { ...run } } });
      },
    });
  }

  // New settings: the search so far is dropped, and the charts wait for a new one.
  function reset({ sn, T }) {
    const n = Number(sn);
    run = null;
    stop();
    use.disabled = true;
    progress.value = 0;
    status.className = 'check';
    status.textContent = t('searchIdle', { total: thousands(totalPairs(n)), n });
    const b = guard(err, t, () => lab.lipschitzBound({ temperature: T }));
    if (b !== null) {
      chart.set({ series: [], xDomain: [0, totalPairs(n)], yDomain: [b / 1000, b] });
      hist.set({ bins: { samples: [], domain: [0, b * 1.05] }, vlines: [{ x: b, className: 'c-bound', text: '1/(2T)', align: 'end' }] });
    }
  }

  return {
    el,
    reads: ['sn', 'spread', 'sseed', 'T'],
    draw(v) { seed.set(v.sseed); reset(v); },
    destroy: stop,
  };
}

// A search so far, r, in the progress bar, the charts and the status line.
function drawRun({ t, progress, chart, hist, status }, r) {
  progress.value = r.tried / r.total;
  // The distance to the bound, on a log scale: it shrinks, and it stays
  // above 0 (a ratio above the bound could not be drawn here at all).
  const gaps = r.curve.map(([k, b]) => [k, r.bound - b]);
  chart.set({
    series: [{ points: gaps, className: 'c-ratio', label: t('searchGapSeries') }],
    xDomain: [0, r.total], yDomain: [Math.min(...gaps.map((q) => q[1]).filter((y) => y > 0), r.bound / 10), r.bound],
  });
  hist.set({
    bins: { samples: r.ratios, count: 40, domain: [0, r.bound * 1.05], className: 'c-ratio', label: t('ratiosLabel', { k: thousands(r.ratios.length) }) },
    vlines: [{ x: r.bound, className: 'c-bound', text: '1/(2T)', align: 'end' }, { x: r.best, className: 'c-now', label: t('bestLine') }],
  });
  const above = r.best > r.bound;
  status.className = `check ${above ? 'bad' : 'good'}`;
  status.textContent = t(above ? 'searchAbove' : 'searchStatus', {
    tried: thousands(r.tried), best: fmt(r.best, 6), bound: fmt(r.bound, 6), gap: fmt(r.bound - r.best, 2),
  });
}
