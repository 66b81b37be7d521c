// The graphs lesson's exercises (shared/exercises/ shows and checks them).
// make(rng, lab) draws the numbers from the exercise's seed and computes
// every expected answer, reveal and known mistake with the core
// (lab.laplacian, lab.degreeMatrix, lab.laplacianEigenvalues,
// lab.connectedComponents, lab.gat, lab.selfAttention), as the lesson does.
import { fmt, tex as fmtTex, sub } from '../../util/format.js';
import { randomMatrix } from '../../util/random.js';
import { num, rounded, vec } from '../shared/exercises/tex-numbers.js';
import { graphFromValues, adjacency } from './state.js';

const vecTex = (v, d = 4) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const f4 = (x) => fmtTex(x, 4);
const ZERO = 1e-9;  // as the lesson: an eigenvalue this small counts as 0
const edgeTex = (edges) => `E = \\{${edges.map(([i, j]) => `(${i + 1},${j + 1})`).join(',\\ ')}\\}`;
const matrixOf = (n, edges) => adjacency({ n, edges });
const randomEdges = (rng, n, p) => {
  const edges = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (rng() < p) edges.push([i, j]);
  return edges;
};

export const zeroEigenvalues = (lab, A) => lab.laplacianEigenvalues(A).filter((x) => Math.abs(x) < ZERO).length;

