// The proofs lesson's exercises (shared/exercises/ shows and checks them).
// make(rng, lab) draws the numbers from the exercise's seed and computes
// every expected answer, reveal and known mistake with the core
// (lipschitzBound, lipschitzRatio, norm, variance, selfAttention, attention),
// as the lesson does.
import { tex as fmtTex } from '../../util/format.js';
import { drawSequence } from './random.js';

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
// Inputs are written as they are (String), computed values to d significant digits.
const num = (x) => String(Math.round(x * 1e6) / 1e6);
const vecTex = (v, d) => `\\begin{bmatrix}${v.map((x) => (d === undefined ? num(x) : fmtTex(x, d))).join(' & ')}\\end{bmatrix}`;
const oneDecimal = (rng, lo, hi) => Math.round((lo + rng() * (hi - lo)) * 10) / 10;
const r4 = (x) => fmtTex(x, 4);

export default [
  {
    id: 'bound-compute',
    kind: 'compute',
    at: 'lipschitz',
    make(rng, lab) {
      const T = pick(rng, [0.5, 1, 2]);
      let z, zp;
      do {
        z = Array.from({ length: 3 }, () => oneDecimal(rng, -2, 3));
        zp = Array.from({ length: 3 }, () => oneDecimal(rng, -2, 3));
      } while (lab.norm(lab.sub(z, zp)) < 1);
      const dz = lab.sub(z, zp);
      const n2 = lab.norm(dz), n1 = lab.norm(dz, { p: 1 });
      const L = lab.lipschitzBound({ temperature: T });
      const answer = L * n2;
      const dp = lab.norm(lab.sub(lab.softmax(z, { temperature: T }), lab.softmax(zp, { temperature: T })));
      return {
        vars: { T },
        data: { z, zp, T }, shown: ['z', 'zp'],
        tex: `\\begin{gathered}z = ${vecTex(z)} \\\\ z' = ${vecTex(zp)}\\end{gathered}`,
        answer, digits: 3,
        mistakes: [
          { key: 'noHalf', value: n2 / T },
          { key: 'timesT', value: (T / 2) * n2 },
          { key: 'l1', value: L * n1 },
          { key: 'squared', value: L * n2 * n2 },
        ],
        answerText: answer.toFixed(4),
        solution: [
          `z - z' = ${vecTex(dz)}`,
          `\\lVert z - z'\\rVert_2 = \\sqrt{${num(n2 * n2)}} = ${r4(n2)}`,
          `L\\,\\lVert z - z'\\rVert_2 = \\frac{1}{2 \\cdot ${T}} \\cdot ${r4(n2)} = ${r4(answer)}`,
          `\\lVert \\Delta p\\rVert_2 = ${r4(dp)} \\le ${r4(answer)}`,
        ],
      };
    },
  },
  {
    id: 'variance-compute',
    kind: 'compute',
    at: 'proof',
    make(rng, lab) {
      // p: three probabilities with two decimals, each at least 0.1.
      const a = 10 + Math.floor(rng() * 60), b = 10 + Math.floor(rng() * (80 - a));
      const p = [a / 100, b / 100, Math.round(100 - a - b) / 100];
      let x;
      do x = Array.from({ length: 3 }, () => oneDecimal(rng, -1, 1)); while (Math.max(...x) - Math.min(...x) < 0.5);
      const answer = lab.variance(x, p);
      const mean = lab.expectation(x, p);
      const second = lab.expectation(x.map((v) => v * v), p);
      const uniform = lab.variance(x, [1 / 3, 1 / 3, 1 / 3]);
      const spread = Math.max(...x) - Math.min(...x);
      return {
        vars: {},
        data: { p, x }, shown: ['p', 'x'],
        tex: `\\begin{gathered}p = ${vecTex(p)} \\\\ x = ${vecTex(x)}\\end{gathered}`,
        answer, digits: 3,
        mistakes: [
          { key: 'noMean', value: second },
          { key: 'meanNotSquared', value: second - mean },
          { key: 'uniform', value: uniform },
          { key: 'sd', value: Math.sqrt(answer) },
        ],
        answerText: answer.toFixed(4),
        solution: [
          `\\textstyle\\sum_i p_i x_i = ${x.map((v, i) => num(p[i] * v)).join(' + ').replace(/\+ -/g, '- ')}`,
          `= ${r4(mean)}`,
          `\\textstyle\\sum_i p_i x_i^2 = ${x.map((v, i) => num(p[i] * v * v)).join(' + ')}`,
          `= ${r4(second)}`,
          `\\operatorname{Var}_p(x) = ${r4(second)} - (${r4(mean)})^2 = ${r4(answer)}`,
          `${r4(answer)} \\le \\tfrac14 \\cdot ${num(spread)}^2 = ${r4((spread * spread) / 4)}`,
        ],
      };
    },
  },
  {
    id: 'attention-explain',
    kind: 'explain',
    at: 'caveat',
    make(rng, lab) {
      const m = (r, c) => Array.from({ length: r }, () => Array.from({ length: c }, () => oneDecimal(rng, -1, 1)));
      const X = m(3, 2), Wq = m(2, 2), Wk = m(2, 2), Wv = m(2, 2);
      const D = [[0.01, 0], [0, -0.01], [0.01, 0.01]];
      const flat = (M) => M.flat();
      const gain = (c) => {
        const A = X.map((r) => r.map((v) => c * v)), B = A.map((r, i) => r.map((v, j) => v + D[i][j]));
        const s = lab.selfAttention(A, Wq, Wk, Wv).scores, s2 = lab.selfAttention(B, Wq, Wk, Wv).scores;
        return lab.norm(lab.sub(flat(s2), flat(s))) / lab.norm(flat(D));
      };
      const g = [1, 10, 100].map(gain);
      return {
        vars: {},
        data: { X, Wq, Wk, D, g },
        tex: `\\begin{gathered}\\frac{\\lVert S(cX + \\Delta) - S(cX)\\rVert}{\\lVert \\Delta\\rVert} \\\\ c = 1,\\ 10,\\ 100:\\quad ${fmtTex(g[0], 3)},\\ ${fmtTex(g[1], 3)},\\ ${fmtTex(g[2], 3)}\\end{gathered}`,
        choices: ['quadratic', 'softmaxBound', 'linear', 'never'], answer: 'quadratic',
        answerText: 'quadratic',
        solution: [
          `S = (XW_q)(XW_k)^\\top`,
          `S(cX) = c^2 S(X),\\quad \\frac{\\partial S}{\\partial X} \\propto c`,
          `c = 1, 10, 100:\\quad ${fmtTex(g[0], 3)},\\ ${fmtTex(g[1], 3)},\\ ${fmtTex(g[2], 3)}`,
        ],
      };
    },
  },
  {
    id: 'ratio-make',
    kind: 'make',
    at: 'search',
    make(rng, lab) {
      // The preset "nearly the worst case" (logits ±3, step 0.05) must fall short.
      const worst = (n, T, k) => {
        const z = Array.from({ length: n }, (_, i) => (i < 2 ? k : -k));
        return { z, zp: z.map((v, i) => v + (i === 0 ? 0.05 : i === 1 ? -0.05 : 0)), T };
      };
      const share = (v, l) => l.lipschitzRatio(v.z, v.zp, { temperature: v.T }) / l.lipschitzBound({ temperature: v.T });
      let n, T, pct;
      do {
        n = pick(rng, [4, 6, 8]);
        T = pick(rng, [2, 2.5, 3, 4]);
        pct = pick(rng, [95, 98]);
      } while (share(worst(n, T, 3), lab) >= pct / 100);
      // The teacher's example: the same shape, logits scaled with T.
      let k = 3;
      while (share(worst(n, T, k), lab) < pct / 100) k += 1;
      const example = worst(n, T, k);
      const measure = (values, l) => {
        const sameT = Math.abs(values.T - T) < 1e-9, sameN = values.z.length === n;
        const s = share(values, l);
        return { ok: sameT && sameN && s >= pct / 100, text: `n = ${values.z.length}, T = ${values.T}: ‖Δp‖₂ / ‖Δz‖₂ = ${Number.isFinite(s) ? (100 * s).toFixed(2) : '—'} % · 1/(2T)` };
      };
      return {
        vars: { n, T, pct },
        data: { n, T, pct },
        example, measure,
        answerText: `z = [${example.z.join(', ')}], z′ = [${example.zp.join(', ')}], T = ${T}: ${(100 * share(example, lab)).toFixed(2)} %`,
        solution: [
          `p \\approx \\big(\\tfrac12, \\tfrac12, 0, \\dots\\big) \\iff \\frac{z_1}{T} = \\frac{z_2}{T} \\gg \\frac{z_i}{T}`,
          `z = ${k}\\,(1, 1, -1, \\dots, -1)`,
          `z' = z + 0.05\\,(1, -1, 0, \\dots, 0)`,
          `T = ${T}:\\quad \\frac{\\lVert\\Delta p\\rVert_2}{\\lVert\\Delta z\\rVert_2} = ${r4(share(example, lab))} \\cdot \\frac{1}{2T}`,
        ],
      };
    },
  },
  {
    id: 'clt-predict',
    kind: 'predict',
    at: 'clt',
    make(rng, lab) {
      // The lesson's own keys (seed, coin-flip values), so that the learner
      // can open the same draw in the panel.
      const sigma = pick(rng, [0.5, 3]);
      const n = pick(rng, [32, 64]);
      let seed, w, shareOf;
      for (;;) {
        seed = 1 + Math.floor(rng() * 999);
        const { g } = drawSequence(seed, 'coin');
        w = lab.attention([[sigma]], g.slice(0, n).map((x) => [x]), g.slice(0, n).map(() => [0]), { scale: 1 }).weights[0];
        shareOf = Math.max(...w) ** 2 / lab.dot(w, w);
        if (shareOf < 0.15 || shareOf >= 0.4) break;
      }
      const s2 = lab.dot(w, w);
      const answer = shareOf < 0.15 ? 'normal' : 'values';
      return {
        vars: { sigma, n, seed },
        data: { sigma, n, seed },
        choices: ['normal', 'values', 'spike'], answer,
        answerText: `${answer}: max αⱼ²/Σαⱼ² = ${shareOf.toFixed(3)}`,
        reveal: `\\begin{gathered}\\max_j \\alpha_j = ${r4(Math.max(...w))},\\quad \\textstyle\\sum_j \\alpha_j^2 = ${r4(s2)} \\\\ \\dfrac{\\max_j \\alpha_j^2}{\\sum_j \\alpha_j^2} = ${fmtTex(shareOf, 3)}\\end{gathered}`,
        solution: [
          `\\tau\\sqrt{\\textstyle\\sum_j \\alpha_j^2} = 1 \\cdot \\sqrt{${r4(s2)}} = ${r4(Math.sqrt(s2))}`,
          `\\dfrac{\\max_j \\alpha_j^2}{\\sum_j \\alpha_j^2} = ${fmtTex(shareOf, 3)}`,
        ],
      };
    },
  },
];
