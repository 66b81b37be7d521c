// The histogram layer of the x-y chart: samples counted in equal bins and
// scaled as a density (bar areas sum to 1), so that a probability density
// drawn as a curve shares the axis. Binning is the only arithmetic done
// here; the samples come from the caller.
import { h } from '../ui/dom.js';
import { fmt } from '../util/format.js';
import { s } from './svg.js';

// Counts of samples in `bins` equal bins over [lo, hi]; samples outside
// go to the end bins (reported as `outside`).
export function binCounts(samples, lo, hi, bins) {
  const counts = new Array(bins).fill(0);
  const w = (hi - lo) / bins;
  let outside = 0;
  for (const x of samples) {
    if (!Number.isFinite(x)) continue;
    let k = Math.floor((x - lo) / w);
    if (k < 0 || k >= bins) {
      if (x !== hi) outside++;
      k = Math.min(bins - 1, Math.max(0, k));
    }
    counts[k]++;
  }
  return { counts, width: w, outside };
}

// bins: {samples, count = 40, domain: [lo, hi] (else the samples' range)}
// -> {lo, hi, counts, width, outside, dens, range(k)}.
export function binSamples({ samples = [], count = 40, domain }) {
  const finite = samples.filter(Number.isFinite);
  let [lo, hi] = domain || [Math.min(...finite), Math.max(...finite)];
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (hi - lo < 1e-12) { lo -= 0.5; hi += 0.5; }
  const b = binCounts(finite, lo, hi, count);
  const N = Math.max(1, finite.length);
  return { ...b, lo, hi, dens: b.counts.map((c) => c / (N * b.width)), range: (k) => `[${fmt(lo + k * b.width, 3)}, ${fmt(lo + (k + 1) * b.width, 3)})` };
}

// The bars (empty bins left out) into g, the legend entry into items.
export function drawBins(g, items, bins, b, sx, sy) {
  const y0 = sy.range()[0];
  const bars = s('g', { class: `xy-bins ${bins.className || ''}` });
  b.counts.forEach((c, k) => {
    if (!c) return;
    const xa = sx(b.lo + k * b.width), xb = sx(b.lo + (k + 1) * b.width), y = sy(b.dens[k]);
    bars.appendChild(s('rect', { x: xa + 0.5, y, width: Math.max(0.5, xb - xa - 1), height: Math.max(0.5, y0 - y) },
      s('title', {}, `${b.range(k)}: ${c}`)));
  });
  g.appendChild(bars);
  if (bins.label) items.appendChild(h('li', { class: bins.className || '' }, h('span', { class: 'xy-band-swatch', 'aria-hidden': 'true' }), bins.label));
}

// Its table: a row per bin, the count and the density drawn.
export function binsTable(t, caption, b) {
  return { caption, head: [t('figure.bin'), t('figure.count'), t('figure.density')], rows: b.counts.map((c, k) => [b.range(k), c, b.dens[k]]) };
}
