// Numbers in an exercise's TeX. What the learner computes from is written
// exactly (num, vec, mat with no digits: the shortest decimal that reads
// back as the same double), so an answer worked from the screen is the one
// graded; what the core computes from it is written to `digits`
// significant digits (vec(v, 4), mat(m, 3), approx(x)). An exercise lists
// the data it shows exactly in inst.shown; tests/js/exercises.test.mjs
// reads those numbers back from the rendered formula.
import { tex as fmtTex } from '../../../util/format.js';

// x exactly: 1.4 -> "1.4", -0.25 -> "-0.25", 1e-7 -> "1 \times 10^{-7}".
export function num(x) {
  if (!Number.isFinite(x)) return fmtTex(x);
  const m = /^(-?[\d.]+)e([+-]\d+)$/.exec(String(x));
  return m ? `${m[1]} \\times 10^{${Number(m[2])}}` : String(x);
}
export const approx = (x, digits = 4) => fmtTex(x, digits);
const cell = (x, digits) => (digits === undefined ? num(x) : approx(x, digits));
export const mat = (m, digits) => `\\begin{bmatrix}${m.map((r) => r.map((x) => cell(x, digits)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
export const vec = (v, digits) => mat([v], digits);

// x rounded to `decimals` decimals: a derived value shown to the learner as
// an input of the next step (the answer is then computed from this).
export const rounded = (x, decimals = 4) => Math.round(x * 10 ** decimals) / 10 ** decimals;
