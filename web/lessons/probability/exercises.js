// The probability lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer, reveal and known mistake with the core.
import { tex as fmtTex } from '../../util/format.js';
import { normalize } from './norm.js';

const vecTex = (v, d = 4) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const matTex = (m, d = 4) => `\\begin{bmatrix}${m.map((r) => r.map((x) => fmtTex(x, d)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const r4 = (x) => fmtTex(x, 4);
const par = (x) => (x < 0 ? `(${r4(x)})` : r4(x));
// n positive integers adding up to total (each at least 1).
function composition(rng, n, total) {
  const out = Array(n).fill(1);
  for (let k = n; k < total; k++) out[Math.floor(rng() * n)] += 1;
  return out;
}
const round4 = (x) => Math.round(x * 1e4) / 1e4;

export default [
  {
    id: 'variance-compute',
    kind: 'compute',
    at: 'steps',
    make(rng, lab) {
      const xs = [];
      while (xs.length < 3) { const x = Math.floor(rng() * 7); if (!xs.includes(x)) xs.push(x); }
      xs.sort((a, b) => a - b);
      const p = composition(rng, 3, 10).map((k) => k / 10);
      const mo = lab.moments(xs, p);
      const v = mo.varianceCentral;
      const mistakes = [
        { key: 'noSquareMean', value: mo.meanOfSquares - mo.mean },
        { key: 'meanOfSquares', value: mo.meanOfSquares },
        { key: 'sd', value: Math.sqrt(v) },
        { key: 'unweighted', value: lab.moments(xs, xs.map(() => 1 / 3)).varianceCentral },
      ];
      return {
        vars: {},
        data: { xs, p }, shown: ['xs', 'p'],
        tex: `\\begin{gathered} x = ${vecTex(xs)} \\\\ p = ${vecTex(p)} \\end{gathered}`,
        answer: v, digits: 2, mistakes,
        answerText: v.toFixed(4),
        solution: [
          `\\begin{aligned} \\mathbb{E}[X] &= ${xs.map((x, i) => `${x} \\cdot ${r4(p[i])}`).join(' + ')} \\\\ &= ${r4(mo.mean)} \\end{aligned}`,
          `\\begin{aligned} \\operatorname{Var}(X) &= ${xs.map((x, i) => `${r4(p[i])}\\,(${x} - ${r4(mo.mean)})^2`).join(' \\\\ &\\quad + ')} \\\\ &= ${r4(v)} \\end{aligned}`,
          `\\mathbb{E}[X^2] - \\mathbb{E}[X]^2 = ${r4(mo.meanOfSquares)} - ${par(mo.mean)}^2 = ${r4(mo.varianceShortcut)}`,
        ],
      };
    },
  },
  {
    id: 'mean-make',
    kind: 'make',
    at: 'dist',
    make(rng, lab) {
      const target = pick(rng, [1.5, 1.8, 2.2, 2.5, 3.5, 3.8]);
      const q = round4((target - 1) / 3);
      const example = { x: [1, 2, 3, 4], p: [round4(1 - q), 0, 0, q], renorm: true };
      const got = lab.moments(example.x, example.p).mean;
      return {
        vars: { target },
        data: { target },
        answerText: `x = [1, 2, 3, 4], p = [${example.p.join(', ')}]: E[X] = ${got.toFixed(4)}`,
        example,
        measure: (values, l) => {
          const same = values.x.length === 4 && values.x.every((x, i) => x === i + 1);
          const nr = normalize(l, values.p, values.renorm);
          const mean = l.moments(values.x, nr.p).mean;
          return { ok: same && Math.abs(mean - target) <= 0.02, text: `E[X] = ${mean.toFixed(3)}${same ? '' : ' (x ≠ 1, 2, 3, 4)'}` };
        },
        solution: [`p = ${vecTex(example.p)}:\\quad \\mathbb{E}[X] = 1 \\cdot ${r4(example.p[0])} + 4 \\cdot ${r4(q)} = ${r4(got)}`],
      };
    },
  },
  {
    id: 'attention-explain',
    kind: 'explain',
    at: 'attn',
    make(rng, lab) {
      const z = [0, 1, 2].map(() => Math.round((rng() * 4 - 2) * 10) / 10);
      const alpha = lab.softmax(z);
      const v = [0, 1, 2].map(() => Math.round(rng() * 90 - 40) / 10);
      const out = lab.matmul([alpha], v.map((x) => [x]))[0][0];
      const mean = lab.moments(v, alpha).mean;
      return {
        vars: {},
        tex: `\\begin{gathered} \\alpha_i = ${vecTex(alpha)},\\quad v = ${vecTex(v)} \\\\ \\alpha_i V = ${r4(out)} = \\mathbb{E}_{j \\sim \\alpha_i}[v_j] = ${r4(mean)} \\end{gathered}`,
        choices: ['distribution', 'values', 'uniform', 'linear'], answer: 'distribution',
        answerText: 'distribution',
        solution: [`\\alpha_{ij} \\ge 0,\\ \\sum_j \\alpha_{ij} = ${alpha.map(r4).join(' + ')} = 1 \\;\\Rightarrow\\; \\sum_j \\alpha_{ij}\\, v_j = \\mathbb{E}_{j \\sim \\alpha_i}[v_j]`],
      };
    },
  },
  {
    id: 'conditional-compute',
    kind: 'compute',
    at: 'jsteps',
    make(rng, lab) {
      const cells = composition(rng, 6, 20).map((k) => k / 20);
      const P = [cells.slice(0, 3), cells.slice(3)];
      const i = Math.floor(rng() * 2), j = Math.floor(rng() * 3);
      const c = lab.conditional(P);
      const ans = c.pXgivenY[i][j];
      return {
        vars: { i: i + 1, j: j + 1 },
        data: { P, i, j }, shown: ['P'],
        tex: `P(X{=}i, Y{=}j) = ${matTex(P)}`,
        answer: ans, digits: 3,
        mistakes: [
          { key: 'otherWay', value: c.pYgivenX[i][j] },
          { key: 'joint', value: P[i][j] },
          { key: 'marginal', value: c.pX[i] },
        ],
        answerText: ans.toFixed(4),
        solution: [
          `P(Y{=}${j + 1}) = ${P.map((row) => r4(row[j])).join(' + ')} = ${r4(c.pY[j])}`,
          `P(X{=}${i + 1} \\mid Y{=}${j + 1}) = \\frac{P(X{=}${i + 1}, Y{=}${j + 1})}{P(Y{=}${j + 1})} = \\frac{${r4(P[i][j])}}{${r4(c.pY[j])}} = ${r4(ans)}`,
        ],
      };
    },
  },
  {
    id: 'independence-predict',
    kind: 'predict',
    at: 'joint',
    make(rng, lab) {
      const a = 0.2 + Math.floor(rng() * 7) / 10;  // P(X = 1) in 0.2 .. 0.8
      const pX = [round4(a), round4(1 - a)];
      const pY = composition(rng, 3, 10).map((k) => k / 10);
      let P = lab.matmul(pX.map((x) => [x]), [pY]).map((row) => row.map(round4));
      if (rng() < 0.5) {
        // Move 0.02 of probability from the largest cell to the cell below or above it.
        let bi = 0, bj = 0;
        P.forEach((row, r) => row.forEach((x, s) => { if (x > P[bi][bj]) { bi = r; bj = s; } }));
        P = P.map((row) => row.slice());
        P[bi][bj] = round4(P[bi][bj] - 0.02);
        P[1 - bi][bj] = round4(P[1 - bi][bj] + 0.02);
      }
      const c = lab.conditional(P);
      const product = lab.matmul(c.pX.map((x) => [x]), [c.pY]);
      const gap = Math.max(...P.map((row, r) => lab.norm(lab.sub(row, product[r]), { p: Infinity })));
      const answer = gap <= 1e-9 ? 'independent' : 'dependent';
      return {
        vars: {},
        data: { P },
        tex: `P(X{=}i, Y{=}j) = ${matTex(P)}`,
        choices: ['independent', 'dependent'], answer,
        answerText: `${answer}: max |P(X=i, Y=j) − P(X=i)P(Y=j)| = ${gap.toFixed(4)}`,
        reveal: `\\begin{gathered} P(X) = ${vecTex(c.pX)},\\quad P(Y) = ${vecTex(c.pY)} \\\\ P(X{=}i)\\,P(Y{=}j) = ${matTex(product)} \\\\ \\max_{i,j} \\big|P(X{=}i, Y{=}j) - P(X{=}i)\\,P(Y{=}j)\\big| = ${r4(gap)} \\end{gathered}`,
        solution: [`P(X{=}1)\\,P(Y{=}1) = ${r4(c.pX[0])} \\cdot ${r4(c.pY[0])} = ${r4(product[0][0])} \\quad⟪versus⟫\\quad P(X{=}1, Y{=}1) = ${r4(P[0][0])}`],
      };
    },
  },
];
