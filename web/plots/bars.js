// A bar chart of a vector in SVG. Optional dragging (pointer) and keyboard
// editing (arrow keys on a focused bar) report new values through onChange.
// Each bar carries a <title> with its value, the SVG a text alternative,
// the figure a table of the values. With fill, the bars share the width of
// the figure's column (redrawn when it changes); the value labels carry as
// many digits as it takes to tell different values apart (1000, 1001, 1002,
// not 1000 three times).
//
//   const bars = createBars({ariaLabel, labels: (i) => text, min, max, color, editable, step, onChange, height, fill})
//   bars.set(values, {highlight: [i...], range: [lo, hi], labels: (i) => text, classes: (i) => className})
import { h, clear } from '../ui/dom.js';
import { fmt } from '../util/format.js';
import { fitToBox } from '../layout/frames.js';
import { createDataTable } from './data-table.js';

// The labels of values: digits significant digits, more (up to 12) while
// two different values would read the same.
export function distinctLabels(values, digits = 3) {
  for (let d = digits; d <= 12; d++) {
    const out = values.map((v) => fmt(v, d));
    const clash = values.some((v, i) => values.some((w, j) => j > i && !Object.is(v, w) && Number.isFinite(v) && Number.isFinite(w) && out[i] === out[j]));
    if (!clash) return out;
  }
  return values.map((v) => fmt(v, 12));
}

export function createBars({ ariaLabel, labels: labelsDefault = (i) => String(i + 1), min = 0, max = 1, color = 'var(--accent)',
  editable = false, step = 0.1, onChange, height = 160, fill = false } = {}) {
  const svg = h('svg', { class: 'bars', role: editable ? 'group' : 'img', 'aria-label': ariaLabel || '' });
  const data = createDataTable();
  const el = h('figure', { class: `figure bars-figure${fill ? ' bars-fill' : ''}` }, svg, data.el);
  let values = [];
  let lo = min, hi = max;
  let labels = labelsDefault;
  let last = null;  // the last set() arguments, to redraw at a new width
  let drawnWidth = 0;
  const top = 18, bottom = 24, left = 8;
  // fill: the box's width, read when the observer reports it (layout is
  // clean then), not in set(): a read there forced a layout of the whole
  // page while a lesson was being built (67 ms of the regression lesson's start).
  let boxWidth = 0;
  if (fill) fitToBox(el, {
    measure: () => { boxWidth = el.clientWidth; },
    redraw: () => { if (last && Math.abs(boxWidth - drawnWidth) > 2) set(...last); },
  });

  function y(v) { return top + ((hi - v) / (hi - lo)) * (height - top - bottom); }
  function inv(py) { return hi - ((py - top) / (height - top - bottom)) * (hi - lo); }

  function set(v, opts = {}) {
    last = [v, opts];
    const { highlight = [], range, classes = () => '' } = opts;
    labels = opts.labels || labelsDefault;
    values = v.slice();
    if (range) [lo, hi] = range;
    clear(svg);
    const n = values.length;
    // fill: bars up to 120 px wide across the column (at least 18 px: a
    // narrow column scrolls, as every figure does).
    const avail = fill ? boxWidth : 0;
    drawnWidth = avail;
    // A bar at least as wide as its label (11 px text, about 6.5 px a
    // character, and a gap), so that labels never run into each other.
    const fit = Math.max(18, ...values.map((_, i) => Math.ceil(6.5 * [...String(labels(i))].length) + 10));
    const bw = Math.max(fit, avail > 0 ? Math.max(18, Math.min(120, Math.floor((avail - left * 2) / Math.max(n, 1))))
      : Math.max(18, Math.min(56, Math.floor(320 / Math.max(n, 1)))));
    const W = left * 2 + n * bw;
    const text = distinctLabels(values, 3);
    svg.setAttribute('viewBox', `0 0 ${W} ${height}`);
    svg.setAttribute('width', String(W));
    const zero = y(Math.min(hi, Math.max(lo, 0)));
    svg.appendChild(h('line', { x1: '0', x2: String(W), y1: String(zero), y2: String(zero), class: 'axis' }));
    values.forEach((val, i) => {
      const v = Number.isFinite(val) ? Math.min(hi, Math.max(lo, val)) : 0;
      const x = left + i * bw + 3, yy = y(v);
      const g = h('g', { class: `bar${highlight.includes(i) ? ' hl' : ''} ${classes(i) || ''}`.trim() });
      const rect = h('rect', { x: String(x), y: String(Math.min(yy, zero)), width: String(bw - 6), height: String(Math.max(1, Math.abs(zero - yy))), fill: color },
        h('title', {}, `${labels(i)}: ${fmt(val, 4)}`));
      g.appendChild(rect);
      // A negative bar's value below its end, a positive one's above it.
      const ty = Number.isFinite(val) && val < 0 ? Math.min(height - bottom + 2, Math.max(yy, zero) + 13) : Math.min(yy, zero) - 4;
      g.appendChild(h('text', { x: String(x + (bw - 6) / 2), y: String(ty), 'text-anchor': 'middle', class: 'bar-value', 'data-value': String(val) }, text[i]));
      g.appendChild(h('text', { x: String(x + (bw - 6) / 2), y: String(height - 8), 'text-anchor': 'middle', class: 'bar-label' }, labels(i)));
      if (editable) editableBar(g, { svg, label: labels(i), lo, hi, val, step, inv, value: () => values[i], change: (nv, refocus) => change(i, nv, refocus) });
      svg.appendChild(g);
    });
    data.set([{ caption: ariaLabel || '', head: [data.t('figure.item'), data.t('figure.value')], rows: values.map((val, i) => [labels(i), val]) }]);
  }

  function change(i, v, refocus) {
    const nv = values.slice();
    nv[i] = Math.round(Math.min(hi, Math.max(lo, v)) * 100) / 100;
    onChange && onChange(nv, i);
    if (refocus) {
      const g = svg.querySelectorAll('g.bar')[i];
      g && g.focus();
    }
  }

  return { el, svg, set };
}

// Bar g as a slider: arrow keys move it by step, a drag sets it (inv: the
// value at an SVG y); change(v, refocus) reports the new value.
function editableBar(g, { svg, label, lo, hi, val, step, inv, value, change }) {
  g.setAttribute('tabindex', '0');
  g.setAttribute('role', 'slider');
  g.setAttribute('aria-label', label);
  g.setAttribute('aria-valuemin', String(lo));
  g.setAttribute('aria-valuemax', String(hi));
  g.setAttribute('aria-valuenow', String(val));
  g.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowUp' ? step : e.key === 'ArrowDown' ? -step : 0;
    if (!d) return;
    e.preventDefault();
    e.stopPropagation();
    change(value() + d, true);
  });
  g.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    // Listen on the window: set() rebuilds the bars while dragging, so
    // the element under the pointer does not survive the first move.
    const move = (ev) => {
      const pt = svg.createSVGPoint();
      pt.x = ev.clientX; pt.y = ev.clientY;
      const p = pt.matrixTransform(svg.getScreenCTM().inverse());
      change(inv(p.y), false);
    };
    move(e);
    const up = () => { window.removeEventListener('pointermove', move); window.removeEventListener('pointerup', up); };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  });
}
