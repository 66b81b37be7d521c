// A map of values over a 2-D parameter grid (rows bottom-to-top, columns
// left-to-right), each cell coloured by its value, with a colour legend;
// cells whose value is null are "missing" (drawn hatched-grey), undefined
// ones are "not computed yet". One cell can be marked (the current
// setting). Pointer hover / keyboard cursor report a cell (onHover),
// click / Enter picks it (onPick): focus the map and use the arrow keys.
//
//   const map = createGridMap({ariaLabel, xLabel, yLabel, rowTicks: [[i, text]], colTicks: [[j, text]],
//     color: (v) => css colour, legend: {ramp: (f) => colour, ticks: [[f, text]], label, missing}, cursorLabel: (i, j) => text, onHover, onPick,
//     rowLabel: (i) => text, colLabel: (j) => text})   (the data table's headers: the parameter values)
//   map.set(values, {mark: [i, j] | null}); map.setMark([i, j] | null)
import { h, clear } from '../ui/dom.js';
import { s, toSvgPoint, pool, attrs } from './svg.js';
import { createDataTable } from './data-table.js';

const M = { left: 58, right: 92, top: 8, bottom: 46 };

export function createGridMap({ ariaLabel = '', xLabel = '', yLabel = '', rowTicks = [], colTicks = [], cell = 14,
  color = () => 'var(--accent)', legend = null, cursorLabel = () => '', onHover, onPick,
  rowLabel = (i) => String(i + 1), colLabel = (j) => String(j + 1) } = {}) {
  const svg = s('svg', { class: 'grid-map', role: 'group', 'aria-label': ariaLabel });
  const data = createDataTable();
  const el = h('figure', { class: 'figure grid-map-figure' }, svg, data.el);
  const cellsG = s('g', { class: 'gm-cells' });
  const cursor = s('g', { class: 'gm-cursor', tabindex: '0', role: 'button' });
  const frame = s('g', { 'aria-hidden': 'true' });
  svg.append(cellsG, frame, cursor);
  let values = [];
  let rows = 0, cols = 0;
  let cur = null;  // [i, j] keyboard/pointer cursor
  let mark = null;

  const cx = (j) => M.left + j * cell;
  const cy = (i) => M.top + (rows - 1 - i) * cell;

  const layout = () => layoutFrame(svg, frame, { rows, cols, cell, cx, cy, rowTicks, colTicks, xLabel, yLabel, legend });

  // The cells are reused between updates: only their colours change.
  function draw() {
    const cells = pool(cellsG, rows * cols, 'rect');
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const v = values[i] ? values[i][j] : undefined;
        attrs(cells[i * cols + j], { x: cx(j), y: cy(i), width: cell - 0.5, height: cell - 0.5,
          class: v === undefined ? 'gm-pending' : v === null ? 'gm-missing' : null, fill: v === undefined || v === null ? null : color(v) });
      }
    }
    drawCursor();
  }

  function drawCursor() {
    clear(cursor);
    if (mark) cursor.appendChild(s('rect', { x: cx(mark[1]) - 1, y: cy(mark[0]) - 1, width: cell + 1.5, height: cell + 1.5, class: 'gm-mark' }));
    const c = cur || mark || [0, 0];
    if (rows && cols) {
      cursor.appendChild(s('rect', { x: cx(c[1]), y: cy(c[0]), width: cell - 0.5, height: cell - 0.5, class: cur ? 'gm-cur' : 'gm-cur idle' }));
      cursor.setAttribute('aria-label', cursorLabel(c[0], c[1]));
    }
  }

  function set(v, { mark: mk = null } = {}) {
    const r = v.length, c = r ? v[0].length : 0;
    const relayout = r !== rows || c !== cols;
    values = v;
    rows = r;
    cols = c;
    mark = mk;
    if (relayout) layout();
    draw();
    // Missing cells (null) read as the legend says; cells not computed yet as —.
    data.set([{ caption: ariaLabel, head: [`${yLabel} \\ ${xLabel}`, ...Array.from({ length: cols }, (_, j) => colLabel(j))],
      rows: values.map((row, i) => [rowLabel(i), ...Array.from({ length: cols }, (_, j) => (row && row[j] === null ? (legend && legend.missing) || '' : row ? row[j] : undefined))]) }]);
  }

  function moveTo(c) {
    cur = c;
    drawCursor();
    if (onHover) onHover(c[0], c[1]);
  }

  const cellAt = (e) => {
    const p = toSvgPoint(svg, e.clientX, e.clientY);
    const j = Math.floor((p.x - M.left) / cell), i = rows - 1 - Math.floor((p.y - M.top) / cell);
    return i >= 0 && i < rows && j >= 0 && j < cols ? [i, j] : null;
  };
  cellsG.addEventListener('pointermove', (e) => { const c = cellAt(e); if (c && (!cur || c[0] !== cur[0] || c[1] !== cur[1])) moveTo(c); });
  cellsG.addEventListener('click', (e) => { const c = cellAt(e); if (c && onPick) { moveTo(c); onPick(c[0], c[1]); } });
  cursor.addEventListener('keydown', (e) => {
    const c = cur || mark || [0, 0];
    const d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [1, 0], ArrowDown: [-1, 0] }[e.key];
    if (d) {
      e.preventDefault();
      e.stopPropagation();
      moveTo([Math.min(rows - 1, Math.max(0, c[0] + d[0])), Math.min(cols - 1, Math.max(0, c[1] + d[1]))]);
    } else if ((e.key === 'Enter' || e.key === ' ') && onPick) {
      e.preventDefault();
      moveTo(c);
      onPick(c[0], c[1]);
    }
  });
  cursor.addEventListener('focus', () => { if (!cur) moveTo(mark || [0, 0]); });

  // Only the marked cell changed: the cells and the table stay (600 rects
  // and a 600-cell table rebuilt on every slider move cost a frame).
  function setMark(mk) {
    mark = mk;
    drawCursor();
  }

  return { el, svg, set, setMark };
}

