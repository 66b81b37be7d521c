// Editable bars whose DOM is kept across updates: a bar being dragged is
// redrawn in place, so its pointer capture (mouse, pen, touch) survives the
// page redrawing the chart on every move. Each bar is a slider: arrow keys
// change it by `step`, Page Up / Down by `bigStep`, Home / End go to the
// ends. A click anywhere in a bar's column sets it to that height. The
// y axis has gridlines and ticks (e.g. for probabilities in [0, 1]).
//
//   const b = createDragBars({ariaLabel, labels: (i) => 'x = 3', min: 0, max: 1, onChange: (i, v) => ...})
//   b.set(values, {highlight: [i, ...]})
import { scaleLinear } from 'd3';
import { h } from '../ui/dom.js';
import { fmt } from '../util/format.js';
import { s, toSvgPoint } from './svg.js';
import { createDataTable } from './data-table.js';

const M = { left: 36, right: 8, top: 20, bottom: 26 };

export function createDragBars({ ariaLabel = '', labels = (i) => String(i + 1), valueText = (i, v) => fmt(v, 3),
  min = 0, max = 1, step = 0.01, bigStep = 0.1, precision = 0.01, height = 200, ticks = 4, onChange } = {}) {
  const svg = s('svg', { class: 'dbars', role: 'group', 'aria-label': ariaLabel });
  const data = createDataTable();
  const el = h('figure', { class: 'figure dbars-figure' }, svg, data.el);
  const sy = scaleLinear([min, max], [height - M.bottom, M.top]);
  const axisG = s('g', { 'aria-hidden': 'true' });
  const barsG = s('g');
  svg.append(axisG, barsG);
  let values = [];
  let bars = [];
  let width = 0;

  const clamp = (v) => Number((Math.round(Math.min(max, Math.max(min, v)) / precision) * precision).toFixed(6));
  const change = (i, v) => { if (onChange && Number.isFinite(v)) onChange(i, clamp(v)); };

  function build(n) {
    while (barsG.firstChild) barsG.removeChild(barsG.firstChild);
    const bw = Math.max(30, Math.min(64, Math.floor(360 / Math.max(n, 1))));
    width = M.left + n * bw + M.right;
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('width', String(width));
    while (axisG.firstChild) axisG.removeChild(axisG.firstChild);
    for (const v of sy.ticks(ticks)) {
      axisG.appendChild(s('line', { x1: M.left, x2: width - M.right, y1: sy(v), y2: sy(v), class: v === min ? 'db-axis' : 'db-grid' }));
      axisG.appendChild(s('text', { x: M.left - 6, y: sy(v) + 4, 'text-anchor': 'end', class: 'db-tick' }, fmt(v, 3)));
    }
    bars = Array.from({ length: n }, (_, i) => {
      const x = M.left + i * bw;
      const hit = s('rect', { x, y: M.top, width: bw, height: height - M.top - M.bottom, class: 'db-hit' });
      const rect = s('rect', { x: x + 4, width: bw - 8, class: 'db-bar' });
      const value = s('text', { x: x + bw / 2, 'text-anchor': 'middle', class: 'db-value' });
      const label = s('text', { x: x + bw / 2, y: height - 8, 'text-anchor': 'middle', class: 'db-label' });
      const g = s('g', { class: 'db-col', tabindex: '0', role: 'slider', 'aria-valuemin': String(min), 'aria-valuemax': String(max) }, hit, rect, value, label);
      g.addEventListener('keydown', (e) => {
        const cur = values[i];
        const next = { ArrowUp: cur + step, ArrowRight: cur + step, ArrowDown: cur - step, ArrowLeft: cur - step,
          PageUp: cur + bigStep, PageDown: cur - bigStep, Home: min, End: max }[e.key];
        if (next === undefined) return;
        e.preventDefault();
        e.stopPropagation();
        change(i, next);
      });
      // A touch that starts on a handle drags it instead of scrolling the page.
      g.addEventListener('touchstart', (e) => e.preventDefault(), { passive: false });
      g.addEventListener('pointerdown', (e) => {
        if (e.button !== undefined && e.button !== 0) return;
        e.preventDefault();
        g.focus({ preventScroll: true });
        if (g.setPointerCapture) g.setPointerCapture(e.pointerId);
        g.classList.add('dragging');
        const move = (ev) => change(i, sy.invert(toSvgPoint(svg, ev.clientX, ev.clientY).y));
        const up = () => {
          g.classList.remove('dragging');
          g.removeEventListener('pointermove', move);
          g.removeEventListener('pointerup', up);
          g.removeEventListener('pointercancel', up);
        };
        move(e);
        g.addEventListener('pointermove', move);
        g.addEventListener('pointerup', up);
        g.addEventListener('pointercancel', up);
      });
      barsG.appendChild(g);
      return { g, rect, value, label };
    });
  }

  function set(v, { highlight = [] } = {}) {
    if (v.length !== bars.length) build(v.length);
    values = v.slice();
    values.forEach((val, i) => {
      const b = bars[i];
      const shown = Number.isFinite(val) ? Math.min(max, Math.max(min, val)) : min;
      const y = sy(shown), y0 = sy(Math.max(min, 0));
      b.rect.setAttribute('y', String(Math.min(y, y0)));
      b.rect.setAttribute('height', String(Math.max(1, Math.abs(y0 - y))));
      b.value.setAttribute('y', String(Math.max(M.top - 4, Math.min(y, y0) - 5)));
      b.value.textContent = valueText(i, val);
      b.label.textContent = labels(i);
      b.g.setAttribute('aria-label', labels(i));
      b.g.setAttribute('aria-valuenow', String(val));
      b.g.setAttribute('aria-valuetext', valueText(i, val));
      b.g.classList.toggle('hl', highlight.includes(i));
    });
    data.set([{ caption: ariaLabel, head: [data.t('figure.item'), data.t('figure.value')], rows: values.map((val, i) => [labels(i), val]) }]);
  }

  return { el, svg, set };
}
