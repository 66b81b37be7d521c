// The attention lesson's exercises (shared/exercises/ shows and checks them).
// make(rng, lab) draws the numbers from the exercise's seed and computes
// every expected answer, reveal and known mistake with the core
// (lab.attention, lab.matmul, lab.transpose), as the lesson does.
import { fmt, sub } from '../../util/format.js';
import { randomMatrix } from '../../util/random.js';
import { seeded } from '../shared/inputs.js';
import { approx, mat, num, rounded, vec } from '../shared/exercises/tex-numbers.js';
import { initialInputs, isNumbers } from './inputs.js';
import PARAMS from './params.js';

const f4 = (x) => approx(x, 4);
const DEFAULTS = Object.fromEntries(Object.entries(PARAMS.params).map(([k, p]) => [k, p.default]));

// A query direction that makes key k the clear winner among the keys K, and
// the length it needs for weight >= target (null if no candidate works).
function focusQuery(lab, K, k, target, dk) {
  const others = K.filter((_, j) => j !== k);
  const diff = others.map((kj) => K[k].map((x, d) => x - kj[d]));
  const mean = K[k].map((_, d) => others.reduce((a, kj) => a + kj[d], 0) / others.length);
  const cands = [K[k], K[k].map((x, d) => x - mean[d]), ...diff];
  let best = null;
  for (const c of cands) {
    const len = lab.norm(c);
    if (len < 1e-9) continue;
    const m = Math.min(...diff.map((dv) => lab.dot(dv, c) / len));
    if (!best || m > best.m) best = { m, u: c.map((x) => x / len) };
  }
  if (!best || best.m < 0.05) return null;
  const c = (Math.sqrt(dk) * Math.log((target / (1 - target)) * others.length)) / best.m + 0.5;
  const q = best.u.map((x) => Math.round(c * x * 10) / 10);
  return q.every((x) => Math.abs(x) <= 100) ? q : null;
}