// The map's size for rows x cols cells of cell px, and its frame: the
// border, the ticks, the axis labels and the legend. cx(j), cy(i): a cell's corner.
function layoutFrame(svg, frame, { rows, cols, cell, cx, cy, rowTicks, colTicks, xLabel, yLabel, legend }) {
  const W = M.left + cols * cell + M.right, H = M.top + rows * cell + M.bottom;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('width', String(W));
  clear(frame);
  frame.appendChild(s('rect', { x: M.left, y: M.top, width: cols * cell, height: rows * cell, class: 'gm-frame', fill: 'none' }));
  for (const [i, text] of rowTicks)
    frame.appendChild(s('text', { x: M.left - 5, y: cy(i) + cell / 2 + 4, 'text-anchor': 'end', class: 'plot-tick' }, text));
  for (const [j, text] of colTicks)
    frame.appendChild(s('text', { x: cx(j) + cell / 2, y: M.top + rows * cell + 15, 'text-anchor': 'middle', class: 'plot-tick' }, text));
  const midY = M.top + (rows * cell) / 2;
  frame.appendChild(s('text', { x: M.left + (cols * cell) / 2, y: M.top + rows * cell + 36, 'text-anchor': 'middle', class: 'plot-label' }, xLabel));
  frame.appendChild(s('text', { x: 12, y: midY, 'text-anchor': 'middle', class: 'plot-label', transform: `rotate(-90 12 ${midY})` }, yLabel));
  if (legend) {
    // legend.ramp(f): the colour at fraction f of the bar (0 bottom, 1 top); legend.ticks: [[f, text]].
    const lx = M.left + cols * cell + 16, lh = rows * cell - 36, steps = 32;
    for (let k = 0; k < steps; k++)
      frame.appendChild(s('rect', { x: lx, y: M.top + (k * lh) / steps, width: 12, height: lh / steps + 0.6, fill: legend.ramp(1 - (k + 0.5) / steps) }));
    for (const [f, text] of legend.ticks || [])
      frame.appendChild(s('text', { x: lx + 16, y: M.top + (1 - f) * lh + 4, class: 'plot-tick' }, text));
    frame.appendChild(s('rect', { x: lx, y: M.top + lh + 12, width: 12, height: 12, class: 'gm-missing' }));
    frame.appendChild(s('text', { x: lx + 16, y: M.top + lh + 22, class: 'plot-tick' }, legend.missing || ''));
    if (legend.label) frame.appendChild(s('text', { x: lx, y: M.top + rows * cell + 36, class: 'plot-tick' }, legend.label));
  }
}
