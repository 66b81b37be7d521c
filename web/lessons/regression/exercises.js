// The regression lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer, reveal and known mistake with the core
// (lab.leastSquares, lab.optimize, lab.kernelRegression, as the lesson).
import { tex as fmtTex, sub } from '../../util/format.js';
import PARAMS from './params.js';

const vecTex = (v, d = 4) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const r4 = (x) => fmtTex(x, 4);
const par = (x) => (x < 0 ? `(${r4(x)})` : r4(x));
const ones = (v) => v.map(() => 1);
const mean = (lab, v) => lab.dot(v, ones(v)) / v.length;
// n points with distinct integer x in [0, 9] and integer y in [0, 9], the y not all equal.
function points(rng, n) {
  for (;;) {
    const x = [];
    while (x.length < n) { const a = Math.floor(rng() * 10); if (!x.includes(a)) x.push(a); }
    x.sort((a, b) => a - b);
    const y = x.map(() => Math.floor(rng() * 10));
    if (new Set(y).size > 1) return { x, y };
  }
}
const DEFAULT_PTS = PARAMS.params.pts.default;

export default [
  {
    id: 'slope-compute',
    kind: 'compute',
    at: 'fit',
    make(rng, lab) {
      const { x, y } = points(rng, 3);
      const fit = lab.leastSquares(x.map((a) => [a]), y);
      const w = fit.w[0];
      const mx = mean(lab, x), my = mean(lab, y);
      const dx = lab.sub(x, x.map(() => mx)), dy = lab.sub(y, y.map(() => my));
      const mistakes = [
        { key: 'noCenter', value: lab.dot(x, y) / lab.dot(x, x) },
        { key: 'swapped', value: lab.leastSquares(y.map((a) => [a]), x).w[0] },
        { key: 'throughMean', value: mx !== 0 ? my / mx : NaN },
      ].filter((m) => Number.isFinite(m.value));
      return {
        vars: {},
        data: { x, y, points: x.map((a, i) => [a, y[i]]) }, shown: ['points'],
        tex: `(x_i, y_i):\\ ${x.map((a, i) => `(${a}, ${y[i]})`).join(',\\ ')}`,
        answer: w, digits: 2, mistakes,
        answerText: `w* = ${w.toFixed(4)}, b* = ${fit.b.toFixed(4)}`,
        solution: [
          `\\bar x = ${r4(mx)},\\quad \\bar y = ${r4(my)}`,
          `w^* = \\frac{\\sum_i (x_i - \\bar x)(y_i - \\bar y)}{\\sum_i (x_i - \\bar x)^2} = \\frac{${r4(lab.dot(dx, dy))}}{${r4(lab.dot(dx, dx))}} = ${r4(w)}`,
          `b^* = \\bar y - w^* \\bar x = ${r4(fit.b)}`,
        ],
      };
    },
  },
  {
    id: 'gradient-compute',
    kind: 'compute',
    at: 'steps',
    make(rng, lab) {
      const { x, y } = points(rng, 3);
      const w = pick(rng, [0, 0.5, 1]), b = pick(rng, [0, 1, 2]);
      const X = x.map((a) => [a]);
      const run = lab.optimize({ name: 'leastSquares', X, y }, [w, b], { method: 'gd', lr: 0.001, steps: 1 });
      const g = run.grad[0];
      const r = lab.sub(y, lab.affine(X, [w], x.map(() => b)));
      return {
        vars: {},
        data: { x, y, w, b, points: x.map((a, i) => [a, y[i]]) }, shown: ['points', 'w', 'b'],
        tex: `\\begin{gathered} (x_i, y_i):\\ ${x.map((a, i) => `(${a}, ${y[i]})`).join(',\\ ')} \\\\ w = ${w},\\quad b = ${b} \\end{gathered}`,
        answer: g[0], digits: 2,
        mistakes: [
          { key: 'chapterSum', value: lab.scale(x.length, g)[0] },
          { key: 'sign', value: -g[0] },
          { key: 'noX', value: g[1] },
          { key: 'noTwo', value: g[0] / 2 },
        ],
        answerText: g[0].toFixed(4),
        solution: [
          `r_i = y_i - (w x_i + b)`,
          `r = ${vecTex(r)}`,
          `\\begin{aligned} \\textstyle\\sum_i r_i\\, x_i &= ${r.map((ri, i) => `${par(ri)} \\cdot ${x[i]}`).join(' + ')} \\\\ &= ${r4(lab.dot(r, x))} \\end{aligned}`,
          `\\frac{\\partial L}{\\partial w} = -\\frac{2}{n} \\sum_i r_i\\, x_i = -\\frac{2}{${x.length}} \\cdot ${par(lab.dot(r, x))} = ${r4(g[0])}`,
        ],
      };
    },
  },
  {
    id: 'rank-explain',
    kind: 'explain',
    at: 'rank',
    make(rng, lab) {
      const c = 1 + Math.floor(rng() * 8);
      const y = [0, 1, 2, 3].map(() => Math.floor(rng() * 10));
      const fit = lab.leastSquares(y.map(() => [c]), y);
      return {
        vars: { c },
        tex: `\\begin{gathered} x = ${vecTex(y.map(() => c))},\\quad y = ${vecTex(y)} \\\\ \\operatorname{rank}\\,[X\\ \\mathbf 1] = ${fit.rank},\\quad w^* = ${r4(fit.w[0])},\\ b^* = ${r4(fit.b)},\\ L^* = ${r4(fit.loss)} \\end{gathered}`,
        choices: ['parallel', 'vertical', 'tooFew', 'noise'], answer: 'parallel',
        answerText: 'parallel',
        solution: [`w x_i + b = ${c}\\,w + b\\ ⟪forEvery⟫\\ i`, `b = \\bar y - ${c}\\,w = ${r4(mean(lab, y))} - ${c}\\,w:\\quad L = ${r4(fit.loss)}\\ ⟪forEvery⟫\\ w`],
      };
    },
  },
  {
    id: 'bandwidth-predict',
    kind: 'predict',
    at: 'bridgeText',
    make(rng, lab) {
      const { x, y } = points(rng, 4);
      let xq;
      do { xq = Math.round(rng() * 90) / 10; } while (x.some((a, i) => x.some((c, j) => j > i && Math.abs(Math.abs(xq - a) - Math.abs(xq - c)) < 0.3)));
      const h2 = pick(rng, [0.3, 3]);
      const w1 = lab.kernelRegression(x, y, [xq], { kernel: 'gaussian', bandwidth: 1 }).weights[0];
      const w2 = lab.kernelRegression(x, y, [xq], { kernel: 'gaussian', bandwidth: h2 }).weights[0];
      const m1 = Math.max(...w1), m2 = Math.max(...w2);
      const answer = m2 > m1 + 1e-12 ? 'up' : m2 < m1 - 1e-12 ? 'down' : 'same';
      return {
        vars: { h2, xq },
        data: { x, y, xq, h2 },
        tex: `x_i = ${vecTex(x)},\\quad x = ${xq}`,
        choices: ['up', 'down', 'same'], answer,
        answerText: `max α: ${m1.toFixed(4)} (h = 1) → ${m2.toFixed(4)} (h = ${h2})`,
        reveal: `\\begin{gathered} h = 1:\\ \\alpha = ${vecTex(w1, 3)} \\\\ h = ${h2}:\\ \\alpha = ${vecTex(w2, 3)} \\end{gathered}`,
        solution: [`\\frac{\\alpha_i}{\\alpha_j} = \\exp\\!\\Big(\\frac{(x - x_j)^2 - (x - x_i)^2}{2h^2}\\Big)`],
      };
    },
  },
  {
    id: 'peak-make',
    kind: 'make',
    at: 'kr',
    make(rng, lab) {
      const target = pick(rng, [1.8, 3.1, 4.3, 6.1, 7.6, 8.3]);
      const x = DEFAULT_PTS.map((p) => p[0]), y = DEFAULT_PTS.map((p) => p[1]);
      const top = (h) => Math.max(...lab.kernelRegression(x, y, [target], { kernel: 'gaussian', bandwidth: h }).weights[0]);
      // The widest bandwidth on the slider's 0.05 grid that reaches 0.9 with the default points.
      let bw = 0.1;
      for (let k = 100; k >= 2; k--) if (top(k / 20) >= 0.9) { bw = k / 20; break; }
      return {
        vars: { target },
        data: { target },
        answerVars: { x: target, h: bw, top: top(bw).toFixed(3) },
        example: { kernel: 'gaussian', xq: target, bw },
        measure: (values, l) => {
          const xs = values.pts.map((p) => p[0]), ys = values.pts.map((p) => p[1]);
          const w = l.kernelRegression(xs, ys, [values.xq], { kernel: values.kernel, bandwidth: values.bw }).weights[0];
          const m = Math.max(...w), i = w.indexOf(m);
          const ok = values.kernel === 'gaussian' && Math.abs(values.xq - target) <= 0.03 && m >= 0.9;
          return { ok, text: `x = ${values.xq}, h = ${values.bw}: max α = α${sub(i + 1)} = ${m.toFixed(3)}` };
        },
        solution: [`x = ${target},\\ h = ${bw}:\\quad \\max_i \\alpha_i = ${r4(top(bw))} \\ge 0.9`],
      };
    },
  },
];
