// A log-log chart of (x, y) point series, e.g. cost or time against the
// sequence length n: dots joined by lines, an optional fitted power law
// y = 10^b x^slope drawn dashed over the fitted x range, and horizontal
// reference lines (a memory cap). On log-log axes a power law is a straight
// line whose slope is the exponent. Colours follow CSS classes (`--c`).
//
//   const chart = createLogLogChart({ariaLabel, xLabel, yLabel, xFormat, yFormat})
//   chart.set({series: [{points: [[x, y]], className, label, fit: {slope, intercept, from, to}}],
//              hlines: [{y, className, label}], xDomain: [lo, hi]})
import { scaleLog } from 'd3';
import { h, clear, morph, nextId } from '../core/dom.js';
import { s, axes, clipRect, pow10Label } from './svg.js';
import { createDataTable, seriesTable, linesTable } from './data-table.js';

const M = { left: 62, right: 16, top: 12, bottom: 44 };

function decades(lo, hi, maxTicks = 7) {
  const a = Math.floor(Math.log10(lo) + 1e-9), b = Math.ceil(Math.log10(hi) - 1e-9);
  const every = Math.max(1, Math.ceil((b - a + 1) / maxTicks));
  const out = [];
  for (let e = a; e <= b; e++) if ((e - a) % every === 0 && 10 ** e >= lo * 0.999 && 10 ** e <= hi * 1.001) out.push(10 ** e);
  return out;
}

export function createLogLogChart({ ariaLabel = '', xLabel = '', yLabel = '', width = 440, height = 290,
  xTicks, xFormat, yFormat } = {}) {
  const svg = s('svg', { class: 'loglog', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const legend = h('ul', { class: 'lc-legend' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure loglog-figure' }, svg, legend, data.el);

  const clipId = nextId('clip');
  function set({ series = [], hlines = [], xDomain, yDomain, empty = '' } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    clear(legend);
    const pts = series.flatMap((q) => q.points).filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y));
    const xs = pts.map((p) => p[0]), ys = [...pts.map((p) => p[1]), ...hlines.map((l) => l.y).filter((y) => y > 0)];
    let [xlo, xhi] = xDomain || (xs.length ? [Math.min(...xs), Math.max(...xs)] : [1, 10]);
    if (xhi <= xlo) xhi = xlo * 10;
    let [ylo, yhi] = yDomain || (ys.length ? [Math.min(...ys), Math.max(...ys)] : [1, 10]);
    if (!yDomain) { ylo /= 1.6; yhi *= 1.6; }
    if (yhi / ylo < 10) { const m = Math.sqrt(yhi * ylo); ylo = m / 4; yhi = m * 4; }
    const sx = scaleLog([xlo, xhi], [M.left, width - M.right]);
    const sy = scaleLog([ylo, yhi], [height - M.bottom, M.top]).clamp(true);
    const clip = clipRect(M.left, M.top - 4, width - M.left - M.right + 4, height - M.top - M.bottom + 8, clipId);
    out.appendChild(s('defs', {}, clip.el));
    out.appendChild(s('title', {}, ariaLabel));
    const yt = decades(ylo, yhi, 6);
    const xt = xTicks ? xTicks.filter((v) => v >= xlo * 0.999 && v <= xhi * 1.001) : decades(xlo, xhi);
    const grid = s('g', { class: 'll-grid' });
    for (const v of yt) grid.appendChild(s('line', { x1: M.left, x2: width - M.right, y1: sy(v), y2: sy(v) }));
    for (const v of xt) grid.appendChild(s('line', { x1: sx(v), x2: sx(v), y1: M.top, y2: height - M.bottom }));
    out.appendChild(grid);
    out.appendChild(axes({
      sx, sy, xTicks: xt, yTicks: yt, xLabel, yLabel,
      xFormat: xFormat || ((v) => pow10Label(Math.round(Math.log10(v)))),
      yFormat: yFormat || ((v) => pow10Label(Math.round(Math.log10(v)))),
    }));
    const plot = s('g', { 'clip-path': clip.url });
    for (const l of hlines) {
      if (!(l.y > 0)) continue;
      plot.appendChild(s('line', { x1: M.left, x2: width - M.right, y1: sy(l.y), y2: sy(l.y), class: `ll-hline ${l.className || ''}` }));
      if (l.label) plot.appendChild(s('text', { x: width - M.right - 4, y: sy(l.y) - 5, 'text-anchor': 'end', class: `ll-hlabel ${l.className || ''}` }, l.label));
    }
    for (const q of series) {
      const p = q.points.filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y));
      const g = s('g', { class: `ll-series ${q.className || ''}` });
      if (q.fit && Number.isFinite(q.fit.slope)) {
        const f = (x) => 10 ** (q.fit.intercept + q.fit.slope * Math.log10(x));
        const a = q.fit.from || xlo, b = q.fit.to || xhi;
        g.appendChild(s('line', { x1: sx(a), y1: sy(f(a)), x2: sx(b), y2: sy(f(b)), class: 'll-fit' }));
      }
      if (p.length > 1) g.appendChild(s('path', { d: `M${p.map(([x, y]) => `${sx(x).toFixed(2)},${sy(y).toFixed(2)}`).join('L')}`, class: 'll-line' }));
      for (const [x, y] of p) g.appendChild(s('circle', { cx: sx(x), cy: sy(y), r: 3.2, class: 'll-dot' }, s('title', {}, q.tip ? q.tip(x, y) : `${x}, ${y}`)));
      plot.appendChild(g);
      if (q.label) legend.appendChild(h('li', { class: q.className || '' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), q.label));
    }
    out.appendChild(plot);
    if (!pts.length && empty)
      out.appendChild(s('text', { x: (M.left + width - M.right) / 2, y: (M.top + height - M.bottom) / 2, 'text-anchor': 'middle', class: 'll-empty' }, empty));
    legend.hidden = !series.some((q) => q.label);
    // The points drawn (positive, finite); a fitted slope is a number the figure shows too.
    const drawn = series.map((q) => ({ label: q.label || yLabel, points: q.points.filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y)) }));
    morph(svg, out);
    data.set([
      seriesTable({ caption: ariaLabel, xLabel, series: drawn.filter((q) => q.points.length) }),
      linesTable(data.t, [...hlines.map((l) => ({ label: l.label, value: l.y })),
        ...series.filter((q) => q.fit && Number.isFinite(q.fit.slope)).map((q) => ({ label: `${q.label || yLabel}: ${data.t('figure.slope')}`, value: q.fit.slope }))]),
    ]);
    return { sx, sy };
  }

  return { el, svg, set };
}

// Least-squares line through (log10 x, log10 y): {slope, intercept, from, to}
// (presentation only: the points themselves come from the core).
export function fitPowerLaw(points) {
  const p = points.filter(([x, y]) => x > 0 && y > 0 && Number.isFinite(y));
  if (p.length < 2) return null;
  const X = p.map(([x]) => Math.log10(x)), Y = p.map(([, y]) => Math.log10(y));
  const mx = X.reduce((a, b) => a + b, 0) / X.length, my = Y.reduce((a, b) => a + b, 0) / Y.length;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < X.length; i++) { sxy += (X[i] - mx) * (Y[i] - my); sxx += (X[i] - mx) ** 2; }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, from: Math.min(...p.map((q) => q[0])), to: Math.max(...p.map((q) => q[0])) };
}
