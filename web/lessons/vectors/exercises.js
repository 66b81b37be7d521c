// The vectors lesson's exercises (shared/exercises/ shows and checks them).
// make(rng, lab) draws the numbers from the exercise's seed and computes
// every expected answer, reveal and known mistake with the core.
import { tex as fmtTex } from '../../util/format.js';
import { mat, num } from '../shared/exercises/tex-numbers.js';

const vecTex = (v, d = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const matTex = (m, d = 3) => `\\begin{bmatrix}${m.map((r) => r.map((x) => fmtTex(x, d)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const int = (rng, lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
const r4 = (x) => fmtTex(x, 4);
const par = (x) => (x < 0 ? `(${fmtTex(x, 4)})` : fmtTex(x, 4));
// A 2-vector of integers in [-4, 4], not zero.
function intVec(rng) {
  for (;;) {
    const w = [int(rng, -4, 4), int(rng, -4, 4)];
    if (w[0] !== 0 || w[1] !== 0) return w;
  }
}

export default [
  {
    id: 'cos-compute',
    kind: 'compute',
    at: 'plane',
    make(rng, lab) {
      let u, v, d;
      // Not perpendicular, not parallel (integer entries: both tests exact).
      do { u = intVec(rng); v = intVec(rng); d = lab.dot(u, v); } while (d === 0 || u[0] * v[1] === u[1] * v[0]);
      const nu = lab.norm(u), nv = lab.norm(v);
      const cos = d / (nu * nv);
      const mistakes = [
        { key: 'noDivide', value: d },
        { key: 'squares', value: d / (lab.dot(u, u) * lab.dot(v, v)) },
        { key: 'oneNorm', value: d / (lab.norm(u, { p: 1 }) * lab.norm(v, { p: 1 })) },
        { key: 'oneLength', value: d / nu },
      ];
      return {
        vars: {},
        data: { u, v }, shown: ['u', 'v'],
        tex: `u = ${vecTex(u, 4)},\\qquad v = ${vecTex(v, 4)}`,
        answer: cos, digits: 2, mistakes,
        answerText: cos.toFixed(4),
        solution: [
          `u \\cdot v = ${par(u[0])} \\cdot ${par(v[0])} + ${par(u[1])} \\cdot ${par(v[1])} = ${r4(d)}`,
          `\\|u\\|_2 = \\sqrt{${lab.dot(u, u)}} = ${r4(nu)},\\qquad \\|v\\|_2 = \\sqrt{${lab.dot(v, v)}} = ${r4(nv)}`,
          `\\cos\\theta = \\frac{${r4(d)}}{${r4(nu)} \\cdot ${r4(nv)}} = ${r4(cos)}`,
        ],
      };
    },
  },
  {
    id: 'det-scale-predict',
    kind: 'predict',
    at: 'mapText',
    make(rng, lab) {
      let W, det;
      do { W = [[0, 0], [0, 0]].map((r) => r.map(() => int(rng, -4, 4) / 2)); det = lab.det(W); } while (Math.abs(det) < 0.5);
      const W2 = W.map((r) => lab.scale(2, r));
      const det2 = lab.det(W2);
      const ratio = det2 / det;
      const answer = Math.abs(ratio - 4) < 1e-9 ? 'four' : Math.abs(ratio - 2) < 1e-9 ? 'two' : Math.abs(ratio - 1) < 1e-9 ? 'same' : 'other';
      return {
        vars: {},
        data: { W },
        tex: `W = ${matTex(W, 4)},\\qquad \\det W = ${r4(det)}`,
        choices: ['two', 'four', 'same'], answer,
        answerText: `det(2W) = ${det2} = ${ratio} · det(W)`,
        reveal: `2W = ${matTex(W2, 4)},\\qquad \\det(2W) = ${r4(det2)} = ${r4(ratio)} \\cdot \\det W`,
        solution: [`\\det(2W) = (2w_{11})(2w_{22}) - (2w_{12})(2w_{21}) = 2^2 \\det W = 4 \\cdot ${r4(det)} = ${r4(det2)}`],
      };
    },
  },
  {
    id: 'det-make',
    kind: 'make',
    at: 'map',
    make(rng, lab) {
      const target = pick(rng, [-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 3, 3.5]);
      const example = { W: [[2, 0], [0, target / 2]] };
      const det = lab.det(example.W);
      return {
        vars: { target: String(target).replace('-', '−') },
        data: { target },
        answerText: `W = [[2, 0], [0, ${target / 2}]], det(W) = ${det}`,
        example,
        measure: (values, l) => {
          const W = values.W;
          if (!(W.length === 2 && W.every((r) => r.length === 2))) return { ok: false, text: '—' };
          const d = l.det(W);
          return { ok: Math.abs(d - target) <= 0.05, text: `det(W) = ${d.toFixed(3)}` };
        },
        solution: [`\\det\\begin{bmatrix} a & b \\\\ c & d \\end{bmatrix} = ad - bc:\\qquad \\det ${mat(example.W)} = 2 \\cdot ${num(target / 2)} - 0 \\cdot 0 = ${fmtTex(det, 4)}`],
      };
    },
  },
  {
    id: 'transpose-explain',
    kind: 'explain',
    at: 'props',
    make(rng, lab) {
      const [m, k, n] = [int(rng, 2, 4), int(rng, 2, 4), int(rng, 2, 4)];
      const next = () => Math.round((rng() * 4 - 2) * 2) / 2;
      const A = Array.from({ length: m }, () => Array.from({ length: k }, next));
      const B = Array.from({ length: k }, () => Array.from({ length: n }, next));
      const L = lab.transpose(lab.matmul(A, B)), R = lab.matmul(lab.transpose(B), lab.transpose(A));
      return {
        vars: { m, k, n },
        tex: `\\begin{gathered} A: ${m}\\times ${k},\\quad B: ${k}\\times ${n} \\\\ (AB)^\\top: ${L.length}\\times ${L[0].length},\\quad B^\\top A^\\top: ${R.length}\\times ${R[0].length} \\end{gathered}`,
        choices: ['shapes', 'commute', 'convention', 'square'], answer: 'shapes',
        answerText: 'shapes',
        solution: [`\\big[(AB)^\\top\\big]_{ij} = (AB)_{ji} = \\sum_l a_{jl}\\, b_{li} = \\sum_l (B^\\top)_{il}\\, (A^\\top)_{lj} = \\big[B^\\top A^\\top\\big]_{ij}`],
      };
    },
  },
];
