// An attention heatmap in SVG, like the chapter's plot_attention_matrix:
// rows = queries, columns = keys, a colour bar fixed to [0, 1] and axis
// labels. Each cell has a <title> with its value; the SVG has a text
// alternative and a table of every value, and can be exported as SVG / PNG.
import { h, morph } from '../core/dom.js';
import { fmt, pair } from '../core/format.js';
import { weightColor, setWeightVars } from './colors.js';
import { createDataTable } from './data-table.js';

// The width of a tick label at 11 px (CJK characters are square).
const textWidth = (s) => [...s].reduce((w, c) => w + (/[\u2e80-\u9fff\uff00-\uffef]/.test(c) ? 11 : 6.6), 0);

export function createHeatmap({ title, xLabel, yLabel, ariaLabel }) {
  const svg = h('svg', { class: 'heatmap', role: 'img', 'aria-label': ariaLabel || title || '' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure' }, svg, data.el);

  // rowLabels / colLabels (optional): the names of the queries and keys
  // (tokens), else 1, 2, ...; column names too wide for a cell are slanted.
  // What a figure is drawn with besides its values (its layout), its cells
  // and the values they show, to update those in place.
  let layout = '', cells = [], shown = [];
  const isOn = (highlight, i, j) => !!highlight && ((highlight.rows || []).includes(i) || (highlight.cols || []).includes(j) || (highlight.cells || []).some(([a, b]) => a === i && b === j));
  function set(m, { highlight, rowLabels, colLabels } = {}) {
    const rows = m.length, cols = rows ? m[0].length : 0;
    const rowName = (i) => (rowLabels && rowLabels[i] !== undefined ? String(rowLabels[i]) : String(i + 1));
    const colName = (j) => (colLabels && colLabels[j] !== undefined ? String(colLabels[j]) : String(j + 1));
    const tables = () => data.set([{ caption: title || ariaLabel || '', head: [`${yLabel || ''} \\ ${xLabel || ''}`, ...Array.from({ length: cols }, (_, j) => colName(j))],
      rows: m.map((row, i) => [rowName(i), ...row]) }]);
    // Same size and labels as shown: only the cells whose value or highlight
    // changed are set (a slider that moves the weights redrew, and merged
    // by morph, every cell, label and the colour bar on each step).
    const key = JSON.stringify([rows, cols, Array.from({ length: rows }, (_, i) => rowName(i)), Array.from({ length: cols }, (_, j) => colName(j))]);
    if (key === layout && cells.length === rows * cols && cells.every((c) => c.isConnected)) {
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          const rect = cells[i * cols + j], x = m[i][j];
          const cls = isOn(highlight, i, j) ? 'hm-cell hl' : 'hm-cell';
          if (rect.getAttribute('class') !== cls) rect.setAttribute('class', cls);
          if (Object.is(shown[i * cols + j], x)) continue;
          shown[i * cols + j] = x;
          rect.setAttribute('fill', weightColor(x));
          rect.style.removeProperty('--w-ink');  // as a fresh cell: none where the value has no colour
          rect.style.removeProperty('--w-ink-dk');
          setWeightVars(rect, x);
          rect.firstChild.textContent = `${pair(rowName(i), colName(j))} = ${fmt(x, 4)}`;
        }
      }
      tables();
      return;
    }
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    const cell = Math.max(14, Math.min(48, Math.floor(300 / Math.max(rows, cols, 1))));
    const rowW = Math.max(0, ...Array.from({ length: rows }, (_, i) => textWidth(rowName(i))));
    const colW = Math.max(0, ...Array.from({ length: cols }, (_, j) => textWidth(colName(j))));
    const slant = colW > cell - 4;
    const left = Math.max(56, Math.ceil(rowW) + 34), top = 34, gap = 16, barW = 14;
    const below = slant ? Math.ceil(colW * 0.72) + 18 : 14;
    const W = left + cols * cell + gap + barW + 40, H = top + rows * cell + below + 30;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', String(W));
    svg.setAttribute('aria-label', ariaLabel || title || '');
    out.appendChild(h('title', {}, title || ''));
    out.appendChild(h('text', { x: String(left), y: '18', class: 'hm-title' }, title || ''));
    for (let i = 0; i < rows; i++) {
      out.appendChild(h('text', { x: String(left - 6), y: String(top + i * cell + cell / 2 + 4), class: 'hm-tick hm-row', 'text-anchor': 'end' }, rowName(i)));
      for (let j = 0; j < cols; j++) {
        const x = m[i][j];
        const on = isOn(highlight, i, j);
        // fill (light theme) and --w-dk (dark theme, heatmap.css): more weight is more prominent in both.
        out.appendChild(setWeightVars(h('rect', {
          x: String(left + j * cell), y: String(top + i * cell), width: String(cell - 1), height: String(cell - 1),
          fill: weightColor(x), class: on ? 'hm-cell hl' : 'hm-cell',
        }, h('title', {}, `${pair(rowName(i), colName(j))} = ${fmt(x, 4)}`)), x));
      }
    }
    for (let j = 0; j < cols; j++) {
      const cx = left + j * cell + cell / 2, cy = top + rows * cell + 14;
      out.appendChild(slant
        ? h('text', { x: String(cx + 4), y: String(cy - 4), class: 'hm-tick hm-col', 'text-anchor': 'end', transform: `rotate(-45 ${cx + 4} ${cy - 4})` }, colName(j))
        : h('text', { x: String(cx), y: String(cy), class: 'hm-tick hm-col', 'text-anchor': 'middle' }, colName(j)));
    }
    out.appendChild(h('text', { x: String(left + (cols * cell) / 2), y: String(top + rows * cell + below + 20), class: 'hm-axis', 'text-anchor': 'middle' }, xLabel || ''));
    out.appendChild(h('text', { x: '14', y: String(top + (rows * cell) / 2), class: 'hm-axis', 'text-anchor': 'middle', transform: `rotate(-90 14 ${top + (rows * cell) / 2})` }, yLabel || ''));
    // Colour bar, fixed to [0, 1] so that heatmaps can be compared.
    const bx = left + cols * cell + gap, bh = Math.max(rows * cell, 60);
    const steps = 20;
    for (let k = 0; k < steps; k++)
      out.appendChild(setWeightVars(h('rect', { x: String(bx), y: String(top + (k * bh) / steps), width: String(barW), height: String(bh / steps + 0.5), fill: weightColor(1 - k / steps), class: 'hm-bar' }), 1 - k / steps));
    out.appendChild(h('rect', { x: String(bx), y: String(top), width: String(barW), height: String(bh), fill: 'none', class: 'hm-frame' }));
    for (const v of [0, 0.5, 1])
      out.appendChild(h('text', { x: String(bx + barW + 4), y: String(top + (1 - v) * bh + 4), class: 'hm-tick' }, String(v)));
    const H2 = Math.max(H, top + bh + 20);
    svg.setAttribute('viewBox', `0 0 ${W} ${H2}`);
    morph(svg, out);
    layout = key;
    cells = [...svg.querySelectorAll('rect.hm-cell')];
    shown = m.flat();
    tables();
  }

  return { el, svg, set };
}
