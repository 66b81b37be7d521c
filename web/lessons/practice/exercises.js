// The practice lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer, reveal and known mistake with the core
// (lab.attention, lab.softmax), as the lesson does.
import { tex as fmtTex, sub } from '../../util/format.js';
import PARAMS from './params.js';

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const int = (rng, lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
const num = (x) => String(Math.round(x * 1e6) / 1e6);
// Inputs written as they are, computed values to d significant digits.
const matTex = (m, d) => `\\begin{bmatrix}${m.map((r) => r.map((x) => (d === undefined ? num(x) : fmtTex(x, d))).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
const vecTex = (v, d) => matTex([v], d);
const r4 = (x) => fmtTex(x, 4);
const intMatrix = (rng, r, c, lo, hi) => Array.from({ length: r }, () => Array.from({ length: c }, () => int(rng, lo, hi)));
const optionsOf = (values) => ({ ...(values.causal ? { causal: true } : {}), ...(values.scale ? { scale: values.scale } : {}) });

export default [
  {
    id: 'focus-make',
    kind: 'make',
    at: 'inputs',
    make(rng, lab) {
      const K = PARAMS.params.K.default, V = PARAMS.params.V.default;
      const k = int(rng, 1, K.length);
      const target = pick(rng, [0.8, 0.9, 0.95]);
      // The teacher's example: query 1 along key k, away from the others,
      // scaled up until the weight reaches the target.
      const mean = K[0].map((_, c) => K.reduce((a, row, j) => a + (j === k - 1 ? 0 : row[c]), 0) / (K.length - 1));
      const dir = K[k - 1].map((x, c) => x - mean[c]);
      const Q0 = PARAMS.params.Q.default;
      let s = 1;
      const weight = (Q) => lab.attention(Q, K, V).weights[0][k - 1];
      while (weight([dir.map((x) => s * x), ...Q0.slice(1)]) < target) s += 1;
      const example = { Q: [dir.map((x) => s * x), ...Q0.slice(1)], K, V };
      return {
        vars: { k, ks: sub(k), target },
        data: { k, target },
        example,
        measure: (values, l) => {
          const w = l.attention(values.Q, values.K, values.V, optionsOf(values)).weights[0];
          return { ok: k <= w.length && w[k - 1] >= target, text: `A${sub(1)}${sub(k)} = ${k <= w.length ? w[k - 1].toFixed(3) : '—'}` };
        },
        answerText: `Q₁ = [${example.Q[0].join(', ')}]: A₁${sub(k)} = ${weight(example.Q).toFixed(3)}`,
        solution: [
          `q_1 = ${vecTex(example.Q[0])}`,
          `q_1 K^\\top / \\sqrt{${K[0].length}} = ${vecTex(lab.attention(example.Q, K, V).scaled[0], 3)}`,
          `A_{1${k}} = ${r4(weight(example.Q))} \\ge ${target}`,
        ],
      };
    },
  },
  {
    id: 'scale-predict',
    kind: 'predict',
    at: 'scale',
    make(rng, lab) {
      const dk = pick(rng, [2, 4]);
      let Q, K;
      do {
        Q = intMatrix(rng, 1, dk, -2, 2);
        K = intMatrix(rng, 3, dk, -2, 2);
      } while (new Set(lab.attention(Q, K, K).scores[0]).size < 3);
      const c0 = 1 / Math.sqrt(dk);
      const c = pick(rng, [0.1, 0.2, 1.5, 2]);
      const before = lab.attention(Q, K, K).weights[0], after = lab.attention(Q, K, K, { scale: c }).weights[0];
      const answer = Math.max(...after) > Math.max(...before) ? 'sharper' : 'flatter';
      return {
        vars: { c, dk },
        data: { Q, K, c },
        tex: `\\begin{gathered}q_1 = ${vecTex(Q[0])} \\\\ K = ${matTex(K)}\\end{gathered}`,
        choices: ['sharper', 'flatter', 'same'], answer,
        answerText: `${answer}: max A₁ⱼ ${Math.max(...before).toFixed(4)} → ${Math.max(...after).toFixed(4)}`,
        reveal: `\\begin{gathered}c = \\tfrac{1}{\\sqrt{${dk}}}:\\ A_1 = ${vecTex(before, 3)} \\\\ c = ${c}:\\ A_1 = ${vecTex(after, 3)}\\end{gathered}`,
        solution: [
          `q_1 K^\\top = ${vecTex(lab.attention(Q, K, K).scores[0])}`,
          `c = ${c} \\;${c > c0 ? '>' : '<'}\\; \\tfrac{1}{\\sqrt{${dk}}} = ${r4(c0)}`,
          `\\frac{A_{1i}}{A_{1j}} = e^{\\,c\\,(s_i - s_j)}`,
        ],
      };
    },
  },
  {
    id: 'weight-compute',
    kind: 'compute',
    at: 'results',
    make(rng, lab) {
      let Q, K, r, i, j;
      do {
        Q = intMatrix(rng, 3, 2, -2, 2);
        K = intMatrix(rng, 3, 2, -2, 2);
        r = lab.attention(Q, K, K);
        i = int(rng, 0, 2);
        j = int(rng, 0, 2);
      } while (i === j || Math.abs(r.weights[i][j] - r.weights[j][i]) < 0.02);
      const answer = r.weights[i][j];
      const noScale = lab.attention(Q, K, K, { scale: 1 }).weights[i][j];
      const row = r.scaled[i];
      const exps = row.map((x) => Math.exp(x));
      return {
        vars: { i: sub(i + 1), j: sub(j + 1), n: i + 1, m: j + 1 },
        data: { Q, K, i, j }, shown: ['Q', 'K'],
        tex: `Q = ${matTex(Q)},\\quad K = ${matTex(K)}`,
        answer, digits: 3,
        mistakes: [
          { key: 'noScale', value: noScale },
          { key: 'swapped', value: r.weights[j][i] },
          { key: 'column', value: lab.softmax(r.scaled.map((rw) => rw[j]))[i] },
        ],
        answerText: answer.toFixed(4),
        solution: [
          `q_{${i + 1}} K^\\top = ${vecTex(r.scores[i])}`,
          `\\frac{q_{${i + 1}} K^\\top}{\\sqrt 2} = ${vecTex(row, 4)}`,
          `A_{${i + 1}${j + 1}} = \\frac{e^{${r4(row[j])}}}{${row.map((x) => `e^{${r4(x)}}`).join(' + ')}}`,
          `= \\frac{${r4(exps[j])}}{${exps.map((x) => r4(x)).join(' + ')}} = ${r4(answer)}`,
        ],
      };
    },
  },
  {
    id: 'axis-explain',
    kind: 'explain',
    at: 'numpy',
    make(rng, lab) {
      const S = intMatrix(rng, 2, 3, -3, 3).map((row) => row.map((x) => x / 2));
      const flat = lab.softmax(S.flat());
      const wrong = [flat.slice(0, 3), flat.slice(3)];
      const sums = wrong.map((row) => row.reduce((a, b) => a + b, 0));
      return {
        vars: {},
        data: { S },
        tex: `\\begin{gathered}S = ${matTex(S)} \\\\ \\frac{e^{S_{ij}}}{\\sum_{k,l} e^{S_{kl}}} = ${matTex(wrong, 3)} \\\\ \\textstyle\\sum_j:\\ ${fmtTex(sums[0], 3)},\\ ${fmtTex(sums[1], 3)}\\end{gathered}`,
        choices: ['total', 'error', 'same', 'columns'], answer: 'total',
        answerText: 'total',
        solution: [`\\frac{e^{S_{ij}}}{\\sum_{k,l} e^{S_{kl}}} \\ne \\frac{e^{S_{ij}}}{\\sum_{l} e^{S_{il}}}`, `\\textstyle\\sum_j:\\ ${fmtTex(sums[0], 3)},\\ ${fmtTex(sums[1], 3)} \\ne 1`],
      };
    },
  },
  {
    id: 'output-compute',
    kind: 'compute',
    at: 'steps',
    make(rng, lab) {
      let Q, K, r;
      do {
        Q = intMatrix(rng, 2, 2, -2, 2);
        K = intMatrix(rng, 3, 2, -2, 2);
        r = lab.attention(Q, K, K);
      } while (Math.max(...r.weights[0]) > 0.8 || Math.min(...r.weights[0]) < 0.05 || Math.max(...r.weights[0]) - Math.min(...r.weights[0]) < 0.25 || Math.abs(r.weights[0][0] - r.weights[1][0]) < 0.05);
      let V;
      do V = intMatrix(rng, 3, 2, -3, 5); while (V.every((row) => row[0] === row[1]));
      const A = r.weights.map((row) => row.map((x) => Math.round(x * 100) / 100));
      // The weights shown are rounded to 2 decimals (rows still sum to 1 within 0.01);
      // the answer is what the core computes from them.
      // The largest entry of each row absorbs the rounding, so that rows sum to 1.
      const Ause = A.map((row) => {
        const big = row.indexOf(Math.max(...row));
        return row.map((x, j) => (j === big ? Math.round((1 - row.reduce((a, y, l) => a + (l === big ? 0 : y), 0)) * 100) / 100 : x));
      });
      const out = lab.matmul(Ause, V);
      const answer = out[0];
      const mean = V[0].map((_, c) => (V[0][c] + V[1][c] + V[2][c]) / 3);
      return {
        vars: {},
        data: { A: Ause, V }, shown: ['A', 'V'],
        tex: `A = ${matTex(Ause)},\\ \\ V = ${matTex(V)}`,
        answer, digits: 2,
        mistakes: [
          { key: 'unweighted', value: mean },
          { key: 'secondRow', value: out[1] },
        ],
        answerText: answer.map((x) => x.toFixed(3)).join(', '),
        solution: [
          ...answer.flatMap((o, c) => [`o_{1,${c + 1}} = ${Ause[0].map((a, j) => `${num(a)} \\cdot ${V[j][c] < 0 ? `(${V[j][c]})` : V[j][c]}`).join(' + ')}`, `= ${num(o)}`]),
        ],
      };
    },
  },
];
