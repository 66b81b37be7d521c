// What the regression lesson computes with the core, from its parameters:
// the points (a link's invalid pts fall back to the default), the closed
// form (lab.leastSquares), gradient descent on (w, b) from (0, 0)
// (lab.optimize) and the map of L(w, b) around the optimum
// (lab.objective); for the query x, the kernel regression curve, the
// numbers of the walkthrough to attention (bridge.js) and the weights of a
// grid of queries (lab.kernelRegression).
import { gridPoints } from '../../plots/contour.js';
import { PRESETS, LO, HI, isValid, columns } from './data.js';
import { closedForm } from './fit.js';
import { bridgeNumbers } from './bridge.js';

const GD_GRID = 56;
export const CURVE = Array.from({ length: 201 }, (_, i) => LO + ((HI - LO) * i) / 200);  // queries for the fitted curve
const QUERY_GRID = Array.from({ length: 11 }, (_, i) => LO + i);                      // heatmap rows (plus x)

const leastSquares = (pts) => { const { X, y } = columns(pts); return { name: 'leastSquares', X, y }; };

// The square around the optimum (w*, b*) the map of L shows.
function around(cf) {
  const [ws, bs] = [cf.fit.w[0], cf.fit.b];
  const R = Math.max(Math.abs(ws), Math.abs(bs)) + 0.8;
  return { x: [ws - R, ws + R], y: [bs - R, bs + R] };
}

export const deriveRegression = (lab) => ({
  data: { from: ['pts'], compute: ({ pts }) => {
    if (isValid(pts)) return pts;
    console.warn('Attention Lab: URL parameter "pts" ignored (need 2 to 12 rows of x, y in [0, 10]); using the default.');
    return PRESETS.line.map((p) => p.slice());
  } },
  cf: { from: ['data'], compute: ({ data }) => closedForm(lab, data) },
  // Gradient descent needs the closed form (the excess loss, the optimum marked).
  run: { from: ['data', 'cf', 'lr', 'steps'], compute: ({ data, cf, lr, steps }) => (cf ? lab.optimize(leastSquares(data), [0, 0], { method: 'gd', lr, steps }) : null) },
  lossMap: { from: ['data', 'cf'], compute: ({ data, cf }) => {
    if (!cf) return null;
    const d = around(cf);
    return { d, n: GD_GRID, loss: lab.objective(leastSquares(data), gridPoints(d.x, d.y, GD_GRID, GD_GRID)).loss };
  } },
  curve: { from: ['data', 'kernel', 'bw'], compute: ({ data, kernel, bw }) => { const { x, y } = columns(data); return lab.kernelRegression(x, y, CURVE, { kernel, bandwidth: bw }); } },
  bridge: { from: ['data', 'xq', 'bw', 'kernel'], compute: ({ data, xq, bw, kernel }) => bridgeNumbers(lab, data, xq, bw, kernel) },
  // A grid of queries plus x itself, in increasing order.
  heat: { from: ['data', 'xq', 'bw', 'kernel'], compute: ({ data, xq, bw, kernel }) => {
    const { x, y } = columns(data);
    const queries = [...QUERY_GRID.filter((g) => Math.abs(g - xq) > 1e-9), xq].sort((p, q) => p - q);
    return { queries, row: queries.indexOf(xq), weights: lab.kernelRegression(x, y, queries, { kernel, bandwidth: bw }).weights };
  } },
});
