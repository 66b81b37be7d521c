// The joint-table part of the probability lesson as data: the player's
// steps, their formulas for the selected cell (i, j) with the core's numbers
// (lab.conditional, lab.matmul), and which cells of which table each step
// highlights (matrix-view mark()).
import { tex } from '../../util/format.js';

export const JSTEPS = ['joint', 'margX', 'margY', 'xGivenY', 'yGivenX', 'indep'];

const n = (x) => tex(x, 4);
const cut = (terms) => terms.join(' + ');
const txt = (s) => `\\text{${String(s).replace(/[\\{}$&#^_%~]/g, '')}}`;

export function computeJoint(lab, P) {
  const c = lab.conditional(P);
  const m = P.length, k = P[0].length;
  const product = lab.matmul(c.pX.map((x) => [x]), [c.pY]);  // P(X=i) P(Y=j)
  const gap = Math.max(...P.map((row, i) => lab.norm(lab.sub(row, product[i]), { p: Infinity })));
  return {
    P, ...c, product, gap,
    colSums: lab.matmul([Array(m).fill(1)], c.pXgivenY)[0],  // columns of P(X|Y)
    rowSums: lab.matmul(c.pYgivenX, Array.from({ length: k }, () => [1])).map((r) => r[0]),  // rows of P(Y|X)
  };
}

export function jointFormula(id, r, i, j, t) {
  const I = i + 1, J = j + 1;
  const pxy = `P(X{=}${I}, Y{=}${J})`;
  switch (id) {
    case 'joint':
      return `${pxy} = ${n(r.P[i][j])}, \\qquad \\sum_{i,j} P(X{=}i, Y{=}j) = 1`;
    case 'margX':
      return `P(X{=}${I}) = \\sum_j P(X{=}${I}, Y{=}j) = ${cut(r.P[i].map(n))} = ${n(r.pX[i])}`;
    case 'margY':
      return `P(Y{=}${J}) = \\sum_i P(X{=}i, Y{=}${J}) = ${cut(r.P.map((row) => n(row[j])))} = ${n(r.pY[j])}`;
    case 'xGivenY':
      if (!(r.pY[j] > 0)) return `P(X{=}${I} \\mid Y{=}${J}) = \\frac{${pxy}}{P(Y{=}${J})}: \\ ${txt(t('undefinedGiven', { e: `Y=${J}` }))}`;
      return `P(X{=}${I} \\mid Y{=}${J}) = \\frac{${pxy}}{P(Y{=}${J})} = \\frac{${n(r.P[i][j])}}{${n(r.pY[j])}} = ${n(r.pXgivenY[i][j])}`;
    case 'yGivenX':
      if (!(r.pX[i] > 0)) return `P(Y{=}${J} \\mid X{=}${I}) = \\frac{${pxy}}{P(X{=}${I})}: \\ ${txt(t('undefinedGiven', { e: `X=${I}` }))}`;
      return `P(Y{=}${J} \\mid X{=}${I}) = \\frac{${pxy}}{P(X{=}${I})} = \\frac{${n(r.P[i][j])}}{${n(r.pX[i])}} = ${n(r.pYgivenX[i][j])}`;
    case 'indep':
      return `P(X{=}${I})\\,P(Y{=}${J}) = ${n(r.pX[i])} \\cdot ${n(r.pY[j])} = ${n(r.product[i][j])} \\quad ${r.product[i][j] === r.P[i][j] ? '=' : '\\text{vs.}'} \\quad ${pxy} = ${n(r.P[i][j])}`;
    default:
      return '';
  }
}

// {viewName: highlight} for the step and the selected cell.
export function jointMarks(id, i, j) {
  const cell = { cells: [[i, j]] };
  switch (id) {
    case 'joint': return { joint: cell };
    case 'margX': return { joint: { rows: [i] }, pX: { cells: [[i, 0]] } };
    case 'margY': return { joint: { cols: [j] }, pY: { cells: [[0, j]] } };
    case 'xGivenY': return { joint: { cols: [j] }, pY: { cells: [[0, j]] }, pXgivenY: cell };
    case 'yGivenX': return { joint: { rows: [i] }, pX: { cells: [[i, 0]] }, pYgivenX: cell };
    case 'indep': return { joint: cell, pX: { cells: [[i, 0]] }, pY: { cells: [[0, j]] }, product: cell };
    default: return {};
  }
}
