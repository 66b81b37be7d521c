// An attention heatmap in SVG, like the chapter's plot_attention_matrix:
// rows = queries, columns = keys, a colour bar fixed to [0, 1] and axis
// labels. Each cell has a <title> with its value; the SVG has a text
// alternative and a table of every value, and can be exported as SVG / PNG.
// In a box narrower than the map and its colour bar side by side (a phone),
// the bar lies under the map and the cells shrink to fit (not under
// MIN_CELL): the figure fits without scrolling, its text still 11 px.
import { h, morph } from '../ui/dom.js';
import { fmt, pair } from '../util/format.js';
import { fitToBox } from '../layout/frames.js';
import { weightColor, setWeightVars } from './colors.js';
import { createDataTable } from './data-table.js';
import { textWidth } from './text-width.js';

// The width of a tick label at 11 px, of the title at 13 px bold.
const titleWidth = (s) => textWidth(s, 13);
const MIN_CELL = 16;

// The title in one line, or two split at the space nearest the middle when it is wider than max.
function titleLines(s, max) {
  if (titleWidth(s) <= max || !s.includes(' ')) return [s];
  const mid = s.length / 2;
  let at = -1;
  for (let i = s.indexOf(' '); i >= 0; i = s.indexOf(' ', i + 1)) if (at < 0 || Math.abs(i - mid) < Math.abs(at - mid)) at = i;
  return [s.slice(0, at), s.slice(at + 1)];
}

