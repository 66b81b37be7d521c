// Shared by the graphs lesson's figures: how attention weights are drawn on
// a graph view (stroke widths) and what an edge's tooltip says.
import { fmt } from '../core/format.js';

export const MAX_HEADS_UI = 4;

// Stroke width (px) of an edge half carrying weight alpha in [0, 1].
export const alphaWidth = (alpha) => (alpha > 0 ? 0.8 + 9 * alpha : null);

// Tooltip of edge i-j (or the self loop i-i) under the weights `alpha`.
export const alphaTitle = (alpha) => (i, j) => (i === j
  ? `α${i + 1},${i + 1} = ${fmt(alpha[i][i], 3)}`
  : `α${i + 1},${j + 1} = ${fmt(alpha[i][j], 3)}   α${j + 1},${i + 1} = ${fmt(alpha[j][i], 3)}`);
