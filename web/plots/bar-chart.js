// The bar chart: values measured against a value axis (linear from 0, or
// logarithmic for values over many orders of magnitude). An item is a slot
// on the x axis with a label; it holds one bar or several side by side
// (groups: the three methods at each n). A bar is a stack of segments (e.g.
// H(P) + KL(P||Q) on top of each other), optionally with a mark (a short
// tick at a value the stack should reach, e.g. the core's H(P, Q)).
// Horizontal reference lines carry a text, in a gutter on the right or
// above the line. An infinite segment is drawn up to the top edge, dashed,
// and labelled ∞. Colours come from CSS classes (`--c`). The numbers are
// the caller's; this only draws. Each set() draws afresh and merges into
// the shown figure (morph).
//
//   const bars = createBarChart({ariaLabel, yLabel, width | minWidth, height, margin, y: {scale: 'log', format}})
//   bars.set({items: [{label, className, segments: [{value, className, title}], mark: {value, title}}
//                     | {label, bars: [{value | segments, className, title, text, mark}]}],
//             lines: [{y, className, text, title, above}], max, format, showValues, xLabel})
import { scaleLinear } from 'd3';
import { h, morph, nextId } from '../ui/dom.js';
import { fmt } from '../util/format.js';
import { s, axes, clipRect } from './svg.js';
import { makeAxis } from './xy-axis.js';
import { barsTable } from './bar-table.js';
import { createDataTable, linesTable } from './data-table.js';
import { textWidth } from './text-width.js';

const MARGIN = { left: 46, right: 12, top: 22, bottom: 40 };

// Bars of an item: its own `bars`, else the item itself; a bar given by a
// value is one segment of its class.
const barsOf = (it) => (it.bars || [it]).map((b) => ({ ...b, segments: b.segments || [{ value: b.value }] }));
const total = (b) => b.segments.reduce((a, sg) => a + sg.value, 0);

// A log axis spans whole decades, from below the smallest value (so that it
// shows as a bar) to above the largest.
function logDomain(values) {
  const v = values.filter((x) => x > 0 && Number.isFinite(x));
  const lo = v.length ? Math.min(...v) : 0.1, hi = v.length ? Math.max(...v) : 1;
  return [10 ** Math.floor(Math.log10(lo) - 0.3), 10 ** Math.ceil(Math.log10(hi) + 0.15)];
}

// A value label (11 px, baseline ty) must not be crossed by a reference
// line (at the SVG ys lineYs): it moves inside its bar, under the top (the
// halo keeps it readable), or, for a bar too short for that, above the
// line. Returns (ty, barTop) -> the baseline to use; y0: the axis.
function valuePlacer(lineYs, y0) {
  const crossing = (ty) => lineYs.filter((yl) => yl > ty - 12 && yl < ty + 4);
  return (ty, barTop) => {
    const hit = crossing(ty);
    if (!hit.length) return ty;
    if (y0 - barTop >= 18 && !crossing(barTop + 13).length) return barTop + 13;
    return Math.min(...hit) - 5;
  };
}

// The texts of the reference lines: above the line at the left, or in the gutter right of x1.
function lineTexts(lines, sy, x0, x1) {
  return lines.filter((q) => q.text).map((l) => (l.above
    ? s('text', { x: x0 + 4, y: sy(l.y) - 5, class: `lb-line-text ${l.className || ''}` }, l.text)
    : s('text', { x: x1 + 8, y: sy(l.y) + 4, class: `lb-line-text ${l.className || ''}` }, l.text)));
}

