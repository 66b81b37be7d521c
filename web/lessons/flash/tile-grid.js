// The N x N score matrix cut into B_r x B_c tiles, drawn in SVG: tiles
// already computed, the one being computed, tiles a causal mask skips, and
// those still to come; the traced query block outlined. Only attributes
// (the page's CSP forbids inline styles).
import { h } from '../../ui/dom.js';
import { s, pool, attrs } from '../../plots/svg.js';
import { createDataTable } from '../../plots/data-table.js';

// head: the data table's column names; stateName(state): a tile's state in words.
export function createTileGrid({ ariaLabel, rowsLabel, colsLabel, head, stateName }) {
  const svg = s('svg', { class: 'fl-grid', role: 'img', 'aria-label': ariaLabel });
  const cells = s('path', { class: 'fl-cells' });
  const tilesG = s('g');
  const trace = s('rect', { class: 'fl-trace' });
  const yLab = s('text', { class: 'fl-axis', 'text-anchor': 'middle' }, rowsLabel);
  const xLab = s('text', { class: 'fl-axis', 'text-anchor': 'middle' }, colsLabel);
  svg.append(tilesG, cells, trace, yLab, xLab);
  const caption = h('figcaption', { class: 'note', 'aria-live': 'polite' });
  const data = createDataTable();
  const el = h('figure', { class: 'figure fl-grid-figure' }, svg, caption, data.el);

  // tiles: [{rowBlock, colBlock, skipped}] in execution order; done: how
  // many have run; traced: the outlined row block.
  function set({ n, br, bc, tiles, done, traced, text }) {
    const stateOf = (tile, k) => (tile.skipped ? 'skip' : k < done - 1 ? 'done' : k === done - 1 ? 'now' : 'todo');
    // 294 user units wide: at 11 px text (figure-fit.js) it fits a phone's 305 px column.
    const side = 270, cell = side / n, pad = 22;
    attrs(svg, { viewBox: `0 0 ${side + pad + 2} ${side + pad + 2}` });
    const at = (i) => pad + i * cell;
    let d = '';
    for (let i = 0; i <= n; i++) d += `M${at(0)} ${at(i)}H${at(n)}M${at(i)} ${at(0)}V${at(n)}`;
    attrs(cells, { d });
    const rects = pool(tilesG, tiles.length, 'rect');
    tiles.forEach((tile, k) => {
      const state = `fl-${stateOf(tile, k)}`;
      const r0 = tile.rowBlock * br, c0 = tile.colBlock * bc;
      attrs(rects[k], { x: at(c0), y: at(r0), width: Math.min(bc, n - c0) * cell, height: Math.min(br, n - r0) * cell,
        class: `fl-tile ${state}${k < done && tile.skipped ? ' fl-skip-done' : ''}` });
    });
    const t0 = traced * br;
    attrs(trace, { x: at(0) - 3, y: at(t0) - 1, width: n * cell + 6, height: Math.min(br, n - t0) * cell + 2 });
    attrs(yLab, { x: 12, y: at(n / 2), transform: `rotate(-90 12 ${at(n / 2)})` });
    attrs(xLab, { x: at(n / 2), y: 12 });
    caption.textContent = text;
    data.set([{ caption: ariaLabel, head, rows: tiles.map((tile, k) => [String(k + 1), String(tile.rowBlock + 1), String(tile.colBlock + 1), stateName(stateOf(tile, k))]) }]);
  }
  return { el, set };
}
