// A line chart of one or more series over the index 0..n-1 (e.g. the loss
// at every step), on a linear, logarithmic or symmetric-log y scale, with
// a legend, an optional vertical marker (the step being inspected) and
// horizontal reference lines. Series colours come from CSS classes
// (`--c` on the class). Non-finite values leave a gap; on a log scale,
// values <= 0 are drawn on the bottom edge.
//
//   const chart = createLineChart({ariaLabel, xLabel, yLabel})
//   chart.set({series: [{values, className, label}], scale: 'log', marker: k, hlines: [{y, className, label}]})
import { scaleLinear, scaleLog, scaleSymlog } from 'd3';
import { h, clear, morph, nextId } from '../core/dom.js';
import { s, axes, clipRect, pow10Label } from './svg.js';
import { createDataTable, seriesTable, linesTable } from './data-table.js';

const M = { left: 58, right: 14, top: 10, bottom: 42 };

function logTicks(lo, hi) {
  const a = Math.floor(Math.log10(lo)), b = Math.ceil(Math.log10(hi));
  const every = Math.max(1, Math.ceil((b - a) / 6));
  const out = [];
  for (let e = a; e <= b; e++) if ((e - a) % every === 0 && 10 ** e >= lo * 0.999 && 10 ** e <= hi * 1.001) out.push(e);
  return out;
}

function symlogTicks(lo, hi) {
  const out = [0];
  const top = Math.max(Math.abs(lo), Math.abs(hi));
  const b = Math.max(0, Math.ceil(Math.log10(top)));
  const every = Math.max(1, Math.ceil((b + 1) / 4));
  for (let e = 0; e <= b; e += every) {
    if (10 ** e <= hi) out.push(10 ** e);
    if (-(10 ** e) >= lo) out.push(-(10 ** e));
  }
  return out.sort((x, y) => x - y);
}

export function createLineChart({ ariaLabel = '', xLabel = '', yLabel = '', width = 480, height = 230 } = {}) {
  const svg = s('svg', { class: 'line-chart', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const legend = h('ul', { class: 'lc-legend' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure line-chart-figure' }, svg, legend, data.el);

  const clipId = nextId('clip');
  function set({ series = [], scale = 'linear', marker = null, hlines = [], xMax } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    clear(legend);
    const n = Math.max(2, xMax !== undefined ? xMax + 1 : Math.max(0, ...series.map((q) => q.values.length)));
    const sx = scaleLinear([0, n - 1], [M.left, width - M.right]);
    const all = [...series.flatMap((q) => q.values), ...hlines.map((l) => l.y)].filter(Number.isFinite);
    let sy, yTicks, yFormat;
    const range = [height - M.bottom, M.top];
    if (scale === 'log') {
      const pos = all.filter((v) => v > 0);
      let hi = pos.length ? Math.max(...pos) : 1;
      let lo = pos.length ? Math.min(...pos) : 1e-3;
      lo = Math.max(lo, 1e-300);
      if (hi / lo < 10) { lo /= 3; hi *= 3; }
      sy = scaleLog([lo, hi], range).clamp(true);
      const ex = logTicks(lo, hi);
      yTicks = ex.map((e) => 10 ** e);
      const byValue = new Map(ex.map((e) => [10 ** e, e]));
      yFormat = (v) => pow10Label(byValue.get(v));
    } else if (scale === 'symlog') {
      let lo = Math.min(0, ...all), hi = Math.max(0, ...all);
      if (hi - lo < 1e-12) hi = lo + 1;
      sy = scaleSymlog([lo, hi], range).constant(1).clamp(true);
      // Drop ticks that would print on top of each other (0 and ±1 when the range is huge).
      yTicks = [];
      for (const v of symlogTicks(lo, hi).sort((a, b) => Math.abs(b) - Math.abs(a)))
        if (yTicks.every((u) => Math.abs(sy(u) - sy(v)) >= 14)) yTicks.push(v);
      yFormat = (v) => (v === 0 ? '0' : `${v < 0 ? '−' : ''}${pow10Label(Math.round(Math.log10(Math.abs(v))))}`);
    } else {
      let lo = Math.min(...all), hi = Math.max(...all);
      if (!all.length) { lo = 0; hi = 1; }
      if (hi - lo < 1e-12) { lo -= 1; hi += 1; }
      sy = scaleLinear([lo, hi], range).nice();
      yTicks = 5;
    }
    const clip = clipRect(M.left, M.top - 2, width - M.left - M.right, height - M.top - M.bottom + 4, clipId);
    out.appendChild(s('defs', {}, clip.el));
    out.appendChild(axes({ sx, sy, xTicks: Math.min(6, n - 1), yTicks, yFormat, xLabel, yLabel, xFormat: (v) => (Number.isInteger(v) ? String(v) : '') }));
    const plotG = s('g', { 'clip-path': clip.url });
    for (const l of hlines) {
      if (!Number.isFinite(l.y)) continue;
      const y = sy(scale === 'log' && l.y <= 0 ? sy.domain()[0] : l.y);
      plotG.appendChild(s('line', { x1: M.left, x2: width - M.right, y1: y, y2: y, class: `lc-hline ${l.className || ''}` }, l.label ? s('title', {}, l.label) : null));
    }
    for (const q of series) {
      let d = '';
      let pen = false;
      q.values.forEach((v, i) => {
        if (!Number.isFinite(v)) { pen = false; return; }
        const y = scale === 'log' && v <= 0 ? sy.range()[0] : sy(v);
        d += `${pen ? 'L' : 'M'}${sx(i).toFixed(2)},${y.toFixed(2)}`;
        pen = true;
      });
      if (q.values.length === 1 && Number.isFinite(q.values[0]))
        plotG.appendChild(s('circle', { cx: sx(0), cy: scale === 'log' && q.values[0] <= 0 ? sy.range()[0] : sy(q.values[0]), r: 3, class: `lc-dot ${q.className || ''}` }));
      plotG.appendChild(s('path', { d, class: `lc-line ${q.className || ''}` }));
      legend.appendChild(h('li', { class: q.className || '' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), q.label || ''));
    }
    if (marker !== null && marker !== undefined && marker >= 0 && marker <= n - 1) {
      const x = sx(marker);
      plotG.appendChild(s('line', { x1: x, x2: x, y1: M.top, y2: height - M.bottom, class: 'lc-marker' }));
    }
    out.appendChild(plotG);
    out.appendChild(s('title', {}, ariaLabel));
    legend.hidden = !series.some((q) => q.label);
    morph(svg, out);
    data.set([
      seriesTable({ caption: ariaLabel, xLabel, series: series.map((q) => ({ label: q.label || yLabel, points: q.values.map((v, i) => [i, v]) })) }),
      linesTable(data.t, [...hlines.map((l) => ({ label: l.label, value: l.y })), ...(marker !== null && marker !== undefined ? [{ label: xLabel, value: marker }] : [])]),
    ]);
    return { sx, sy };
  }

  return { el, svg, set };
}
