// An attention heatmap in SVG, like the chapter's plot_attention_matrix:
// rows = queries, columns = keys, a colour bar fixed to [0, 1] and axis
// labels. Each cell has a <title> with its value; the SVG has a text
// alternative and a table of every value, and can be exported as SVG / PNG.
import { h, morph } from '../core/dom.js';
import { fmt } from '../core/format.js';
import { weightColor } from './colors.js';
import { createDataTable } from './data-table.js';

export function createHeatmap({ title, xLabel, yLabel, ariaLabel }) {
  const svg = h('svg', { class: 'heatmap', role: 'img', 'aria-label': ariaLabel || title || '' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure' }, svg, data.el);

  function set(m, { highlight } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    const rows = m.length, cols = rows ? m[0].length : 0;
    const cell = Math.max(14, Math.min(48, Math.floor(300 / Math.max(rows, cols, 1))));
    const left = 56, top = 34, gap = 16, barW = 14;
    const W = left + cols * cell + gap + barW + 40, H = top + rows * cell + 44;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', String(W));
    svg.setAttribute('aria-label', ariaLabel || title || '');
    out.appendChild(h('title', {}, title || ''));
    out.appendChild(h('text', { x: String(left), y: '18', class: 'hm-title' }, title || ''));
    for (let i = 0; i < rows; i++) {
      out.appendChild(h('text', { x: String(left - 6), y: String(top + i * cell + cell / 2 + 4), class: 'hm-tick', 'text-anchor': 'end' }, String(i + 1)));
      for (let j = 0; j < cols; j++) {
        const x = m[i][j];
        const on = highlight && ((highlight.rows || []).includes(i) || (highlight.cells || []).some(([a, b]) => a === i && b === j));
        out.appendChild(h('rect', {
          x: String(left + j * cell), y: String(top + i * cell), width: String(cell - 1), height: String(cell - 1),
          fill: weightColor(x), class: on ? 'hm-cell hl' : 'hm-cell',
        }, h('title', {}, `(${i + 1}, ${j + 1}) = ${fmt(x, 4)}`)));
      }
    }
    for (let j = 0; j < cols; j++)
      out.appendChild(h('text', { x: String(left + j * cell + cell / 2), y: String(top + rows * cell + 14), class: 'hm-tick', 'text-anchor': 'middle' }, String(j + 1)));
    out.appendChild(h('text', { x: String(left + (cols * cell) / 2), y: String(top + rows * cell + 34), class: 'hm-axis', 'text-anchor': 'middle' }, xLabel || ''));
    out.appendChild(h('text', { x: '14', y: String(top + (rows * cell) / 2), class: 'hm-axis', 'text-anchor': 'middle', transform: `rotate(-90 14 ${top + (rows * cell) / 2})` }, yLabel || ''));
    // Colour bar, fixed to [0, 1] so that heatmaps can be compared.
    const bx = left + cols * cell + gap, bh = Math.max(rows * cell, 60);
    const steps = 20;
    for (let k = 0; k < steps; k++)
      out.appendChild(h('rect', { x: String(bx), y: String(top + (k * bh) / steps), width: String(barW), height: String(bh / steps + 0.5), fill: weightColor(1 - k / steps) }));
    out.appendChild(h('rect', { x: String(bx), y: String(top), width: String(barW), height: String(bh), fill: 'none', class: 'hm-frame' }));
    for (const v of [0, 0.5, 1])
      out.appendChild(h('text', { x: String(bx + barW + 4), y: String(top + (1 - v) * bh + 4), class: 'hm-tick' }, String(v)));
    const H2 = Math.max(H, top + bh + 20);
    svg.setAttribute('viewBox', `0 0 ${W} ${H2}`);
    morph(svg, out);
    data.set([{ caption: title || ariaLabel || '', head: [`${yLabel || ''} \\ ${xLabel || ''}`, ...Array.from({ length: cols }, (_, j) => String(j + 1))],
      rows: m.map((row, i) => [String(i + 1), ...row]) }]);
  }

  return { el, svg, set };
}
