// The information lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer, reveal and known mistake with the core
// (lab.entropy, lab.klDivergence, lab.crossEntropy, lab.attention), as the
// lesson does.
import { fmt, tex as fmtTex, sub } from '../../util/format.js';
import { seeded } from '../shared/inputs.js';
import { mat, num, vec } from '../shared/exercises/tex-numbers.js';

const vecTex = (v, d = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const f4 = (x) => fmtTex(x, 4);
const DK = 3, DV = 2;  // as the lesson's attention part
// As the lesson reads P from the URL: divided by its total.
const normalize = (v) => {
  const total = v.reduce((a, b) => a + b, 0);
  return v.map((x) => x / total);
};
// n probabilities with 2 decimals, each at least 0.05, summing to 1.
function distribution(rng, n) {
  for (;;) {
    const w = Array.from({ length: n }, () => 0.2 + rng());
    const total = w.reduce((a, b) => a + b, 0);
    const p = w.slice(0, -1).map((x) => Math.round((100 * x) / total) / 100);
    const last = Math.round(100 * (1 - p.reduce((a, b) => a + b, 0))) / 100;
    if (last >= 0.05 && p.every((x) => x >= 0.05)) return [...p, last];
  }
}
const terms = (p, q, L) => p.map((x, i) => `${num(x)}\\,${L}\\frac{${num(x)}}{${num(q[i])}}`).join(' + ');

export default [
  {
    id: 'entropy-bits',
    kind: 'compute',
    at: 'entropy',
    make(rng, lab) {
      const p = distribution(rng, rng() < 0.5 ? 3 : 4);
      const H = lab.entropy(p, { base: 2 });
      const mistakes = [
        { key: 'nats', value: lab.entropy(p, { base: Math.E }) },
        { key: 'log10', value: lab.entropy(p, { base: 10 }) },
        { key: 'sign', value: -H },
      ];
      return {
        vars: { n: p.length },
        data: { p }, shown: ['p'],
        tex: `P = ${vec(p)}`,
        answer: H, digits: 2, mistakes,
        answerText: H.toFixed(4),
        solution: [
          `H(P) = -\\sum_i p_i \\log_2 p_i = -\\big(${p.map((x) => `${num(x)} \\log_2 ${num(x)}`).join(' + ')}\\big)`,
          `= ${p.map((x) => f4(-x * Math.log2(x))).join(' + ')} = ${f4(H)}\\ \\text{bits} \\quad(\\log_2 x = \\ln x / \\ln 2)`,
        ],
      };
    },
  },
  {
    id: 'entropy-make',
    kind: 'make',
    at: 'bounds',
    make(rng, lab) {
      const target = Math.round((0.6 + rng() * 0.9) * 10) / 10;
      const tol = 0.05;
      // P = [x, (1 - x)/3, (1 - x)/3, (1 - x)/3]: H falls from 2 bits (x = 1/4) to 0 (x = 1).
      const H = (x) => lab.entropy([x, (1 - x) / 3, (1 - x) / 3, (1 - x) / 3], { base: 2 });
      let lo = 0.25, hi = 1;
      for (let k = 0; k < 40; k++) { const mid = (lo + hi) / 2; if (H(mid) > target) lo = mid; else hi = mid; }
      const x = Math.round(lo * 1000) / 1000, y = Math.round(((1 - x) / 3) * 1000) / 1000;
      const example = [x, y, y, y];
      return {
        vars: { target, tol },
        data: { target, tol },
        answerText: `P = [${example.join(', ')}]`,
        example: { P: example },
        measure: (values, lab2) => {
          const h = lab2.entropy(normalize(values.P), { base: 2 });
          return { ok: Math.abs(h - target) <= tol, text: `H(P) = ${fmt(h, 4)} bits` };
        },
        solution: [
          `P = ${vecTex(example, 3)}:\\quad H(P) = ${f4(lab.entropy(normalize(example), { base: 2 }))}\\ \\text{bits}`,
        ],
      };
    },
  },
  {
    id: 'kl-compute',
    kind: 'compute',
    at: 'kl',
    make(rng, lab) {
      let P, Q, kl;
      do { P = distribution(rng, 3); Q = distribution(rng, 3); kl = lab.klDivergence(P, Q, { base: 2 }); } while (kl < 0.1);
      const mistakes = [
        { key: 'reversed', value: lab.klDivergence(Q, P, { base: 2 }) },
        { key: 'nats', value: lab.klDivergence(P, Q, { base: Math.E }) },
        { key: 'cross', value: lab.crossEntropy(P, Q, { base: 2 }) },
      ];
      return {
        vars: {},
        data: { P, Q }, shown: ['P', 'Q'],
        tex: `\\begin{gathered} P = ${vec(P)} \\\\ Q = ${vec(Q)} \\end{gathered}`,
        answer: kl, digits: 2, mistakes,
        answerText: kl.toFixed(4),
        solution: [
          `\\mathrm{KL}(P\\,\\|\\,Q) = \\sum_i p_i \\log_2\\frac{p_i}{q_i} = ${terms(P, Q, '\\log_2')}`,
          `= ${P.map((p, i) => f4(p * Math.log2(p / Q[i]))).join(' + ').replace(/\+ -/g, '- ')} = ${f4(kl)}\\ \\text{bits}`,
        ],
      };
    },
  },
  {
    id: 'ce-explain',
    kind: 'explain',
    at: 'ce',
    make(rng, lab) {
      const P = distribution(rng, 3), Q = distribution(rng, 3);
      const ce = lab.crossEntropy(P, Q, { base: 2 }), h = lab.entropy(P, { base: 2 }), kl = lab.klDivergence(P, Q, { base: 2 });
      return {
        vars: {},
        data: { P, Q },
        tex: `\\begin{gathered} P = ${vec(P)} \\\\ Q = ${vec(Q)} \\\\ H(P, Q) = ${f4(ce)} = \\underbrace{${f4(h)}}_{H(P)} + \\underbrace{${f4(kl)}}_{\\mathrm{KL}(P\\|Q)} \\end{gathered}`,
        choices: ['constant', 'equal', 'symmetric', 'positive'], answer: 'constant',
        answerText: 'constant',
        solution: [
          `H(P, Q) = H(P) + \\mathrm{KL}(P\\,\\|\\,Q),\\quad \\frac{\\partial H(P)}{\\partial Q} = 0 \\;\\Rightarrow\\; \\arg\\min_Q H(P, Q) = \\arg\\min_Q \\mathrm{KL}(P\\,\\|\\,Q)`,
        ],
      };
    },
  },
  {
    id: 'temperature-predict',
    kind: 'predict',
    at: 'attention',
    make(rng, lab) {
      const seed = Math.floor(rng() * 1000);
      const n = 3 + Math.floor(rng() * 4);
      const i = Math.floor(rng() * n);
      const { Q, K, V } = seeded(seed, n, DK, DV);
      const Hrow = (T) => lab.entropy(lab.attention(Q, K, V, { scale: 1 / (T * Math.sqrt(DK)) }).weights[i], { base: 2 });
      const T0 = Number((1 / Math.sqrt(DK)).toPrecision(3));  // the lesson's button
      const h1 = Hrow(1), h0 = Hrow(T0);
      const answer = h0 < h1 - 1e-12 ? 'down' : h0 > h1 + 1e-12 ? 'up' : 'same';
      return {
        vars: { i: sub(i + 1), ni: i + 1, n, seed, T0: fmt(T0, 3) },
        data: { seed, n, i, T0, q: Q[i], K }, shown: ['q', 'K'],
        tex: `\\begin{gathered} q_{${i + 1}} = ${vec(Q[i])} \\\\ K = ${mat(K)} \\end{gathered}`,
        choices: ['down', 'up', 'same'], answer,
        answerText: `H(α${sub(i + 1)}): ${h1.toFixed(4)} (T = 1) → ${h0.toFixed(4)} (T = ${T0}) bits`,
        reveal: `H(\\alpha_{${i + 1}}):\\ ${f4(h1)}\\ \\text{bits}\\ (T = 1) \\;\\to\\; ${f4(h0)}\\ \\text{bits}\\ (T = ${T0})`,
        solution: [
          `\\alpha_{${i + 1}} = \\operatorname{softmax}\\!\\Big(\\frac{q_{${i + 1}} K^\\top}{T\\sqrt{3}}\\Big):\\ T < 1\\ ⟪multipliesGaps⟫\\ 1/T = ${fmtTex(1 / T0, 3)}`,
          `\\alpha = \\operatorname{softmax}(c\\,s),\\ c = \\tfrac{1}{T\\sqrt{3}}:\\quad \\frac{dH}{dc} = -c\\,\\operatorname{Var}_{\\alpha}(s) \\le 0`,
        ],
      };
    },
  },
];