export function createHeatmap({ title, xLabel, yLabel, ariaLabel }) {
  const svg = h('svg', { class: 'heatmap', role: 'img', 'aria-label': ariaLabel || title || '' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure' }, svg, data.el);
  let last = null, shownFor = null;  // the last set() arguments; the layout drawn
  // The box's width decides the layout: redrawn when a new width changes it
  // (rotating a phone). Read when the observer reports it (layout is clean
  // then), not in set(): a read there forced a layout in every update
  // (measured: 9 ms of a training update).
  let boxWidth = 0;
  fitToBox(el, {
    measure: () => { boxWidth = el.clientWidth; },
    redraw: () => { if (last && JSON.stringify(layoutFor(last[0])) !== shownFor) set(...last); },
  });

  // Cell size, margins and where the colour bar goes, for matrix m in the figure's box.
  function layoutFor(m, { rowLabels, colLabels } = (last && last[1]) || {}) {
    const rows = m.length, cols = rows ? m[0].length : 0;
    const rowName = (i) => (rowLabels && rowLabels[i] !== undefined ? String(rowLabels[i]) : String(i + 1));
    let cell = Math.max(14, Math.min(48, Math.floor(300 / Math.max(rows, cols, 1))));
    const rowW = Math.max(0, ...Array.from({ length: rows }, (_, i) => textWidth(rowName(i))));
    const left = Math.max(56, Math.ceil(rowW) + 34);
    // The observer's width once it has reported; before that the box's own
    // (0 while the figure is not on the page).
    const avail = boxWidth || el.clientWidth;
    const barBelow = avail > 0 && left + cols * cell + 16 + 14 + 40 > avail;
    if (barBelow) cell = Math.max(Math.min(cell, MIN_CELL), Math.min(cell, Math.floor((avail - left - 12) / Math.max(cols, 1))));
    return { cell, left, barBelow, colLabels: !!colLabels };
  }

  // rowLabels / colLabels (optional): the names of the queries and keys
  // (tokens), else 1, 2, ...; column names too wide for a cell are slanted.
  // What a figure is drawn with besides its values (its size, labels and
  // layout), its cells and the values they show, to update those in place.
  let drawnKey = '', cells = [], shown = [];
  function set(m, opts = {}) {
    const { highlight, rowLabels, colLabels } = opts;
    last = [m, opts];
    const lay = layoutFor(m, opts);
    shownFor = JSON.stringify(lay);
    const { cell, left, barBelow } = lay;
    const rows = m.length, cols = rows ? m[0].length : 0;
    const rowName = (i) => (rowLabels && rowLabels[i] !== undefined ? String(rowLabels[i]) : String(i + 1));
    const colName = (j) => (colLabels && colLabels[j] !== undefined ? String(colLabels[j]) : String(j + 1));
    const tables = () => data.set([{ caption: title || ariaLabel || '', head: [`${yLabel || ''} \\ ${xLabel || ''}`, ...Array.from({ length: cols }, (_, j) => colName(j))],
      rows: m.map((row, i) => [rowName(i), ...row]) }]);
    // Same size, labels and layout as shown: only the cells whose value or
    // highlight changed are set (a slider that moves the weights redrew, and
    // merged by morph, every cell, label and the colour bar on each step).
    const key = JSON.stringify([rows, cols, Array.from({ length: rows }, (_, i) => rowName(i)), Array.from({ length: cols }, (_, j) => colName(j)), shownFor]);
    if (key === drawnKey && cells.length === rows * cols && cells.every((c) => c.isConnected)) {
      updateCells(cells, shown, m, highlight, rowName, colName);
      tables();
      return;
    }
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    const colW = Math.max(0, ...Array.from({ length: cols }, (_, j) => textWidth(colName(j))));
    const slant = colW > cell - 4;
    const gap = 16, barW = 14;
    const below = slant ? Math.ceil(colW * 0.72) + 18 : 14;
    const W = barBelow ? left + cols * cell + 12 : left + cols * cell + gap + barW + 40;
    // The title: from the map's left edge, or the figure's if it is wider; in two lines if wider still.
    const lines = titleLines(title || '', W - 4);
    const tw = Math.max(...lines.map(titleWidth));
    const tx = left + tw <= W ? left : Math.max(2, W - tw);
    const top = 34 + 16 * (lines.length - 1);
    const mapBottom = top + rows * cell + below + 30;
    const H = barBelow ? mapBottom + 36 : mapBottom;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', String(W));
    svg.setAttribute('aria-label', ariaLabel || title || '');
    out.appendChild(h('title', {}, title || ''));
    out.appendChild(h('text', { x: String(tx), y: '18', class: 'hm-title' },
      lines.length > 1 ? lines.map((s, k) => h('tspan', { x: String(tx), dy: k ? '16' : '0' }, s)) : lines[0]));
    drawCells(out, m, { highlight, rowName, colName, left, top, cell });
    colTicks(out, { cols, colName, left, top, rows, cell, slant });
    out.appendChild(h('text', { x: String(left + (cols * cell) / 2), y: String(top + rows * cell + below + 20), class: 'hm-axis', 'text-anchor': 'middle' }, xLabel || ''));
    out.appendChild(h('text', { x: '14', y: String(top + (rows * cell) / 2), class: 'hm-axis', 'text-anchor': 'middle', transform: `rotate(-90 14 ${top + (rows * cell) / 2})` }, yLabel || ''));
    colourBar(out, { barBelow, left, top, rows, cols, cell, mapBottom, gap, barW });
    const H2 = barBelow ? H : Math.max(H, top + Math.max(rows * cell, 60) + 20);
    svg.setAttribute('viewBox', `0 0 ${W} ${H2}`);
    morph(svg, out);
    drawnKey = key;
    cells = [...svg.querySelectorAll('rect.hm-cell')];
    shown = m.flat();
    tables();
  }

  return { el, svg, set };
}

// Is cell (i, j) highlighted: its row, its column or the cell itself.
const isOn = (highlight, i, j) => !!highlight && ((highlight.rows || []).includes(i) || (highlight.cols || []).includes(j) || (highlight.cells || []).some(([a, b]) => a === i && b === j));

// The drawn cells (rects, row by row) set in place to the values of m and
// the highlight; shown: the values they show, updated.
function updateCells(cells, shown, m, highlight, rowName, colName) {
  const rows = m.length, cols = rows ? m[0].length : 0;
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
}

// The row labels and the cells of m, each with its value as its title.
function drawCells(out, m, { highlight, rowName, colName, left, top, cell }) {
  const rows = m.length, cols = rows ? m[0].length : 0;
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
}

// The column labels, slanted when too wide for a cell.
function colTicks(out, { cols, colName, left, top, rows, cell, slant }) {
  for (let j = 0; j < cols; j++) {
    const cx = left + j * cell + cell / 2, cy = top + rows * cell + 14;
    out.appendChild(slant
      ? h('text', { x: String(cx + 4), y: String(cy - 4), class: 'hm-tick hm-col', 'text-anchor': 'end', transform: `rotate(-45 ${cx + 4} ${cy - 4})` }, colName(j))
      : h('text', { x: String(cx), y: String(cy), class: 'hm-tick hm-col', 'text-anchor': 'middle' }, colName(j)));
  }
}

// Colour bar, fixed to [0, 1] so that heatmaps can be compared: beside
// the map (1 at the top) or under it (1 on the right); its rects from 1 down to 0.
function colourBar(out, { barBelow, left, top, rows, cols, cell, mapBottom, gap, barW }) {
  const steps = 20;
  if (barBelow) {
    const by = mapBottom, bw = cols * cell;
    for (let k = 0; k < steps; k++)
      out.appendChild(setWeightVars(h('rect', { x: String(left + ((steps - 1 - k) * bw) / steps), y: String(by), width: String(bw / steps + 0.5), height: String(barW), fill: weightColor(1 - k / steps), class: 'hm-bar' }), 1 - k / steps));
    out.appendChild(h('rect', { x: String(left), y: String(by), width: String(bw), height: String(barW), fill: 'none', class: 'hm-frame' }));
    for (const v of [0, 0.5, 1])
      out.appendChild(h('text', { x: String(left + v * bw), y: String(by + barW + 13), class: 'hm-tick', 'text-anchor': v === 0 ? 'start' : v === 1 ? 'end' : 'middle' }, String(v)));
  } else {
    const bx = left + cols * cell + gap, bh = Math.max(rows * cell, 60);
    for (let k = 0; k < steps; k++)
      out.appendChild(setWeightVars(h('rect', { x: String(bx), y: String(top + (k * bh) / steps), width: String(barW), height: String(bh / steps + 0.5), fill: weightColor(1 - k / steps), class: 'hm-bar' }), 1 - k / steps));
    out.appendChild(h('rect', { x: String(bx), y: String(top), width: String(barW), height: String(bh), fill: 'none', class: 'hm-frame' }));
    for (const v of [0, 0.5, 1])
      out.appendChild(h('text', { x: String(bx + barW + 4), y: String(top + (1 - v) * bh + 4), class: 'hm-tick' }, String(v)));
  }
}
