// A matrix as an accessible table: caption, row/column headers, cells
// coloured by value, cells that can be highlighted, and focus/hover on a
// cell reporting (i, j) so a lesson can write out that cell's arithmetic.
import { h, morph } from '../ui/dom.js';
import { rich } from '../math/rich-text.js';
import { fmt } from '../util/format.js';
import { setWeightVars, setSignedVars } from './colors.js';

export function createMatrixView({ caption, rowLabel = (i) => String(i + 1), colLabel = (j) => String(j + 1),
  color = 'signed', digits = 3, onCell, name } = {}) {
  const table = h('table', { class: 'matrix' });
  const wrap = h('div', { class: 'matrix-wrap', dataset: { name: name || '' } }, table);
  let data = [];
  let cells = [];

  // One listener pair on the table (not per cell): set() merges a fresh
  // table into the shown one (morph), so a cell that keeps its place keeps
  // its node, its focus and its scroll position.
  if (onCell) {
    let hovered = null;
    const cellOf = (e) => {
      const td = e.target.closest && e.target.closest('td[data-i]');
      return td && table.contains(td) ? td : null;
    };
    const report = (td) => { if (td) onCell(Number(td.dataset.i), Number(td.dataset.j)); };
    table.addEventListener('focusin', (e) => report(cellOf(e)));
    table.addEventListener('mouseover', (e) => { const td = cellOf(e); if (td !== hovered) report(hovered = td); });
    table.addEventListener('mouseleave', () => { hovered = null; });
  }

  function set(m, { highlight } = {}) {
    data = m;
    const out = document.createDocumentFragment();
    out.appendChild(h('caption', {}, rich(caption || '')));
    const cols = m.length ? m[0].length : 0;
    const head = h('tr', {}, h('td', { class: 'corner' }));
    for (let j = 0; j < cols; j++) head.appendChild(h('th', { scope: 'col' }, colLabel(j)));
    out.appendChild(h('thead', {}, head));
    let lim = 0;
    for (const row of m) for (const x of row) if (Number.isFinite(x)) lim = Math.max(lim, Math.abs(x));
    const body = h('tbody');
    m.forEach((row, i) => {
      const tr = h('tr', {}, h('th', { scope: 'row' }, rowLabel(i)));
      row.forEach((x, j) => {
        const td = h('td', { dataset: { i: String(i), j: String(j) } }, fmt(x, digits));
        // A colour for each theme (.w-cell, .s-cell in heatmap.css pick one).
        if (color === 'weights' && Number.isFinite(x)) setWeightVars(td, x).classList.add('w-cell');
        if (color === 'signed' && setSignedVars(td, x, lim)) td.classList.add('s-cell');
        if (!Number.isFinite(x)) td.classList.add('nonfinite');
        if (onCell) td.tabIndex = 0;
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    out.appendChild(body);
    morph(table, out);
    cells = [...table.tBodies[0].rows].map((tr) => [...tr.querySelectorAll('td')]);
    if (highlight) mark(highlight);
  }

  // highlight: {rows: [i], cols: [j], cells: [[i, j]]} or null.
  function mark(hl) {
    cells.forEach((row, i) => row.forEach((td, j) => {
      const on = hl && ((hl.rows || []).includes(i) || (hl.cols || []).includes(j) ||
        (hl.cells || []).some(([a, b]) => a === i && b === j));
      td.classList.toggle('hl', !!on);
    }));
  }

  return { el: wrap, set, mark, get data() { return data; } };
}
