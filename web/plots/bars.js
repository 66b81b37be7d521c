// A bar chart of a vector in SVG. Optional dragging (pointer) and keyboard
// editing (arrow keys on a focused bar) report new values through onChange.
// Each bar carries a <title> with its value, the SVG a text alternative,
// the figure a table of the values.
import { h, clear } from '../core/dom.js';
import { fmt } from '../core/format.js';
import { createDataTable } from './data-table.js';

export function createBars({ ariaLabel, labels = (i) => String(i + 1), min = 0, max = 1, color = 'var(--accent)',
  editable = false, step = 0.1, onChange, height = 160 } = {}) {
  const svg = h('svg', { class: 'bars', role: editable ? 'group' : 'img', 'aria-label': ariaLabel || '' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure bars-figure' }, svg, data.el);
  let values = [];
  let lo = min, hi = max;
  const top = 18, bottom = 24, left = 8;

  function y(v) { return top + ((hi - v) / (hi - lo)) * (height - top - bottom); }
  function inv(py) { return hi - ((py - top) / (height - top - bottom)) * (hi - lo); }

  function set(v, { highlight = [], range } = {}) {
    values = v.slice();
    if (range) [lo, hi] = range;
    clear(svg);
    const n = values.length;
    const bw = Math.max(18, Math.min(56, Math.floor(320 / Math.max(n, 1))));
    const W = left * 2 + n * bw;
    svg.setAttribute('viewBox', `0 0 ${W} ${height}`);
    svg.setAttribute('width', String(W));
    const zero = y(Math.min(hi, Math.max(lo, 0)));
    svg.appendChild(h('line', { x1: '0', x2: String(W), y1: String(zero), y2: String(zero), class: 'axis' }));
    values.forEach((val, i) => {
      const v = Number.isFinite(val) ? Math.min(hi, Math.max(lo, val)) : 0;
      const x = left + i * bw + 3, yy = y(v);
      const g = h('g', { class: highlight.includes(i) ? 'bar hl' : 'bar' });
      const rect = h('rect', { x: String(x), y: String(Math.min(yy, zero)), width: String(bw - 6), height: String(Math.max(1, Math.abs(zero - yy))), fill: color },
        h('title', {}, `${labels(i)}: ${fmt(val, 4)}`));
      g.appendChild(rect);
      g.appendChild(h('text', { x: String(x + (bw - 6) / 2), y: String(Math.min(yy, zero) - 4), 'text-anchor': 'middle', class: 'bar-value' }, fmt(val, 3)));
      g.appendChild(h('text', { x: String(x + (bw - 6) / 2), y: String(height - 8), 'text-anchor': 'middle', class: 'bar-label' }, labels(i)));
      if (editable) {
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'slider');
        g.setAttribute('aria-label', labels(i));
        g.setAttribute('aria-valuemin', String(lo));
        g.setAttribute('aria-valuemax', String(hi));
        g.setAttribute('aria-valuenow', String(val));
        g.addEventListener('keydown', (e) => {
          const d = e.key === 'ArrowUp' ? step : e.key === 'ArrowDown' ? -step : 0;
          if (!d) return;
          e.preventDefault();
          e.stopPropagation();
          change(i, values[i] + d, true);
        });
        g.addEventListener('pointerdown', (e) => {
          e.preventDefault();
          // Listen on the window: set() rebuilds the bars while dragging, so
          // the element under the pointer does not survive the first move.
          const move = (ev) => {
            const pt = svg.createSVGPoint();
            pt.x = ev.clientX; pt.y = ev.clientY;
            const p = pt.matrixTransform(svg.getScreenCTM().inverse());
            change(i, inv(p.y), false);
          };
          move(e);
          const up = () => { window.removeEventListener('pointermove', move); window.removeEventListener('pointerup', up); };
          window.addEventListener('pointermove', move);
          window.addEventListener('pointerup', up);
        });
      }
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
