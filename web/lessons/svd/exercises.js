// The svd lesson's exercises (shared/exercises/ shows and checks them).
// make(rng, lab) draws the numbers from the exercise's seed and computes
// every expected answer, reveal and known mistake with the core (lab.svd,
// lab.det, lab.lowRank, lab.lowRankAttention, lab.linformerAttention,
// lab.attention, lab.attentionCost), as the lesson does.
import { fmt, tex as fmtTex, sub } from '../../util/format.js';
import { approx, mat, num, rounded, vec } from '../shared/exercises/tex-numbers.js';
import { randomMatrix } from '../../util/random.js';
import { seeded } from '../shared/inputs.js';
import { gaussianProjection, poolingProjection } from './projections.js';
import PARAMS from './params.js';

const vecTex = (v, d = 4) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const matTex = (m, d = 3) => `\\begin{bmatrix}${m.map((r) => r.map((x) => fmtTex(x, d)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
const f4 = (x) => fmtTex(x, 4);
const DEFAULTS = Object.fromEntries(Object.entries(PARAMS.params).map(([k, p]) => [k, p.default]));

// Relative Frobenius errors ||A - A_r||_F / ||A||_F of the lesson's attention
// matrix A for r = 1..n (inputs drawn as the lesson draws them).
export function rankErrors(lab, { n, dk, dv, seed }) {
  const { Q, K, V } = seeded(seed, n, dk, dv);
  const A = lab.lowRankAttention(Q, K, V, { rank: 1 }).exactWeights;
  const total = lab.norm(A.flat());
  return Array.from({ length: n }, (_, r) => lab.lowRank(A, r + 1).errorFro / total);
}

export default [
  {
    id: 'sigma2-compute',
    kind: 'compute',
    at: 'circle',
    make(rng, lab) {
      let M, det;
      do { M = randomMatrix(rng, 2, 2); det = lab.det(M); } while (Math.abs(det) < 0.3 || lab.svd(M).S[0] - lab.svd(M).S[1] < 0.2);
      const { S } = lab.svd(M);
      // sigma_1 as shown (4 decimals): the answer |det M| / sigma_1 is computed from it.
      const s1 = rounded(S[0], 4);
      const answer = Math.abs(det) / s1;
      const par = (x) => (x < 0 ? `(${num(x)})` : num(x));
      const mistakes = [
        { key: 'noAbs', value: det / s1 },
        { key: 'detOnly', value: Math.abs(det) },
        { key: 'noSquares', value: lab.norm(M.flat()) - s1 },
      ];
      return {
        vars: {},
        data: { M, s1 }, shown: ['M', 's1'],
        tex: `M = ${mat(M)},\\quad \\sigma_1 = ${num(s1)}`,
        answer, digits: 2, mistakes,
        answerText: answer.toFixed(4),
        solution: [
          `\\sigma_1\\sigma_2 = |\\det M| = |${par(M[0][0])} \\cdot ${par(M[1][1])} - ${par(M[0][1])} \\cdot ${par(M[1][0])}| = ${f4(Math.abs(det))}`,
          `\\sigma_2 = \\frac{|\\det M|}{\\sigma_1} = \\frac{${f4(Math.abs(det))}}{${num(s1)}} = ${f4(answer)}`,
          `⟪check⟫\\ \\sigma_1^2 + \\sigma_2^2 = ${f4(S[0] ** 2 + S[1] ** 2)} = \\|M\\|_F^2 = ${f4(lab.norm(M.flat()) ** 2)}`,
        ],
      };
    },
  },
  {
    id: 'ey-compute',
    kind: 'compute',
    at: 'eckart',
    make(rng, lab) {
      const A = randomMatrix(rng, 4, 4);
      const r = rng() < 0.5 ? 1 : 2;
      // sigma as shown (4 decimals): the answer and the mistakes are computed from it.
      const S = lab.svd(A).S.map((x) => rounded(x, 4));
      const dropped = S.slice(r);
      const answer = lab.norm(dropped);
      const mistakes = [
        { key: 'spectral', value: dropped[0] },
        { key: 'noSqrt', value: answer ** 2 },
        { key: 'noSquares', value: dropped.reduce((a, b) => a + b, 0) },
        { key: 'kept', value: lab.norm(S.slice(0, r)) },
      ];
      return {
        vars: { r, r1: sub(r + 1) },
        data: { A, r, S }, shown: ['A', 'S'],
        tex: `\\begin{gathered} A = ${mat(A)} \\\\ \\sigma = ${vec(S)} \\end{gathered}`,
        answer, digits: 2, mistakes,
        answerText: answer.toFixed(4),
        solution: [
          `\\|A - A_{${r}}\\|_F = \\sqrt{${dropped.map((_, i) => `\\sigma_{${r + i + 1}}^2`).join(' + ')}} = \\sqrt{${dropped.map((x) => `${num(x)}^2`).join(' + ')}} = ${f4(answer)}`,
        ],
      };
    },
  },
  {
    id: 'rank-make',
    kind: 'make',
    at: 'lowrank',
    make(rng, lab) {
      const errs = rankErrors(lab, DEFAULTS);
      const smallest = (target, e) => e.findIndex((x) => x < target) + 1;
      // Targets whose smallest rank, for the default inputs, is not the default r.
      const targets = [0.3, 0.2, 0.1, 0.05, 0.02, 0.01].filter((x) => smallest(x, errs) > DEFAULTS.r);
      const target = targets[Math.floor(rng() * targets.length)];
      const r0 = smallest(target, errs);
      const pct = Math.round(target * 100);
      return {
        vars: { pct },
        data: { target },
        answerVars: { r: r0, n: DEFAULTS.n, seed: DEFAULTS.seed },
        example: { r: r0 },
        measure: (values, lab2) => {
          const e = rankErrors(lab2, values);
          const r = Math.min(values.r, values.n);
          const best = smallest(target, e);
          return { ok: r === best, text: `r = ${r}: ‖A − Aᵣ‖_F / ‖A‖_F = ${fmt(100 * e[r - 1], 3)} %` };
        },
        solution: [
          `\\frac{\\|A - A_r\\|_F}{\\|A\\|_F} = \\sqrt{\\frac{\\sum_{i>r} \\sigma_i^2}{\\sum_i \\sigma_i^2}}:\\quad ${errs.map((x, i) => `r = ${i + 1}:\\ ${fmtTex(100 * x, 3)}\\,\\%`).join(',\\ ')}`,
          `\\Rightarrow\\ r = ${r0}\\quad (n = ${DEFAULTS.n},\\ ⟪seed⟫\\ ${DEFAULTS.seed})`,
        ],
      };
    },
  },
  {
    id: 'cost-explain',
    kind: 'explain',
    at: 'honest',
    make(rng, lab) {
      const n = [1024, 4096, 16384][Math.floor(rng() * 3)];
      const d = 64;
      const full = lab.attentionCost(n, d, { kind: 'full' });
      return {
        vars: { n },
        // Three rows: the count on a row of its own fits a phone (360 px).
        tex: `\\begin{gathered} n = ${n},\\ d_k = ${d},\\ A \\in \\mathbb{R}^{${n}\\times${n}} \\\\ ⟪flops⟫(\\operatorname{softmax}(QK^\\top/\\sqrt{d_k})V) \\\\ = ${fmtTex(full.flops, 3)} \\end{gathered}`,
        choices: ['formsA', 'fewer', 'exact', 'softmax'], answer: 'formsA',
        answerText: 'formsA',
        data: { n },
        solution: [
          `\\begin{gathered} A = \\operatorname{softmax}(QK^\\top/\\sqrt{d_k}) \\\\ (${n}^2\\ ⟪entries⟫) \\;\\to\\; \\operatorname{svd}(A) \\\\ \\to\\; A_r = U_r \\Sigma_r V_r^\\top \\;\\to\\; A_r V \\end{gathered}`,
        ],
      };
    },
  },
  {
    id: 'lin-predict',
    kind: 'predict',
    at: 'linformer',
    make(rng, lab) {
      const n = 3 + Math.floor(rng() * 3);
      const seed = Math.floor(rng() * 1000);
      const kind = rng() < 0.5 ? 'pool' : 'random';
      const { Q, K, V } = seeded(seed, n, 3, 2);
      const ex = lab.attention(Q, K, V);
      const rel = (k2) => {
        const [E, F] = k2 === 'pool' ? [poolingProjection(n, n), poolingProjection(n, n)] : [gaussianProjection(seed + 101, n, n), gaussianProjection(seed + 202, n, n)];
        const lin = lab.linformerAttention(Q, K, V, E, F);
        return lab.norm(lab.sub(lin.output.flat(), ex.output.flat())) / lab.norm(ex.output.flat());
      };
      const e = rel(kind);
      const Em = kind === 'pool' ? poolingProjection(n, n) : gaussianProjection(seed + 101, n, n);
      const answer = e < 1e-9 ? 'exact' : 'approx';
      return {
        vars: { n },
        data: { n, seed, kind },
        tex: `\\begin{gathered} k = n = ${n} \\\\ E = ${mat(Em, 3)} \\end{gathered}`,
        choices: ['exact', 'approx', 'error'], answer,
        answerText: `${answer}: ${fmt(100 * e, 3)} %`,
        reveal: `\\frac{\\|\\text{Linformer} - ⟪exact⟫\\|_F}{\\|⟪exact⟫\\|_F} = ${fmtTex(100 * e, 3)}\\,\\%\\quad (k = n = ${n})`,
        solution: [
          kind === 'pool'
            ? `k = n:\\ E = F = I_{${n}} \\;\\Rightarrow\\; EK = K,\\ FV = V \\;\\Rightarrow\\; ⟪exact⟫`
            : `\\begin{gathered} E K = \\textstyle\\sum_j E_{\\cdot j} k_j:\\ ⟪mixesAll⟫\\ ${n}\\ ⟪keys⟫ \\\\ \\operatorname{softmax}(Q(EK)^\\top/\\sqrt{d_k})\\,FV \\\\ \\ne \\operatorname{softmax}(QK^\\top/\\sqrt{d_k})\\,V \\end{gathered}`,
        ],
      };
    },
  },
];
