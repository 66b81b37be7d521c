// The circuits lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer with the core (lab.headScores, lab.dot).
import { num, vec } from '../shared/exercises/tex-numbers.js';
import { tokenName } from './setting.js';

// A causal attention pattern: row i spreads over keys 0..i, two decimals,
// summing to exactly 1 (the last key takes the rest).
function pattern(rng, n) {
  return Array.from({ length: n }, (_, i) => {
    if (i === 0) return [1, ...Array(n - 1).fill(0)];
    const w = Array.from({ length: i + 1 }, () => 0.2 + rng());
    const s = w.reduce((a, b) => a + b, 0);
    const row = w.map((x) => Math.round((100 * x) / s) / 100);
    row[i] = Math.round(100 * (1 - row.slice(0, i).reduce((a, b) => a + b, 0))) / 100;
    return [...row, ...Array(n - 1 - i).fill(0)];
  }).map((row) => row.map((x) => Math.max(0, x)));
}
const mat = (A) => `\\begin{bmatrix}${A.map((row) => row.map((x) => num(x)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;

export default [
  {
    id: 'prev-compute',
    kind: 'compute',
    at: 'heads',
    make(rng, lab) {
      const A = pattern(rng, 4);
      const tokens = [0, 1, 2, 3];
      const answer = lab.headScores([tokens], [[[A]]]).previousToken[0][0];
      const sub = [A[1][0], A[2][1], A[3][2]];
      return {
        vars: {},
        data: { A }, shown: ['A'],
        tex: `A = ${mat(A)}`,
        answer, digits: 3,
        mistakes: [{ key: 'sum', value: sub.reduce((a, b) => a + b, 0) }, { key: 'diagonal', value: (A[1][1] + A[2][2] + A[3][3]) / 3 }]
          .filter((m) => Math.abs(m.value - answer) > 0.01),
        answerText: answer.toFixed(4),
        solution: [`\\tfrac{1}{3}\\big(A_{2,1} + A_{3,2} + A_{4,3}\\big) = \\tfrac{1}{3}\\big(${sub.map((x) => num(x)).join(' + ')}\\big) = ${num(Math.round(answer * 1e4) / 1e4)}`],
      };
    },
  },
  {
    id: 'prefix-compute',
    kind: 'compute',
    at: 'heads',
    make(rng, lab) {
      // Six tokens whose last one appeared once before, not at the start: one key j with t_{j-1} = t_i.
      for (;;) {
        const x = Array.from({ length: 6 }, () => Math.floor(rng() * 4));
        const i = 5;
        const keys = x.map((_, j) => (j >= 1 && j <= i && x[j - 1] === x[i] ? 1 : 0));
        const count = keys.reduce((a, b) => a + b, 0);
        if (count !== 1 || x[i - 1] === x[i]) continue;
        const row = pattern(rng, 6)[i];
        const answer = lab.dot(row, keys);
        const j = keys.indexOf(1);
        const names = x.map(tokenName);
        return {
          vars: { tokens: names.join(' '), token: names[i] },
          data: { row }, shown: ['row'],
          tex: `A_{6,\\cdot} = ${vec(row)}`,
          answer, digits: 2,
          mistakes: [{ key: 'same', value: lab.dot(row, x.map((t, k) => (k < i && t === x[i] ? 1 : 0))) }].filter((m) => Math.abs(m.value - answer) > 0.02),
          answerText: answer.toFixed(2),
          solution: [`t_{${j}} = t_6 = \\text{${names[i]}} \\;\\Rightarrow\\; A_{6,${j + 1}} = ${num(answer)}`],
        };
      }
    },
  },
  {
    id: 'layer-explain',
    kind: 'explain',
    at: 'circuit',
    make() {
      return {
        vars: {},
        data: {},
        tex: 'x^{(1)}_j = x^{(0)}_j + \\sum_h A^{(1,h)}_{j,\\cdot}\\, x^{(0)} W_V W_O',
        choices: ['first', 'second', 'both', 'neither'], answer: 'first',
        answerText: 'first',
        solution: ['k^{(2)}_j = x^{(1)}_j W_K \\ni e_{t_{j-1}} W_V W_O W_K'],
      };
    },
  },
  {
    id: 'one-layer-explain',
    kind: 'explain',
    at: 'compose',
    make() {
      return {
        vars: {},
        data: {},
        tex: 'k_j = (e_{t_j} + p_j)\\, W_K',
        choices: ['keys', 'size', 'sharp', 'positions'], answer: 'keys',
        answerText: 'keys',
        solution: ['q_i \\cdot k_j = (e_{t_i} + p_i) W_Q W_K^{\\top} (e_{t_j} + p_j)^{\\top}'],
      };
    },
  },
];
