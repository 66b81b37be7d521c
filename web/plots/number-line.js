// A discrete distribution on the real line: a stem of height p_i at every
// value x_i, the mean as the balance point (a fulcrum under the axis), and
// optionally the deviations x_i - E[X] and the band E[X] +- sd. The numbers
// drawn are the caller's (from the core); this file only places them.
//
//   const nl = createNumberLine({ariaLabel, labels: {mean: 'E[X]', sd: '±σ'}})
//   nl.set({xs, ps, mean, sd, show: {mean: true, deviations: false, sd: false}, highlight: [i]})
import { scaleLinear } from 'd3';
import { h } from '../ui/dom.js';
import { fmt } from '../util/format.js';
import { s, clampPx } from './svg.js';
import { createDataTable } from './data-table.js';

const M = { left: 34, right: 18, top: 16, bottom: 58 };

// Like fmt, but values between 10^6 and 10^15 keep all their digits
// (100000001, not 1e+8), so that nearby large values stay distinguishable.
export function fmtLong(x, digits = 4) {
  if (!Number.isFinite(x) || Math.abs(x) < 1e6 || Math.abs(x) >= 1e15) return fmt(x, digits);
  return String(Number(x.toPrecision(Math.max(digits, 15)))).replace('-', '−');
}

export function createNumberLine({ ariaLabel = '', width = 400, height = 230, labels = {} } = {}) {
  const svg = s('svg', { class: 'nline', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const data = createDataTable();
  const el = h('figure', { class: 'figure nline-figure' }, svg, data.el);
  const base = height - M.bottom;

  function set({ xs = [], ps = [], mean = null, sd = null, show = {}, highlight = [] } = {}) {
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    // The stems (x, p), then the mean and the standard deviation when drawn.
    const t = data.t;
    data.set([
      { caption: ariaLabel, head: ['x', 'p'], rows: xs.map((x, i) => [fmtLong(x, 6), ps[i]]) },
      { caption: t('figure.references'), head: [t('figure.name'), t('figure.value')],
        rows: [show.mean && mean !== null ? [labels.mean || 'E[X]', fmtLong(mean, 6)] : null, show.sd && sd !== null ? [t('figure.sd'), sd] : null].filter(Boolean) },
    ]);
    if (!xs.length) return;
    let lo = Math.min(...xs, mean ?? Infinity), hi = Math.max(...xs, mean ?? -Infinity);
    if (show.sd && sd !== null) { lo = Math.min(lo, mean - sd); hi = Math.max(hi, mean + sd); }
    const pad = hi > lo ? (hi - lo) * 0.08 : Math.max(1, Math.abs(lo) * 0.1);
    const sx = scaleLinear([lo - pad, hi + pad], [M.left, width - M.right]);
    const pmax = Math.max(...ps.filter(Number.isFinite), 1e-12);
    const sy = scaleLinear([0, Math.max(pmax, 0.05)], [base, M.top + 10]);
    const X = (v) => clampPx(sx(v));
    svg.appendChild(s('title', {}, ariaLabel));
    // Axis and ticks.
    svg.appendChild(s('line', { x1: M.left - 10, x2: width - M.right + 6, y1: base, y2: base, class: 'nl-axis' }));
    for (const v of sx.ticks(Math.max(Math.abs(lo), Math.abs(hi)) >= 1e5 ? 3 : 6)) {
      svg.appendChild(s('line', { x1: X(v), x2: X(v), y1: base, y2: base + 4, class: 'nl-axis' }));
      svg.appendChild(s('text', { x: X(v), y: base + 15, 'text-anchor': 'middle', class: 'nl-tick' }, fmtLong(v, 6)));
    }
    // The band mean +- sd, under the axis.
    if (show.sd && sd !== null && mean !== null) {
      const y = base + 40;
      svg.appendChild(s('rect', { x: X(mean - sd), y: M.top, width: Math.max(0, X(mean + sd) - X(mean - sd)), height: base - M.top, class: 'nl-band' }));
      svg.appendChild(s('path', { d: `M${X(mean - sd)},${y - 5} v5 H${X(mean + sd)} v-5`, class: 'nl-bracket' }));
      svg.appendChild(s('text', { x: X(mean + sd) + 4, y: y + 4, class: 'nl-sd' }, labels.sd || '±σ'));
    }
    // Stems, with the deviations from the mean drawn at each stem's top.
    xs.forEach((x, i) => {
      const p = Number.isFinite(ps[i]) ? ps[i] : 0;
      const cls = highlight.includes(i) ? ' hl' : '';
      if (show.deviations && mean !== null)
        svg.appendChild(s('line', { x1: X(mean), x2: X(x), y1: sy(p), y2: sy(p), class: 'nl-dev' }));
      svg.appendChild(s('line', { x1: X(x), x2: X(x), y1: base, y2: sy(p), class: `nl-stem${cls}` }));
      svg.appendChild(s('circle', { cx: X(x), cy: sy(p), r: 5, class: `nl-dot${cls}` }));
      // The label moves to one side of the mean's line when that line would cross it.
      const label = fmt(p, 3), half = 3.3 * label.length + 3;
      const xm = show.mean && mean !== null ? X(mean) : null;
      const side = xm !== null && Math.abs(X(x) - xm) < half ? (X(x) <= xm ? 'end' : 'start') : 'middle';
      const lx = side === 'middle' ? X(x) : side === 'end' ? Math.min(X(x) + half - 3, xm - 3) : Math.max(X(x) - half + 3, xm + 3);
      svg.appendChild(s('text', { x: lx, y: sy(p) - 9, 'text-anchor': side, class: 'nl-p' }, label));
    });
    // The mean: where the stems would balance.
    if (show.mean && mean !== null) {
      const x = X(mean);
      svg.appendChild(s('line', { x1: x, x2: x, y1: M.top, y2: base, class: 'nl-mean-line' }));
      svg.appendChild(s('path', { d: `M${x},${base + 1} l-9,16 h18 z`, class: 'nl-fulcrum' }));
      svg.appendChild(s('text', { x, y: base + 30, 'text-anchor': 'middle', class: 'nl-mean' }, `${labels.mean || 'E[X]'} = ${fmtLong(mean, 4)}`));
    }
  }

  return { el, svg, set };
}
