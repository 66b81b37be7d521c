// A chart of y against a numeric x (each axis linear or logarithmic): lines
// through (x, y) points, optional dots, shaded bands (x, lo, hi), and
// labelled horizontal / vertical reference lines. Colours come from CSS
// classes (`--c` on the class), like line-chart.js; non-finite y leaves a
// gap. The values are the caller's (e.g. the core's); this file only draws.
//
//   const chart = createXYChart({ariaLabel, xLabel, yLabel, xScale: 'log2', yScale: 'log10', xFormat})
//   chart.set({series: [{points: [[x, y]], className, label, dots}],
//              bands: [{points: [[x, lo, hi]], className, label}],
//              hlines: [{y, className, label, text}], vlines: [{x, className, label, text, row}],
//              xDomain, yDomain})
import { scaleLinear, scaleLog } from 'd3';
import { h, morph, nextId } from '../core/dom.js';
import { fmt } from '../core/format.js';
import { s, axes, clipRect, clampPx, pow10Label, circlesPath } from './svg.js';
import { createDataTable, seriesTable, linesTable } from './data-table.js';

const M = { left: 52, right: 20, top: 12, bottom: 42 };
const intOr3 = (v) => (Number.isInteger(v) && Math.abs(v) < 1e6 ? String(v) : fmt(v, 3));

