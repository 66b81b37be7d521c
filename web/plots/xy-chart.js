// The x-y chart: y against a numeric x, each axis linear, logarithmic or
// symmetric-log (xy-axis.js), with lines, dots and markers through (x, y)
// points, curves y = f(x), shaded bands, a histogram of samples
// (xy-bins.js), labelled reference lines and a legend (xy-layers.js).
// Colours come from CSS classes (`--c` on the class); non-finite y leaves a
// gap, and on a log y axis a value <= 0 is drawn on the bottom edge. The
// values are the caller's (e.g. the core's); this file only draws. Each
// set() draws afresh and merges into the shown figure (morph), unless only
// its vertical lines moved (same series array, same axes).
//
//   const chart = createXyChart({ariaLabel, xLabel, yLabel, width, height, margin: {left},
//     x: {scale: 'log', base: 2, ticks, format}, y: {scale: 'log', pad, snap, ticks, format}, grid})
//   chart.set({series: [{points: [[x, y]], f, className, label, dots, r, noLine, markers, tip, fit}],
//              bands: [{points: [[x, lo, hi]], className, label}],
//              bins: {samples, count, domain, className, label},
//              hlines: [{y, className, label, text}], vlines: [{x, className, label, text, row, align}],
//              xDomain, yDomain, yScale, empty})
// A series with f (a function) is drawn through 241 points over the x domain.
import { h, morph, nextId } from '../ui/dom.js';
import { fmt, paren } from '../util/format.js';
import { s, axes, clipRect, clampPx } from './svg.js';
import { makeAxis } from './xy-axis.js';
import { drawBands, drawHlines, drawVlines, drawSeries } from './xy-layers.js';
import { binSamples, drawBins, binsTable } from './xy-bins.js';
import { createDataTable, seriesTable, linesTable } from './data-table.js';

const MARGIN = { left: 52, right: 20, top: 12, bottom: 42 };
const intOr3 = (v) => (Number.isInteger(v) && Math.abs(v) < 1e6 ? String(v) : fmt(v, 3));
const finite = (values) => values.filter(Number.isFinite);
const sameRange = (a, b) => a === b || (!!a && !!b && a.length === b.length && a.every((v, k) => v === b[k]));
// The same curves (the same arrays: a caller keeps them while they hold)
// and axes; labelled lines add legend entries, so those redraw all.
const unlabelled = (lines) => !lines || lines.every((l) => !l.label);
const onlyVlinesMoved = (a, b) => a.series === b.series && a.bands === b.bands && a.bins === b.bins && a.hlines === b.hlines
  && sameRange(a.xDomain, b.xDomain) && sameRange(a.yDomain, b.yDomain) && a.yScale === b.yScale && a.empty === b.empty
  && unlabelled(a.vlines) && unlabelled(b.vlines);

