// The walkthrough's formulas for a result (model.js attend): with its
// numbers up to 5 x 5, beyond that the shapes only.
import { matTex, vecTex, fmtTex } from '../shared/kit.js';

const SMALL = 5;
const R = (a, b) => `\\mathbb{R}^{${a}\\times ${b}}`;
const dims = ({ Q, K, V }) => ({ n: Q.length, dk: Q[0].length, m: K.length, dv: V[0].length });
export const isSmall = (res) => { const d = dims(res); return Math.max(d.n, d.m, d.dk, d.dv) <= SMALL; };

export function formulaScores(res) {
  const { n, dk, m } = dims(res);
  const lhs = res.scale === null ? `S = \\frac{QK^\\top}{\\sqrt{d_k}}` : `S = c\\,QK^\\top`;
  const mask = res.causal ? `,\\quad S_{ij} = -\\infty \\text{ for } j > i` : '';
  if (!isSmall(res))
    return `Q \\in ${R(n, dk)},\\; K \\in ${R(m, dk)} \\;\\Rightarrow\\; ${lhs} \\in ${R(n, m)}${mask}`;
  const factor = res.scale === null ? `\\frac{1}{\\sqrt{${dk}}}` : `${fmtTex(res.scale, 4)}\\cdot`;
  return `${lhs} = ${factor}${matTex(res.scores)} = ${matTex(res.scaled)}`;
}

export function formulaSoftmax(res) {
  const { n, m } = dims(res);
  const W = res.weights;
  const dev = Math.max(...W.map((row) => Math.abs(row.reduce((a, b) => a + b, 0) - 1)));
  const def = `A_{ij} = \\frac{e^{S_{ij}}}{\\sum_{l=1}^{${m}} e^{S_{il}}}`;
  const check = `\\max_i \\Bigl|\\textstyle\\sum_j A_{ij} - 1\\Bigr| = ${fmtTex(dev, 2)}`;
  if (!isSmall(res)) return `${def},\\quad A \\in ${R(n, m)},\\quad ${check}`;
  const sums = W.map((row) => [row.reduce((a, b) => a + b, 0)]);
  return `\\begin{gathered}${def},\\qquad A = ${matTex(W)},\\qquad \\textstyle\\sum_j A_{ij} = ${matTex(sums, 12)} \\\\ ${check}\\end{gathered}`;
}

export function formulaOutput(res) {
  const { n, dv } = dims(res);
  const { weights: W, V, output: O } = res;
  const def = `O = AV,\\quad o_i = \\sum_j A_{ij}\\, v_j`;
  if (!isSmall(res)) return `${def},\\quad O \\in ${R(n, dv)}`;
  const terms = V.map((v, j) => `${fmtTex(W[0][j])}\\,${vecTex(v)}`).join(' + ');
  return `\\begin{gathered}O = AV = ${matTex(W)}${matTex(V)} = ${matTex(O)} \\\\ o_1 = ${terms} = ${vecTex(O[0])}\\end{gathered}`;
}
