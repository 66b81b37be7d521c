// A histogram of samples, scaled as a density (bar areas sum to 1) so that
// a probability density can be overlaid on the same axis, with labelled
// vertical reference lines. Binning is the only arithmetic done here; the
// samples and the curve come from the caller.
//
//   const hist = createHistogram({ariaLabel, xLabel, yLabel})
//   hist.set({samples, bins: 40, domain: [lo, hi],
//             curves: [{f: (x) => density, className, label}],
//             vlines: [{x, className, label, text}], barLabel})
import { scaleLinear } from 'd3';
import { h, clear, morph, nextId } from '../core/dom.js';
import { fmt } from '../core/format.js';
import { s, axes, clipRect, clampPx } from './svg.js';
import { createDataTable, linesTable } from './data-table.js';

const M = { left: 52, right: 14, top: 12, bottom: 42 };

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

export function createHistogram({ ariaLabel = '', xLabel = '', yLabel = '', width = 480, height = 250 } = {}) {
  const svg = s('svg', { class: 'xy-chart histogram', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const legend = h('ul', { class: 'lc-legend' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure xy-figure' }, svg, legend, data.el);
  const x0 = M.left, x1 = width - M.right, y0 = height - M.bottom, y1 = M.top;

  const clipId = nextId('clip');
  function set({ samples = [], bins = 40, domain, curves = [], vlines = [], barLabel = '', barClass = '' } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    clear(legend);
    const finite = samples.filter(Number.isFinite);
    let [lo, hi] = domain || [Math.min(...finite), Math.max(...finite)];
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
    if (hi - lo < 1e-12) { lo -= 0.5; hi += 0.5; }
    const { counts, width: bw, outside } = binCounts(finite, lo, hi, bins);
    const N = Math.max(1, finite.length);
    const dens = counts.map((c) => c / (N * bw));
    const grid = Array.from({ length: 241 }, (_, k) => lo + ((hi - lo) * k) / 240);
    const curveVals = curves.map((c) => grid.map((x) => c.f(x)));
    const peak = Math.max(0, ...dens, ...curveVals.flat().filter(Number.isFinite));
    const top = peak > 0 ? peak * 1.08 : 1;
    const sx = scaleLinear([lo, hi], [x0, x1]);
    const sy = scaleLinear([0, top], [y0, y1]).nice();
    const clip = clipRect(x0, y1 - 2, x1 - x0, y0 - y1 + 4, clipId);
    out.appendChild(s('defs', {}, clip.el));
    out.appendChild(s('g', { 'aria-hidden': 'true' }, axes({ sx, sy, xTicks: 6, yTicks: 4, xLabel, yLabel })));
    const g = s('g', { 'clip-path': clip.url });
    const bars = s('g', { class: `hist-bars ${barClass}` });
    counts.forEach((c, k) => {
      if (!c) return;
      const xa = sx(lo + k * bw), xb = sx(lo + (k + 1) * bw);
      const y = sy(dens[k]);
      bars.appendChild(s('rect', { x: xa + 0.5, y, width: Math.max(0.5, xb - xa - 1), height: Math.max(0.5, y0 - y) },
        s('title', {}, `[${fmt(lo + k * bw, 3)}, ${fmt(lo + (k + 1) * bw, 3)}): ${c}`)));
    });
    g.appendChild(bars);
    if (barLabel) legend.appendChild(h('li', { class: barClass }, h('span', { class: 'hist-swatch', 'aria-hidden': 'true' }), barLabel));
    curves.forEach((c, i) => {
      const d = grid.map((x, k) => [x, curveVals[i][k]]).filter(([, y]) => Number.isFinite(y))
        .map(([x, y], k) => `${k ? 'L' : 'M'}${clampPx(sx(x)).toFixed(2)},${clampPx(sy(y)).toFixed(2)}`).join('');
      g.appendChild(s('path', { d, class: `xy-line ${c.className || ''}` }, c.label ? s('title', {}, c.label) : null));
      if (c.label) legend.appendChild(h('li', { class: c.className || '' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), c.label));
    });
    for (const l of vlines) {
      if (!Number.isFinite(l.x)) continue;
      const x = clampPx(sx(l.x));
      g.appendChild(s('line', { x1: x, x2: x, y1, y2: y0, class: `xy-vline ${l.className || ''}` }, l.label ? s('title', {}, l.label) : null));
      if (l.text) g.appendChild(s('text', { x: x - 4, y: y1 + 12, 'text-anchor': 'end', class: `xy-ref-text ${l.className || ''}` }, l.text));
      if (l.label) legend.appendChild(h('li', { class: `${l.className || ''} dashed` }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), l.label));
    }
    out.appendChild(g);
    out.appendChild(s('title', {}, ariaLabel));
    legend.hidden = !legend.firstChild;
    // The bins (count and the density drawn), the curves at the grid
    // points they were drawn through, and the reference lines.
    const t = data.t;
    const gridRows = grid.map((x, k) => [x, ...curveVals.map((v) => v[k])]);
    morph(svg, out);
    data.set([
      { caption: barLabel || ariaLabel, head: [t('figure.bin'), t('figure.count'), t('figure.density')],
        rows: counts.map((c, k) => [`[${fmt(lo + k * bw, 3)}, ${fmt(lo + (k + 1) * bw, 3)})`, c, dens[k]]) },
      curves.length ? { caption: curves.map((c) => c.label || t('figure.curve')).join(', '), head: [xLabel || 'x', ...curves.map((c) => c.label || t('figure.curve'))],
        rows: gridRows } : null,
      linesTable(t, vlines.map((l) => ({ label: l.label || l.text || xLabel, value: l.x }))),
    ]);
    return { outside, counts, binWidth: bw, domain: [lo, hi] };
  }

  return { el, svg, set };
}
