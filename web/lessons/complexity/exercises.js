// The complexity lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer, reveal and known mistake with the core's
// analytic counts (lab.attentionCost), as the lesson does.
import { tex as fmtTex } from '../../util/format.js';

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const MB = 2 ** 20;
// The lesson's menu options for w and r (inputs.js).
const W_OPTIONS = [1, 4, 16, 64, 256];
const R_OPTIONS = [8, 16, 32, 64, 128, 256];
const DEFAULTS = { d: 64, w: 16, r: 32 };
const cost = (lab, n, d, kind, { w, r } = {}) => lab.attentionCost(n, d,
  kind === 'sparse' ? { kind, window: w } : kind === 'lowRank' ? { kind, rank: r } : { kind });
// Big integers in TeX with thin spaces between groups of three digits.
const big = (x) => String(Math.round(x)).replace(/\B(?=(\d{3})+(?!\d))/g, '\\,');
// Percentages of full attention's operations that sparse and low-rank need.
function shares(lab, n, { d, w, r }) {
  const full = cost(lab, n, d, 'full').flops;
  return {
    sparse: (100 * cost(lab, n, d, 'sparse', { w }).flops) / full,
    lowRank: r <= n ? (100 * cost(lab, n, d, 'lowRank', { r }).flops) / full : Infinity,
  };
}