export default [
  {
    id: 'laplacian-row',
    kind: 'compute',
    at: 'editor',
    make(rng, lab) {
      const n = 5;
      let edges, i, A;
      do {
        edges = randomEdges(rng, n, 0.45);
        i = Math.floor(rng() * n);
        A = matrixOf(n, edges);
      } while (A[i].reduce((a, b) => a + b, 0) < 2 || A[i].reduce((a, b) => a + b, 0) > 3);
      const L = lab.laplacian(A);
      const D = lab.degreeMatrix(A);
      const mistakes = [
        { key: 'adjacency', value: A[i] },
        { key: 'signs', value: L[i].map((x) => -x) },
        { key: 'noDegree', value: A[i].map((x) => -x) },
      ];
      return {
        vars: { i: i + 1, n },
        data: { edges, i, n, numbered: edges.map(([a, b]) => [a + 1, b + 1]) }, shown: ['n', 'numbered'],
        tex: `n = ${n},\\quad ${edgeTex(edges)}`,
        answer: L[i], digits: 0, mistakes,
        answerText: L[i].join(', '),
        solution: [
          `A_{${i + 1}\\cdot} = ${vec(A[i])},\\quad D_{${i + 1}${i + 1}} = ${D[i][i]}`,
          `L_{${i + 1}\\cdot} = (D - A)_{${i + 1}\\cdot} = ${vec(L[i])},\\quad \\textstyle\\sum_j L_{${i + 1}j} = 0`,
        ],
      };
    },
  },
  {
    id: 'pathstar-predict',
    kind: 'predict',
    at: 'spectrumText',
    make(rng, lab) {
      const n = 5 + Math.floor(rng() * 4);
      const path = matrixOf(n, Array.from({ length: n - 1 }, (_, k) => [k, k + 1]));
      const star = matrixOf(n, Array.from({ length: n - 1 }, (_, k) => [0, k + 1]));
      const ep = lab.laplacianEigenvalues(path), es = lab.laplacianEigenvalues(star);
      const answer = ep[1] > es[1] + 1e-9 ? 'path' : ep[1] < es[1] - 1e-9 ? 'star' : 'equal';
      return {
        vars: { n },
        data: { n },
        choices: ['path', 'star', 'equal'], answer,
        answerText: `λ₂: path ${ep[1].toFixed(4)}, star ${es[1].toFixed(4)}`,
        reveal: `⟪path⟫:\\ \\lambda = ${vecTex(ep, 3)},\\qquad ⟪star⟫:\\ \\lambda = ${vecTex(es, 3)}`,
        solution: [
          `\\lambda_2(⟪path⟫_{${n}}) = ${f4(ep[1])} \\;<\\; \\lambda_2(⟪star⟫_{${n}}) = ${f4(es[1])}`,
        ],
      };
    },
  },
  {
    id: 'components-make',
    kind: 'make',
    at: 'spectrum',
    make(rng, lab) {
      const target = 2 + Math.floor(rng() * 3);
      // A path on 7 nodes with target - 1 of its edges cut.
      const n = 7;
      const cuts = new Set();
      while (cuts.size < target - 1) cuts.add(Math.floor(rng() * (n - 1)));
      const edges = Array.from({ length: n - 1 }, (_, k) => k).filter((k) => !cuts.has(k)).map((k) => [k + 1, k + 2]);
      return {
        vars: { target },
        data: { target },
        answerText: `n = ${n}, E = ${edges.map(([a, b]) => `${a}–${b}`).join(', ')}`,
        example: { preset: 'custom', n, edges },
        measure: (values, lab2) => {
          const A = adjacency(graphFromValues(values));
          const zeros = zeroEigenvalues(lab2, A);
          return { ok: zeros === target, text: `#{λᵢ = 0} = ${zeros}` };
        },
        solution: [
          `L = \\begin{bmatrix} L_1 & & \\\\ & \\ddots & \\\\ & & L_{${target}} \\end{bmatrix},\\quad L_c \\mathbf{1} = 0\\ ⟪onEachComponent⟫`,
        ],
      };
    },
  },
  {
    id: 'gat-weight',
    kind: 'compute',
    at: 'gat',
    make(rng, lab) {
      const n = 4, slope = 0.2;
      let A, X, W, a, r, i, N, j, s;
      do {
        A = matrixOf(n, randomEdges(rng, n, 0.6));
        X = randomMatrix(rng, n, 2); W = randomMatrix(rng, 2, 2, 1); a = randomMatrix(rng, 1, 4, 1.5)[0];
        i = Math.floor(rng() * n);
        r = lab.gat(X, A, W, a, { negativeSlope: slope });
        N = [i, ...A[i].map((x, k) => (x ? k : -1)).filter((k) => k >= 0)];
        s = N.map((k) => r.src[i] + r.dst[k]);
        j = N[1 + Math.floor(rng() * (N.length - 1))];
      } while (N.length < 3 || A.some((row) => !row.some((x) => x)) || !s.some((x) => x < -0.1) || !s.some((x) => x > 0.1) || r.alpha[i][j] < 0.05 || r.alpha[i][j] > 0.95);
      // The scores s as shown (4 decimals): the answer and the mistakes are
      // computed from them, as the learner does.
      const shownS = s.map((x) => rounded(x, 4));
      const leaky = (x, k = slope) => (x > 0 ? x : k * x);
      const at = N.indexOf(j);
      const weight = (f, keys = N) => lab.softmax(keys.map((k) => f(shownS[N.indexOf(k)])))[keys.indexOf(j)];
      const answer = weight(leaky);
      const e = shownS.map((x) => leaky(x));
      const mistakes = [
        { key: 'noLeaky', value: weight((x) => x) },
        { key: 'relu', value: weight((x) => leaky(x, 0)) },
        { key: 'noSelf', value: weight(leaky, N.slice(1)) },
      ];
      return {
        vars: { i: sub(i + 1), j: sub(j + 1), ni: i + 1, nj: j + 1, slope, list: N.map((k) => k + 1).join(', ') },
        data: { X, A, W, a, i, j, slope, s: shownS }, shown: ['s'],
        tex: N.map((k, q) => `s_{${i + 1}${k + 1}} = ${num(shownS[q])}`).join(',\\quad '),
        answer, digits: 2, mistakes,
        answerText: answer.toFixed(4),
        solution: [
          `e_{${i + 1}k} = \\operatorname{LeakyReLU}(s_{${i + 1}k}):\\quad ${N.map((k, q) => `e_{${i + 1}${k + 1}} = ${f4(e[q])}`).join(',\\ ')}`,
          `\\alpha_{${i + 1}${j + 1}} = \\frac{e^{${f4(e[at])}}}{${e.map((x) => `e^{${f4(x)}}`).join(' + ')}} = ${f4(answer)}`,
        ],
      };
    },
  },
  {
    id: 'complete-explain',
    kind: 'explain',
    at: 'compare',
    make(rng, lab) {
      const n = 4 + Math.floor(rng() * 4);
      const X = randomMatrix(rng, n, 3);
      const Wq = randomMatrix(rng, 3, 2, 1), Wk = randomMatrix(rng, 3, 2, 1), Wv = randomMatrix(rng, 3, 2, 1);
      const w = lab.selfAttention(X, Wq, Wk, Wv).weights;
      const nnz = w.flat().filter((x) => x > 0).length;
      return {
        vars: { n },
        data: { n, nnz },
        tex: `n = ${n}:\\quad \\#\\{(i, j) : \\alpha^{\\mathrm{SA}}_{ij} > 0\\} = ${nnz} = n^2`,
        choices: ['complete', 'drawn', 'path', 'none'], answer: 'complete',
        answerText: `complete (${fmt(nnz, 3)} = n²)`,
        solution: [
          `\\alpha^{\\mathrm{SA}}_{ij} = \\operatorname{softmax}_{j \\in \\{1, \\dots, ${n}\\}}\\!\\big(q_i \\cdot k_j / \\sqrt{d_k}\\big) > 0 \\ ⟪forAll⟫\\ i, j`,
        ],
      };
    },
  },
];