export function createBarChart({ ariaLabel = '', yLabel = '', width, minWidth = 260, height = 220, margin, y = {} } = {}) {
  const M = { ...MARGIN, ...margin };
  const log = y.scale === 'log';
  const svg = s('svg', { class: 'bar-chart', role: 'img', 'aria-label': ariaLabel });
  const data = createDataTable();
  const el = h('figure', { class: 'figure bar-chart-figure' }, svg, data.el);
  const y0 = height - M.bottom, y1 = M.top;
  const clipId = nextId('clip');

  function set({ items = [], lines = [], max, format = (v) => fmt(v, 3), showValues = true, xLabel = '' } = {}) {
    const out = document.createDocumentFragment();
    const groups = items.map(barsOf);
    const n = Math.max(1, items.length), nb = Math.max(1, ...groups.map((g) => g.length));
    // Width: the caller's, or from the number of bars (a group's bars
    // 18-60 px wide, 14 px between groups).
    const auto = nb === 1 ? Math.max(18, Math.min(46, Math.floor(360 / n))) : Math.max(40, Math.min(60, Math.floor(540 / (n * nb))));
    const W = width || Math.max(minWidth, M.left + M.right + n * (nb * auto + 14));
    svg.setAttribute('viewBox', `0 0 ${W} ${height}`);
    svg.setAttribute('width', String(W));
    // The lines' texts (11 px, a 3 px halo) in a gutter on the right.
    const gutter = Math.max(0, ...lines.map((l) => (l.text && !l.above ? 10 + textWidth(l.text) : 0)));
    const x0 = M.left, x1 = W - M.right - gutter;
    const totals = groups.map((g) => g.map(total));
    const values = [...totals.flat(), ...lines.map((l) => l.y), ...groups.flat().map((b) => (b.mark ? b.mark.value : 0))].filter(Number.isFinite);
    const top = log ? null : max !== undefined ? max : Math.max(1e-12, ...values) * 1.12;
    const ay = makeAxis({ ...y, ticks: y.ticks || (log ? 6 : 4) }, values, log ? logDomain(values) : [0, top], [y0, y1]);
    const sy = ay.scale, [, yTop] = sy.domain();
    const slot = (x1 - x0) / n;
    const bw = width ? Math.max(0.6, Math.min(64, slot * (n > 40 ? 0.9 : 0.62))) / nb : auto;
    const gap = nb > 1 ? 3 : 0;
    const yt = Array.isArray(ay.ticks) ? ay.ticks : sy.ticks(ay.ticks);
    const clip = clipRect(x0, 0, x1 - x0 + 4, y0, clipId);
    out.appendChild(s('defs', {}, clip.el));
    if (log) out.appendChild(s('g', { class: 'lb-grid', 'aria-hidden': 'true' }, yt.map((v) => s('line', { x1: x0, x2: x1, y1: sy(v), y2: sy(v) }))));
    out.appendChild(s('g', { 'aria-hidden': 'true' }, axes({ sx: scaleLinear([0, 1], [x0, x1]), sy, xTicks: [], yTicks: yt, yFormat: ay.format, yLabel, xLabel })));
    const g = s('g', { 'clip-path': clip.url });
    // Bars under 6 px apart (some 60 items or more) are drawn as one path
    // per colour, without tooltips (too thin to point at; the table lists
    // them): a rect and a title per bar took 40 ms of layout at 1,024 bars,
    // and 64 bars (the asymptotics lesson's weights) ~4 ms of each update.
    const dense = slot < 6 ? new Map() : null;
    const texts = [];
    const shown = lines.filter((l) => Number.isFinite(l.y) && l.y <= yTop && (!log || l.y > 0));
    const clearOfLines = valuePlacer(shown.map((l) => sy(l.y)), y0);
    groups.forEach((bars, i) => {
      const left = x0 + slot * (i + 0.5) - (nb * bw) / 2;
      bars.forEach((b, j) => {
        const xa = left + j * bw + gap / 2, w = bw - gap, cx = xa + w / 2;
        const bar = s('g', { class: `lb-bar ${b.className || ''}` });
        let base = 0;
        for (const sg of b.segments) {
          const inf = sg.value === Infinity;
          const v = inf ? yTop * 1.2 : Math.max(0, sg.value);
          if (!Number.isFinite(v)) continue;
          const ya = base > 0 || !log ? Math.max(y1 - 4, sy(Math.min(base, yTop * 1.05))) : y0, yb = Math.max(y1 - 4, sy(base + v));
          const cls = `lb-seg ${sg.className || ''} ${inf ? 'inf' : ''}`;
          base += v;
          if (dense) { dense.set(cls, `${dense.get(cls) || ''}M${xa.toFixed(2)},${yb.toFixed(2)}h${w.toFixed(2)}V${ya.toFixed(2)}h${(-w).toFixed(2)}Z`); continue; }
          // On a log axis a bar is at least 1 px tall (it stands for a value > 0).
          bar.appendChild(s('rect', { x: xa, y: log ? Math.min(yb, ya - 1) : yb, width: w, height: Math.max(log ? 1 : 0, ya - yb), class: cls }, s('title', {}, sg.title || b.title || fmt(sg.value, 4))));
        }
        if (b.mark && Number.isFinite(b.mark.value)) {
          const ym = sy(b.mark.value);
          bar.appendChild(s('line', { x1: xa - 5, x2: xa + w + 5, y1: ym, y2: ym, class: 'lb-mark' }, b.mark.title ? s('title', {}, b.mark.title) : null));
        }
        if (bar.firstChild) g.appendChild(bar);
        const tot = totals[i][j];
        if (showValues && w >= 14 && b.text !== '') {
          const barTop = Number.isFinite(tot) ? (tot > 0 || !log ? sy(Math.min(yTop, tot)) : y0) : y1;
          const ty = clearOfLines(Number.isFinite(tot) ? Math.max(y1 - 8, barTop - 5) : y1 - 8, barTop);
          texts.push(s('text', { x: cx, y: ty, 'text-anchor': 'middle', class: `lb-value ${Number.isFinite(tot) ? '' : 'inf'}`, 'data-value': String(tot) }, b.text !== undefined ? b.text : Number.isFinite(tot) ? format(tot) : '∞'));
        }
      });
      const it = items[i];
      if (it.label && slot >= 12) {
        const cx = x0 + slot * (i + 0.5);
        texts.push(s('text', { x: cx, y: y0 + 15, 'text-anchor': 'middle', class: 'lb-label' }, String(it.label).split('\n').map((p, k) => s('tspan', { x: cx, dy: k ? 13 : 0 }, p))));
      }
    });
    if (dense) for (const [cls, d] of dense) g.appendChild(s('path', { d, class: `${cls} lb-dense` }));
    for (const l of shown) g.appendChild(s('line', { x1: x0, x2: x1 + 4, y1: sy(l.y), y2: sy(l.y), class: `lb-line ${l.className || ''}` }, l.title ? s('title', {}, l.title) : null));
    out.appendChild(g);
    // Texts outside the clip: values above the bars, labels below, line texts.
    out.append(...texts);
    out.append(...lineTexts(shown, sy, x0, x1));
    out.appendChild(s('title', {}, ariaLabel));
    morph(svg, out);
    data.set([barsTable(data.t, { caption: ariaLabel, yLabel, items, groups, totals }),
      linesTable(data.t, lines.map((l) => ({ label: l.text || l.title || '', value: l.y })))]);
  }

  return { el, svg, set };
}
