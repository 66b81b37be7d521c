// Shared by the graphs lesson's figures: how attention weights are drawn on
// a graph view (stroke widths) and what an edge's tooltip says.
import { fmt } from '../../util/format.js';
import { nextFrame } from '../../layout/frames.js';
import { attrs } from '../../plots/svg.js';

export const MAX_HEADS_UI = 4;

// Stroke width (px) of an edge half carrying weight alpha in [0, 1].
export const alphaWidth = (alpha) => (alpha > 0 ? 1 + 11 * alpha : null);

// Tooltip of edge i-j (or the self loop i-i) under the weights `alpha`.
export const alphaTitle = (alpha) => (i, j) => (i === j
  ? `α${i + 1},${i + 1} = ${fmt(alpha[i][i], 3)}`
  : `α${i + 1},${j + 1} = ${fmt(alpha[i][j], 3)}   α${j + 1},${i + 1} = ${fmt(alpha[j][i], 3)}`);

// Outlines row i of a heatmap drawn by plots/heatmap.js without redrawing
// it (a redraw of a 40 x 40 map costs far more): its cells are the
// rect.hm-cell elements, row by row, so cell (r, c) is number r * cols + c.
export function markHeatmapRow(heatmap, rows, cols, i) {
  const cells = heatmap.svg.querySelectorAll('rect.hm-cell');
  if (cells.length !== rows * cols) return;
  cells.forEach((rect, k) => rect.classList.toggle('hl', Math.floor(k / cols) === i));
}

// A key for "the same inputs": recompute and redraw only when it changes.
export const sameKey = (...parts) => JSON.stringify(parts);

// A box whose content may scroll (big matrices): when it does, it becomes
// a tab stop (keyboard users scroll it with the arrow keys) named after the
// table inside it; when it does not, it stays out of the tab order.
// Checked before the next frame, not at once: reading the boxes' sizes in
// the middle of an update forced a layout of its own (~5 ms of each move
// of the graphs lesson's slider), which the frame then redid.
const toMark = new Set();
export function markScrollable(boxes) {
  for (const box of boxes) toMark.add(box);
  nextFrame(markNow);
}
function markNow() {
  const boxes = [...toMark];
  toMark.clear();
  for (const box of boxes) {
    if (!box.isConnected) continue;
    const scrolls = box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
    const cap = box.querySelector('caption');
    attrs(box, scrolls ? { tabindex: '0', role: 'region', 'aria-label': cap ? cap.textContent : '' }
      : { tabindex: null, role: null, 'aria-label': null });
  }
}

// Light sign tints for a matrix view drawn with color 'none': the cells of
// positive entries get class gr-pos, negative ones gr-neg (the colours are
// in style.css, for both themes, with the text in --ink, so that every
// cell keeps a readable contrast whatever the values).
export function tintSigned(view) {
  const m = view.data;
  for (const td of view.el.querySelectorAll('td[data-i]')) {
    const x = m[Number(td.dataset.i)][Number(td.dataset.j)];
    td.classList.toggle('gr-pos', x > 0);
    td.classList.toggle('gr-neg', x < 0);
  }
}

// The core's messages count nodes from 0 ("node 2 is isolated"), the page
// from 1: after a failed guard(), add a sentence that translates the index.
export function explainIndex(slot, t) {
  if (slot.hidden) return;
  const m = /\b(?:node|row) (\d+)\b/.exec(slot.textContent);
  if (m) slot.textContent += ` ${t('zeroBased', { k: m[1], k1: Number(m[1]) + 1 })}`;
}