export default [
  {
    id: 'double-predict',
    kind: 'predict',
    at: 'steps',
    make(rng, lab) {
      const n = pick(rng, [256, 512, 1024, 2048]);
      const d = pick(rng, [16, 32, 64, 128]);
      const f1 = cost(lab, n, d, 'full').flops, f2 = cost(lab, 2 * n, d, 'full').flops;
      const s1 = cost(lab, n, d, 'sparse', { w: 16 }).flops, s2 = cost(lab, 2 * n, d, 'sparse', { w: 16 }).flops;
      const ratio = f2 / f1;
      const factors = { two: 2, four: 4, eight: 8 };
      const answer = Object.keys(factors).reduce((a, b) => (Math.abs(Math.log(factors[b] / ratio)) < Math.abs(Math.log(factors[a] / ratio)) ? b : a));
      return {
        vars: { n, n2: 2 * n, d },
        data: { n, d },
        choices: ['two', 'four', 'eight'], answer,
        answerText: `×${fmtTex(ratio, 4)} (${f1} → ${f2})`,
        reveal: `\\begin{gathered}QK^\\top\\ (n \\times n):\\ ${big(f1)} \\to ${big(f2)}\\ (\\times ${fmtTex(ratio, 4)}) \\\\ |i - j| \\le 16:\\ ${big(s1)} \\to ${big(s2)}\\ (\\times ${fmtTex(s2 / s1, 4)})\\end{gathered}`,
        solution: [
          `4(2n)^2 d + 5(2n)^2 = 4\\,(4n^2 d + 5n^2)`,
          `n = ${n},\\ d = ${d}:\\quad \\frac{${big(f2)}}{${big(f1)}} = ${fmtTex(ratio, 4)}`,
        ],
      };
    },
  },
  {
    id: 'share-compute',
    kind: 'compute',
    at: 'counts-text',
    make(rng, lab) {
      const n = pick(rng, [1024, 2048]);
      const w = pick(rng, [4, 8, 16]);
      const d = pick(rng, [32, 64, 128]);
      const full = cost(lab, n, d, 'full').flops, sparse = cost(lab, n, d, 'sparse', { w }).flops;
      const answer = (100 * sparse) / full;
      const perPair = full / (n * n);  // 4d + 5 operations per query-key pair
      const pairs = sparse / perPair;
      return {
        vars: { n, w, d },
        data: { n, w, d },
        answer, digits: 1,
        mistakes: [
          { key: 'oneSide', value: (answer * (w + 1)) / (2 * w + 1) },
          { key: 'noSelf', value: (answer * 2 * w) / (2 * w + 1) },
          { key: 'inverse', value: full / sparse },
          { key: 'fraction', value: answer / 100 },
        ],
        answerText: `${answer.toFixed(3)} %`,
        solution: [
          `(4d + 5)\\,n^2 = ${4 * d + 5} \\cdot ${n}^2`,
          `= ${big(full)}`,
          `n(2w + 1) - w(w + 1) = ${big(pairs)}`,
          `${4 * d + 5} \\cdot ${big(pairs)} = ${big(sparse)}`,
          `100 \\cdot \\frac{${big(sparse)}}{${big(full)}} = ${fmtTex(answer, 4)}\\,\\%`,
          `\\approx 100 \\cdot \\frac{2w + 1}{n} = ${fmtTex((100 * (2 * w + 1)) / n, 4)}\\,\\%`,
        ],
      };
    },
  },
  {
    id: 'budget-make',
    kind: 'make',
    at: 'counts',
    make(rng, lab) {
      const n = pick(rng, [1024, 2048, 4096]);
      const now = shares(lab, n, DEFAULTS);
      // Targets the lesson's defaults miss but some choice of w and r meets.
      const combos = W_OPTIONS.flatMap((w) => R_OPTIONS.map((r) => ({ w, r, s: shares(lab, n, { d: DEFAULTS.d, w, r }) })));
      const targets = [0.5, 1, 2, 3, 5].filter((pct) => Math.max(now.sparse, now.lowRank) >= pct
        && combos.some((c) => c.s.sparse < pct && c.s.lowRank < pct));
      const pct = pick(rng, targets);
      // The teacher's example: the largest w and r that meet the target.
      const ok = combos.filter((c) => c.s.sparse < pct && c.s.lowRank < pct);
      const best = ok.reduce((a, b) => (b.w + b.r > a.w + a.r ? b : a));
      const measure = (values, lab2) => {
        const s = shares(lab2, n, values);
        const f = (x) => (Number.isFinite(x) ? `${x.toFixed(2)} %` : '—');
        return { ok: s.sparse < pct && s.lowRank < pct, text: `n = ${n}: w = ${values.w} → ${f(s.sparse)}, r = ${values.r} → ${f(s.lowRank)}` };
      };
      const e = shares(lab, n, { d: DEFAULTS.d, ...best });
      return {
        vars: { n, pct },
        data: { n, pct },
        example: { d: DEFAULTS.d, w: best.w, r: best.r },
        measure,
        answerText: `w = ${best.w}, r = ${best.r} (d = ${DEFAULTS.d}): ${e.sparse.toFixed(3)} %, ${e.lowRank.toFixed(3)} %`,
        solution: [
          `\\frac{n(2w + 1)(4d + 5)}{n^2 (4d + 5)} \\approx \\frac{2w + 1}{n}`,
          `\\frac{8nrd}{4n^2 d} = \\frac{2r}{n}`,
          `n = ${n},\\ w = ${best.w}:\\ ${fmtTex(e.sparse, 3)}\\,\\% < ${pct}\\,\\%`,
          `n = ${n},\\ r = ${best.r}:\\ ${fmtTex(e.lowRank, 3)}\\,\\% < ${pct}\\,\\%`,
        ],
      };
    },
  },
  {
    id: 'memory-compute',
    kind: 'compute',
    at: 'memory',
    make(rng, lab) {
      const n = 1000 + 500 * Math.floor(rng() * 9);  // 1000 .. 5000
      const d = pick(rng, [32, 64, 128]);
      const bytes = cost(lab, n, d, 'full').bytes;
      const matrix = 8 * n * n, qkv = bytes - matrix;
      const answer = bytes / MB;
      return {
        vars: { n, d },
        data: { n, d },
        answer, digits: 1,
        mistakes: [
          { key: 'numbers', value: bytes / 8 / MB },
          { key: 'matrixOnly', value: matrix / MB },
          { key: 'chapter', value: (matrix * d + qkv) / MB },
          { key: 'decimal', value: bytes / 1e6 },
        ],
        answerText: `${answer.toFixed(2)} MB`,
        solution: [
          `n^2 + 3nd = ${n}^2 + 3 \\cdot ${n} \\cdot ${d}`,
          `= ${big(bytes / 8)}`,
          `8 \\cdot ${big(bytes / 8)} = ${big(bytes)}\\ \\text{B}`,
          `\\frac{${big(bytes)}}{2^{20}} = ${fmtTex(answer, 4)}\\ \\text{MB}`,
        ],
      };
    },
  },
  {
    id: 'chapter-explain',
    kind: 'explain',
    at: 'chapter',
    make(rng, lab) {
      const n = pick(rng, [4096, 8192, 16384]);
      const d = 64;
      const w = pick(rng, [4, 8, 16, 32]);
      const a = cost(lab, n, d, 'sparse', { w }).flops, b = cost(lab, n, d, 'sparse', { w: 4 * w }).flops;
      const a2 = cost(lab, 2 * n, d, 'sparse', { w }).flops;
      return {
        vars: { n, d, w, w4: 4 * w },
        data: { n, d, w },
        tex: `\\begin{gathered}n = ${n},\\ d = ${d},\\ w = ${w}:\\ ${big(a)} \\\\ w \\to ${4 * w}:\\ ${big(b)}\\ (\\times ${fmtTex(b / a, 3)}) \\\\ n \\to ${2 * n}:\\ ${big(a2)}\\ (\\times ${fmtTex(a2 / a, 3)})\\end{gathered}`,
        choices: ['fixedW', 'alwaysNd', 'quadratic', 'noD'], answer: 'fixedW',
        answerText: 'fixedW',
        solution: [
          `(4d + 5)\\big(n(2w + 1) - w(w + 1)\\big)`,
          `= O(n\\,w\\,d)`,
          `w = \\text{const} \\Rightarrow O(n\\,d)`,
          `w = \\sqrt n \\Rightarrow O(n^{1.5} d)`,
        ],
      };
    },
  },
];