export function createXyChart({ ariaLabel = '', xLabel = '', yLabel = '', width = 480, height = 240, margin, className = '',
  grid = false, x = {}, y = {} } = {}) {
  const M = { ...MARGIN, ...margin };
  const svg = s('svg', { class: `xy-chart ${className}`.trim(), role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const legend = h('ul', { class: 'lc-legend' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure xy-figure' }, svg, legend, data.el);
  const x0 = M.left, x1 = width - M.right, y0 = height - M.bottom, y1 = M.top;
  const clipId = nextId('clip');

  // The last set's arguments, its x scale and what its tables need: a set
  // that only moves the vertical lines (an iterate slider over the same
  // curves) redraws those lines alone.
  let last = null;
  function set(opts = {}) {
    if (last && onlyVlinesMoved(last.opts, opts)) return moveVlines(opts.vlines || []);
    const { series = [], bands = [], bins, hlines = [], vlines = [], xDomain, yDomain, yScale, empty = '' } = opts;
    const out = document.createDocumentFragment();
    const items = document.createDocumentFragment(), late = document.createDocumentFragment();
    const hist = bins ? binSamples(bins) : null;
    const ax = makeAxis({ clamp: true, ticks: 6, format: intOr3, ...x },
      finite([...series.flatMap((q) => (q.points || []).map((p) => p[0])), ...bands.flatMap((b) => b.points.map((p) => p[0]))]),
      xDomain || (hist ? [hist.lo, hist.hi] : undefined), [x0, x1]);
    const sx = ax.scale;
    const [xa, xb] = sx.domain();
    const drawn = series.map((q) => (q.f ? { ...q, points: Array.from({ length: 241 }, (_, k) => { const v = xa + ((xb - xa) * k) / 240; return [v, q.f(v)]; }) } : q));
    let ys = finite([...drawn.flatMap((q) => q.points.map((p) => p[1])), ...bands.flatMap((b) => b.points.flatMap((p) => [p[1], p[2]])), ...hlines.map((l) => l.y)]);
    if (hist) { const peak = Math.max(0, ...hist.dens, ...ys); ys = [0, peak > 0 ? peak * 1.08 : 1]; }
    const yo = { nice: true, ...y, ...(yScale ? { scale: yScale } : {}) };
    const ay = makeAxis(yo, ys, yDomain, [y0, y1]);
    const sy = ay.scale;
    const ylog = yo.scale === 'log';
    const xt = Array.isArray(ax.ticks) ? ax.ticks : sx.ticks(ax.ticks), yt = Array.isArray(ay.ticks) ? ay.ticks : sy.ticks(ay.ticks);

    // 4 px beyond the axes: a dot at the domain's edge is drawn whole.
    const clip = clipRect(x0 - 4, y1 - 4, x1 - x0 + 8, y0 - y1 + 8, clipId);
    out.appendChild(s('defs', {}, clip.el));
    const drawable = ([px, py]) => Number.isFinite(px) && Number.isFinite(py);
    // An empty chart shows its axes and the message, no grid lines through it.
    const isEmpty = !!empty && !drawn.some((q) => q.points.some(drawable)) && !hist;
    if (grid && !isEmpty) out.appendChild(s('g', { class: 'xy-grid', 'aria-hidden': 'true' },
      yt.map((v) => s('line', { x1: x0, x2: x1, y1: sy(v), y2: sy(v) })), xt.map((v) => s('line', { x1: sx(v), x2: sx(v), y1, y2: y0 }))));
    out.appendChild(s('g', { 'aria-hidden': 'true' }, axes({ sx, sy, xTicks: xt, yTicks: yt, xFormat: ax.format, yFormat: ay.format, xLabel, yLabel })));
    const g = s('g', { 'clip-path': clip.url });
    const X = (v) => clampPx(sx(v)), Y = (v) => clampPx(ylog && v <= 0 ? y0 : sy(v));
    if (hist) drawBins(g, items, bins, hist, sx, sy);
    drawBands(g, items, bands, X, Y);
    // A line's text goes where no series passes through it (xy-layers.js).
    const paths = drawn.map((q) => q.points.filter(drawable).map(([px, py]) => [X(px), Y(py)]));
    drawHlines(g, items, hlines, Y, sy, [x0, x1], paths);
    const vg = s('g', { class: 'xy-vlines' });
    drawVlines(vg, late, vlines, X, [y0, y1]);
    g.appendChild(vg);
    drawSeries(g, items, drawn, X, Y, drawable);
    out.appendChild(g);
    if (isEmpty)
      out.appendChild(s('text', { x: (x0 + x1) / 2, y: (y0 + y1) / 2, 'text-anchor': 'middle', class: 'xy-empty' }, empty));
    out.appendChild(s('title', {}, ariaLabel));
    items.appendChild(late);
    legend.hidden = !items.firstChild;
    morph(svg, out);
    morph(legend, items);
    const histTable = hist && { ...hist, caption: bins.label || ariaLabel };
    data.set(tables(drawn, bands, hlines, vlines, histTable));
    const result = { sx, sy, xTicks: xt, yTicks: yt };
    last = { opts, X, drawn, bands, hlines, histTable, result };
    return result;
  }
  function moveVlines(vlines) {
    const fresh = s('g', { class: 'xy-vlines' });
    drawVlines(fresh, document.createDocumentFragment(), vlines, last.X, [y0, y1]);
    morph(svg.querySelector('g.xy-vlines'), fresh);
    last.opts = { ...last.opts, vlines };
    data.set(tables(last.drawn, last.bands, last.hlines, vlines, last.histTable));
    return last.result;
  }

  // The histogram's bins; series and the bands' edges as columns;
  // reference lines and fitted slopes by their label.
  function tables(series, bands, hlines, vlines, hist) {
    const t = data.t;
    const cols = [...series.map((q) => ({ label: q.label || yLabel, points: q.points.filter((p) => Number.isFinite(p[0])) })),
      ...bands.flatMap((b) => [1, 2].map((k) => ({ label: `${b.label || t('figure.band')}${paren(t(k === 1 ? 'figure.lower' : 'figure.upper'))}`,
        points: b.points.filter((p) => Number.isFinite(p[0])).map((p) => [p[0], p[k]]) })))];
    const fits = series.filter((q) => q.fit && Number.isFinite(q.fit.slope)).map((q) => ({ label: `${q.label || yLabel}: ${t('figure.slope')}`, value: q.fit.slope }));
    return [
      hist ? binsTable(t, hist.caption, hist) : null,
      seriesTable({ caption: ariaLabel, xLabel, series: cols }),
      linesTable(t, [...hlines.map((l) => ({ label: l.label || l.text || yLabel, value: l.y })),
        ...vlines.map((l) => ({ label: l.label || l.text || xLabel, value: l.x })), ...fits]),
    ];
  }

  return { el, svg, set };
}