export function createXYChart({ ariaLabel = '', xLabel = '', yLabel = '', width = 480, height = 240, xScale = 'linear', yScale = 'linear', xFormat = intOr3 } = {}) {
  const svg = s('svg', { class: 'xy-chart', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const legend = h('ul', { class: 'lc-legend' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure xy-figure' }, svg, legend, data.el);
  const x0 = M.left, x1 = width - M.right, y0 = height - M.bottom, y1 = M.top;
  const clipId = nextId('clip');

  function set({ series = [], bands = [], hlines = [], vlines = [], xDomain, yDomain } = {}) {
    // Drawn into fresh containers, then merged into the shown ones (morph):
    // only what changed is touched.
    const out = document.createDocumentFragment();
    const items = document.createDocumentFragment();
    const xs = [...series.flatMap((q) => q.points.map((p) => p[0])), ...bands.flatMap((b) => b.points.map((p) => p[0]))].filter(Number.isFinite);
    const ylog = yScale === 'log10';
    const ys = [...series.flatMap((q) => q.points.map((p) => p[1])), ...bands.flatMap((b) => b.points.flatMap((p) => [p[1], p[2]])), ...hlines.map((l) => l.y)]
      .filter((y) => Number.isFinite(y) && (!ylog || y > 0));
    let [xa, xb] = xDomain || [Math.min(...xs), Math.max(...xs)];
    if (!Number.isFinite(xa) || !Number.isFinite(xb)) [xa, xb] = [0, 1];
    if (xb - xa < 1e-12) { xa -= 1; xb += 1; }
    const log = xScale === 'log2' || xScale === 'log10';
    const sx = (log ? scaleLog([Math.max(xa, 1e-12), xb], [x0, x1]).base(xScale === 'log2' ? 2 : 10) : scaleLinear([xa, xb], [x0, x1])).clamp(true);
    let [ya, yb] = yDomain || [Math.min(...ys), Math.max(...ys)];
    if (!Number.isFinite(ya) || !Number.isFinite(yb)) [ya, yb] = [0, 1];
    let sy, yTicks = 5, yFormat;
    if (ylog) {
      if (!(ya > 0)) ya = 1e-6;
      if (!(yb > ya)) yb = ya * 10;
      const ea = Math.floor(Math.log10(ya) + 1e-9), eb = Math.ceil(Math.log10(yb) - 1e-9);
      sy = scaleLog([10 ** ea, 10 ** Math.max(eb, ea + 1)], [y0, y1]).clamp(true);
      const every = Math.max(1, Math.ceil((eb - ea + 1) / 6));
      yTicks = [];
      for (let e = ea; e <= Math.max(eb, ea + 1); e += every) yTicks.push(10 ** e);
      yFormat = (v) => pow10Label(Math.round(Math.log10(v)));
    } else {
      if (yb - ya < 1e-12) { ya -= 0.5; yb += 0.5; }
      sy = scaleLinear([ya, yb], [y0, y1]);
      if (!yDomain) sy.nice();
    }
    let xTicks = 6;
    if (log) {
      const b = xScale === 'log2' ? 2 : 10;
      const lo = Math.ceil(Math.log(sx.domain()[0]) / Math.log(b) - 1e-9), hi = Math.floor(Math.log(sx.domain()[1]) / Math.log(b) + 1e-9);
      const every = Math.max(1, Math.ceil((hi - lo + 1) / 7));
      xTicks = [];
      for (let e = lo; e <= hi; e += every) xTicks.push(b ** e);
    }
    const clip = clipRect(x0, y1 - 2, x1 - x0, y0 - y1 + 4, clipId);
    out.appendChild(s('defs', {}, clip.el));
    out.appendChild(s('g', { 'aria-hidden': 'true' }, axes({ sx, sy, xTicks, yTicks, yFormat, xLabel, yLabel, xFormat })));
    const g = s('g', { 'clip-path': clip.url });
    const X = (x) => clampPx(sx(x)), Y = (y) => clampPx(sy(y));
    const drawable = ([x, y]) => Number.isFinite(x) && Number.isFinite(y) && !(ylog && y <= 0);

    for (const b of bands) {
      const pts = b.points.filter((p) => [p[0], p[1], p[2]].every(Number.isFinite));
      if (pts.length < 2) continue;
      const d = `M${pts.map((p) => `${X(p[0])},${Y(p[2])}`).join('L')}L${pts.slice().reverse().map((p) => `${X(p[0])},${Y(p[1])}`).join('L')}Z`;
      g.appendChild(s('path', { d, class: `xy-band ${b.className || ''}` }, b.label ? s('title', {}, b.label) : null));
      if (b.label) items.appendChild(h('li', { class: b.className || '' }, h('span', { class: 'xy-band-swatch', 'aria-hidden': 'true' }), b.label));
    }
    for (const l of hlines) {
      if (!Number.isFinite(l.y) || l.y < sy.domain()[0] * (1 - 1e-9) || l.y > sy.domain()[1] * (1 + 1e-9)) continue;
      const y = Y(l.y);
      g.appendChild(s('line', { x1: x0, x2: x1, y1: y, y2: y, class: `xy-hline ${l.className || ''}` }, l.label ? s('title', {}, l.label) : null));
      if (l.text) g.appendChild(s('text', { x: x1 - 4, y: y - 5, 'text-anchor': 'end', class: `xy-ref-text ${l.className || ''}` }, l.text));
      if (l.label) items.appendChild(h('li', { class: `${l.className || ''} dashed` }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), l.label));
    }
    for (const l of vlines) {
      if (!Number.isFinite(l.x)) continue;
      const x = X(l.x);
      g.appendChild(s('line', { x1: x, x2: x, y1: y1, y2: y0, class: `xy-vline ${l.className || ''}` }, l.label ? s('title', {}, l.label) : null));
      if (l.text) g.appendChild(s('text', { x: x + 4, y: y1 + 12 + 14 * (l.row || 0), class: `xy-ref-text ${l.className || ''}` }, l.text));
    }
    for (const q of series) {
      let d = '';
      let pen = false;
      for (const p of q.points) {
        if (!drawable(p)) { pen = false; continue; }
        const [x, y] = p;
        d += `${pen ? 'L' : 'M'}${X(x).toFixed(2)},${Y(y).toFixed(2)}`;
        pen = true;
      }
      if (!q.noLine) g.appendChild(s('path', { d, class: `xy-line ${q.className || ''}` }, q.label ? s('title', {}, q.label) : null));
      if (q.dots || q.points.length === 1) {
        const at = q.points.filter(drawable).map(([x, y]) => [X(x), Y(y)]);
        if (at.length) g.appendChild(s('path', { d: circlesPath(at, q.r || 2.6), class: `xy-dot ${q.className || ''}` }));
      }
      if (q.label) items.appendChild(h('li', { class: q.className || '' }, h('span', { class: q.noLine ? 'xy-dot-swatch' : 'lc-swatch', 'aria-hidden': 'true' }), q.label));
    }
    out.appendChild(g);
    out.appendChild(s('title', {}, ariaLabel));
    legend.hidden = !items.firstChild;
    morph(svg, out);
    morph(legend, items);
    // Series and the bands' edges as columns; reference lines by their label.
    const t = data.t;
    const cols = [...series.map((q) => ({ label: q.label || yLabel, points: q.points.filter((p) => Number.isFinite(p[0])) })),
      ...bands.flatMap((b) => [1, 2].map((k) => ({ label: `${b.label || t('figure.band')} (${t(k === 1 ? 'figure.lower' : 'figure.upper')})`,
        points: b.points.filter((p) => Number.isFinite(p[0])).map((p) => [p[0], p[k]]) })))];
    data.set([
      seriesTable({ caption: ariaLabel, xLabel, series: cols }),
      linesTable(t, [...hlines.map((l) => ({ label: l.label || l.text || yLabel, value: l.y })), ...vlines.map((l) => ({ label: l.label || l.text || xLabel, value: l.x }))]),
    ]);
    return { sx, sy };
  }

  return { el, svg, set };
}