export default [
  {
    id: 'mask-explain',
    kind: 'explain',
    at: 'pipeline',  // under the scores it masks: the player's sticky column is for the player
    make(rng, lab) {
      const Q = randomMatrix(rng, 3, 2), K = randomMatrix(rng, 3, 2), V = randomMatrix(rng, 3, 2);
      const r = lab.attention(Q, K, V, { causal: true });
      return {
        vars: {},
        tex: `\\begin{gathered} \\tilde S = ${mat(r.scaled, 3)} \\\\ \\alpha = ${mat(r.weights, 3)} \\end{gathered}`,
        choices: ['exact', 'zero', 'after', 'speed'], answer: 'exact',
        answerText: 'exact',
        solution: [
          `e^{-\\infty} = 0 \\;\\Rightarrow\\; \\alpha_{2} = \\frac{[\\,e^{${approx(r.scaled[1][0], 3)}},\\ e^{${approx(r.scaled[1][1], 3)}},\\ 0\\,]}{e^{${approx(r.scaled[1][0], 3)}} + e^{${approx(r.scaled[1][1], 3)}}} = ${vec(r.weights[1], 4)}`,
        ],
      };
    },
  },
  {
    id: 'weight-compute',
    kind: 'compute',
    at: 'pipeline',
    make(rng, lab) {
      let Q, K, i, j, r;
      do {
        Q = randomMatrix(rng, 3, 2); K = randomMatrix(rng, 3, 2);
        i = Math.floor(rng() * 3); j = Math.floor(rng() * 3);
        r = lab.attention(Q, K, K);
      } while (r.weights[i][j] < 0.05 || r.weights[i][j] > 0.95);
      const a = r.weights[i][j];
      const row = r.scaled[i];
      const mistakes = [
        { key: 'noScale', value: lab.attention(Q, K, K, { scale: 1 }).weights[i][j] },
        { key: 'byDk', value: lab.attention(Q, K, K, { scale: 1 / 2 }).weights[i][j] },
        { key: 'columns', value: lab.attention(K, Q, Q).weights[j][i] },
      ];
      return {
        vars: { i: sub(i + 1), j: sub(j + 1), ni: i + 1, nj: j + 1 },
        data: { Q, K, i, j }, shown: ['Q', 'K'],
        tex: `Q = ${mat(Q)},\\ K = ${mat(K)},\\ d_k = 2`,
        answer: a, digits: 2, mistakes,
        answerText: a.toFixed(4),
        solution: [
          `S_{${i + 1}\\cdot} = q_{${i + 1}} K^\\top = ${vec(r.scores[i].map((x) => rounded(x, 2)))},\\quad \\tilde S_{${i + 1}\\cdot} = \\frac{S_{${i + 1}\\cdot}}{\\sqrt 2} = ${vec(row, 4)}`,
          `\\alpha_{${i + 1}${j + 1}} = \\frac{e^{${f4(row[j])}}}{${row.map((x) => `e^{${f4(x)}}`).join(' + ')}} = ${f4(a)}`,
        ],
      };
    },
  },
  {
    id: 'output-compute',
    kind: 'compute',
    at: 'arith',
    make(rng, lab) {
      const Q = randomMatrix(rng, 3, 2), K = randomMatrix(rng, 3, 2), V = randomMatrix(rng, 3, 2);
      const i = Math.floor(rng() * 3);
      // The weights as shown (4 decimals); the answer is computed from them.
      const alpha = lab.attention(Q, K, V).weights.map((row) => row.map((x) => rounded(x, 4)));
      const out = lab.matmul(alpha, V)[i];
      const mistakes = [
        { key: 'column', value: lab.matmul(lab.transpose(alpha), V)[i] },
        { key: 'mean', value: lab.matmul([[1 / 3, 1 / 3, 1 / 3]], V)[0] },
        { key: 'own', value: V[i] },
      ];
      return {
        vars: { i: sub(i + 1), ni: i + 1 },
        data: { Q, K, V, i, alpha }, shown: ['alpha', 'V'],
        tex: `\\begin{gathered} \\alpha = ${mat(alpha)} \\\\ V = ${mat(V)} \\end{gathered}`,
        answer: out, digits: 2, mistakes,
        answerText: out.map((x) => x.toFixed(4)).join(', '),
        solution: [
          `\\text{out}_{${i + 1}} = \\sum_j \\alpha_{${i + 1}j}\\, v_j = ${alpha[i].map((a, j) => `${num(a)}\\,${vec(V[j])}`).join(' + ')}`,
          `= ${vec(out, 4)}`,
        ],
      };
    },
  },
  {
    id: 'focus-make',
    kind: 'make',
    at: 'heatmap',
    make(rng, lab) {
      const target = 0.9;
      const { n, dk } = DEFAULTS;
      const { Q, K, V } = seeded(DEFAULTS.seed, n, dk, DEFAULTS.dv);
      const w = lab.attention(Q, K, V).weights;
      // (query, key) pairs not reached by the default inputs, that a new query row can reach.
      const pairs = [];
      for (let i = 0; i < n; i++) for (let k = 0; k < n; k++) {
        if (w[i][k] >= target) continue;
        const q = focusQuery(lab, K, k, target, dk);
        if (!q) continue;
        const Q2 = Q.map((row, a) => (a === i ? q : row));
        if (lab.attention(Q2, K, V).weights[i][k] >= target) pairs.push({ i, k, Q2 });
      }
      const { i, k, Q2 } = pairs[Math.floor(rng() * pairs.length)];
      return {
        // n, dk, seed: the solution's q fits the Q that "numbers I type" opens with.
        vars: { i: sub(i + 1), k: sub(k + 1), ni: i + 1, nk: k + 1, target, n, dk, seed: DEFAULTS.seed },
        data: { i, k, target },
        answerText: `q${sub(i + 1)} = [${Q2[i].join(', ')}]`,
        example: { Q: Q2 },
        measure: (values, lab2) => {
          // The target is about the typed numbers (src = numbers), not the sentence.
          if (!isNumbers(values)) return { ok: false, text: `α${sub(i + 1)}${sub(k + 1)} = —` };
          const { Q: q, K: kk, V: v } = initialInputs(values);
          if (i >= values.n || k >= values.n) return { ok: false, text: `n = ${values.n}` };
          const a = lab2.attention(q, kk, v, { causal: values.causal }).weights[i][k];
          return { ok: a >= target, text: `α${sub(i + 1)}${sub(k + 1)} = ${a.toFixed(3)}` };
        },
        solution: [
          `\\alpha_{${i + 1}${k + 1}} \\ge ${target} \\iff q_{${i + 1}}\\cdot(k_{${k + 1}} - k_j) \\ ⟪largeForEvery⟫\\ j \\ne ${k + 1}`,
          `q_{${i + 1}} = ${vec(Q2[i])}:\\quad \\alpha_{${i + 1}\\cdot} = ${vec(lab.attention(Q2, K, V).weights[i], 3)}`,
        ],
      };
    },
  },
  {
    id: 'scale-predict',
    kind: 'predict',
    at: 'whyScale',
    make(rng, lab) {
      const dk = rng() < 0.5 ? 4 : 8;
      const seed = Math.floor(rng() * 1000);
      const i = Math.floor(rng() * 4);
      // The slip: no scaling at all (factor 1, sharper) or dividing by d_k
      // instead of its square root (factor 1/d_k, flatter).
      const c = rng() < 0.5 ? 1 : 1 / dk;
      const { Q, K, V } = seeded(seed, 4, dk, 2);
      const q = Q[i];
      const scaled = lab.attention([q], K, V).weights[0];
      const slip = lab.attention([q], K, V, { scale: c }).weights[0];
      const m1 = Math.max(...scaled), m0 = Math.max(...slip);
      const answer = m0 > m1 + 1e-12 ? 'sharper' : m0 < m1 - 1e-12 ? 'flatter' : 'same';
      const cTex = c === 1 ? '1' : `\\tfrac{1}{${dk}}`;
      return {
        vars: { dk, i: sub(i + 1), ni: i + 1, sq: fmt(Math.sqrt(dk), 3), c: c === 1 ? '1' : `1/${dk}` },
        data: { seed, dk, i, c, q, K }, shown: ['q', 'K'],
        tex: `\\begin{gathered} q_{${i + 1}} = ${vec(q)} \\\\ K = ${mat(K)} \\end{gathered}`,
        choices: ['sharper', 'flatter', 'same'], answer,
        answerText: `max α: ${m1.toFixed(4)} (1/√dₖ) → ${m0.toFixed(4)} (${c === 1 ? '1' : `1/${dk}`})`,
        reveal: `\\tfrac{1}{\\sqrt{${dk}}}:\\ \\alpha_{${i + 1}\\cdot} = ${vec(scaled, 3)},\\qquad ${cTex}:\\ \\alpha_{${i + 1}\\cdot} = ${vec(slip, 3)}`,
        solution: [
          `\\operatorname{softmax}\\big(${cTex}\\, S\\big) = \\operatorname{softmax}\\big(${c === 1 ? `\\sqrt{${dk}}` : `\\tfrac{1}{\\sqrt{${dk}}}`}\\cdot \\tfrac{S}{\\sqrt{${dk}}}\\big):\\ ⟪everyGap⟫\\ \\tilde S_{ij} - \\tilde S_{ik}\\ ⟪growsBy⟫\\ ${approx(c * Math.sqrt(dk), 4)}`,
          `\\max_j \\alpha_{${i + 1}j}:\\ ${f4(m1)} \\to ${f4(m0)}`,
        ],
      };
    },
  },
];
