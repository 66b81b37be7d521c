// The lesson's exercises (shared/exercises/ shows and checks them).
// make(rng, lab) draws the numbers from the exercise's seed and computes
// every expected answer, reveal and known mistake with the core
// (lab.onlineSoftmax, lab.tiledAttention, lab.softmaxInFormat,
// lab.attentionCost), as the lesson does.
import { tex as fmtTex } from '../../util/format.js';
import { rng as seeded, randomMatrix } from '../../util/random.js';
import { approx, num, vec } from '../shared/exercises/tex-numbers.js';
import { maxAbsDiff } from './demo.js';

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const oneDecimal = (rng, lo, hi) => Math.round((lo + rng() * (hi - lo)) * 10) / 10;
const zeros = (n) => Array.from({ length: n }, () => [0]);

export default [
  {
    id: 'rescale-compute',
    kind: 'compute',
    at: 'online',
    make(rng, lab) {
      const a = oneDecimal(rng, -1, 2), b = oneDecimal(rng, -1, 2);
      const c = Math.round((Math.max(a, b) + 0.5 + rng() * 2) * 10) / 10;  // a new maximum
      const r = lab.onlineSoftmax([a, b, c]);
      const m2 = r.m[1], l2 = r.l[1];
      const answer = r.l[2];
      return {
        vars: { a, b, c },
        data: { z: [a, b, c] }, shown: ['z'],
        tex: `z = ${vec([a, b, c])}`,
        answer, digits: 3,
        mistakes: [
          { key: 'noRescale', value: l2 + 1 },
          { key: 'wrongWay', value: l2 * Math.exp(c - m2) + 1 },
          { key: 'oldMax', value: l2 + Math.exp(c - m2) },
        ],
        answerText: answer.toFixed(4),
        solution: [
          `m_2 = \\max(${num(a)}, ${num(b)}) = ${num(m2)},\\quad l_2 = e^{${num(a)} - ${num(m2)}} + e^{${num(b)} - ${num(m2)}} = ${approx(l2, 5)}`,
          `m_3 = \\max(${num(m2)}, ${num(c)}) = ${num(r.m[2])}`,
          `l_3 = l_2\\, e^{m_2 - m_3} + e^{z_3 - m_3} = ${approx(l2, 5)} \\cdot e^{${fmtTex(m2 - r.m[2], 3)}} + 1 = ${approx(answer, 5)}`,
        ],
      };
    },
  },
  {
    id: 'tiles-compute',
    kind: 'compute',
    at: 'tiles',
    make(rng, lab) {
      const B = pick(rng, [16, 32, 64]);
      const T = 3 + Math.floor(rng() * 6);  // 3 .. 8 blocks
      const n = B * T;
      const r = lab.tiledAttention(zeros(n), zeros(n), zeros(n), { blockRows: B, blockCols: B, causal: true });
      const answer = r.tiles.filter((x) => !x.skipped).length;
      return {
        vars: { n, B },
        data: { n, B },
        answer, digits: 0,
        mistakes: [
          { key: 'all', value: r.tiles.length },
          { key: 'half', value: r.tiles.length / 2 },
          { key: 'noDiagonal', value: answer - T },
        ],
        answerText: String(answer),
        solution: [
          `T = \\frac{N}{B} = \\frac{${n}}{${B}} = ${T}`,
          `1 + 2 + \\dots + T = \\frac{T(T + 1)}{2} = \\frac{${T} \\cdot ${T + 1}}{2} = ${answer}`,
        ],
      };
    },
  },
  {
    id: 'exact-explain',
    kind: 'explain',
    at: 'exact',
    make(rng, lab) {
      const seed = Math.floor(rng() * 1e6), n = pick(rng, [24, 32, 48]), B = pick(rng, [4, 8, 16]);
      const next = seeded(seed);
      const [Q, K, V] = [0, 1, 2].map(() => randomMatrix(next, n, 8));
      const tiled = lab.tiledAttention(Q, K, V, { blockRows: B, blockCols: B });
      const diff = maxAbsDiff(tiled.output, lab.attention(Q, K, V).output);
      return {
        vars: { n, B },
        data: { seed, n, B },
        tex: `\\max_{i,j} \\left|O^{⟪tiled⟫}_{ij} - O^{⟪standard⟫}_{ij}\\right| = ${approx(diff, 3)}`,
        choices: ['rounding', 'approx', 'dropped', 'half'], answer: 'rounding',
        answerText: 'rounding',
        solution: [
          `e^{s - m_{⟪old⟫}} \\cdot e^{m_{⟪old⟫} - m_{⟪new⟫}} = e^{s - m_{⟪new⟫}}`,
          `O = \\frac{\\sum_j e^{s_j - m} v_j}{\\sum_j e^{s_j - m}} = \\operatorname{softmax}(s)\\,V`,
        ],
      };
    },
  },
  {
    id: 'overflow-predict',
    kind: 'predict',
    at: 'precision',
    make(rng, lab) {
      const top = pick(rng, [9.6, 10.4, 10.9, 11.3, 11.8, 12.5]);
      const z = [top, Math.round((top - 1 - rng() * 3) * 10) / 10, Math.round((top - 4 - rng() * 4) * 10) / 10];
      const naive = lab.softmaxInFormat(z, { format: 'float16', subtractMax: false });
      const answer = naive.weights.some(Number.isNaN) ? 'nan' : 'fine';
      const info = lab.formatInfo('float16');
      return {
        vars: { z: z.join(', ') },
        data: { z },
        tex: `z = ${vec(z)}`,
        choices: ['nan', 'fine', 'clipped'], answer,
        answerText: answer,
        reveal: `\\begin{gathered}e^{z} \\to ${vec(naive.exps, 4)},\\quad p \\to ${vec(naive.weights, 4)} \\\\ \\ln ${num(info.max)} = ${approx(info.expOverflow, 4)}\\end{gathered}`,
        solution: [
          `\\ln ${num(info.max)} = ${approx(info.expOverflow, 4)}`,
          `e^{${num(top)}} = ${approx(Math.exp(top), 6)} ${top > info.expOverflow ? '>' : '<'} ${num(info.max)}`,
        ],
      };
    },
  },
  {
    id: 'sum-explain',
    kind: 'explain',
    at: 'sum',
    make(rng, lab) {
      const format = pick(rng, ['float16', 'bfloat16']);
      const len = pick(rng, [4096, 8192]);
      const r = lab.softmaxInFormat(new Float64Array(len), { format });
      const stall = r.sums[len - 1];
      const gap = 2 * stall * lab.formatInfo(format).epsilon;
      return {
        vars: { len, stall, format },
        data: { len, format },
        tex: `l_{${len}} = ${num(stall)}\\quad (${num(len)})`,
        choices: ['spacing', 'overflow', 'expError', 'max'], answer: 'spacing',
        answerText: 'spacing',
        solution: [
          `${num(stall)} + 1 = ${num(stall + 1)} \\to ${num(lab.roundToFormat(stall + 1, format))}`,
          `${num(stall)} \\cdot 2 \\cdot ${num(lab.formatInfo(format).epsilon)} = ${num(gap)}`,
        ],
      };
    },
  },
  {
    id: 'order-predict',
    kind: 'predict',
    at: 'linear',
    make(rng, lab) {
      // Mostly long sequences (n > d: the right order wins), sometimes short ones (n < d: the left).
      const n = pick(rng, [32, 48, 1024, 2048, 4096]), d = pick(rng, [64, 128]);
      const left = lab.attentionCost(n, d, { kind: 'linear', order: 'left' }).flops;
      const right = lab.attentionCost(n, d, { kind: 'linear', order: 'right' }).flops;
      const answer = right < left ? 'right' : 'left';
      return {
        vars: { n, d },
        data: { n, d },
        choices: ['right', 'left', 'same'], answer,
        answerText: answer,
        reveal: `\\begin{gathered}(\\phi(Q)\\phi(K)^\\top)V:\\ ${approx(left, 4)} \\\\ \\phi(Q)(\\phi(K)^\\top V):\\ ${approx(right, 4)}\\end{gathered}`,
        solution: [
          `(\\phi(Q)\\phi(K)^\\top)V:\\ O(n^2 d),\\qquad \\phi(Q)(\\phi(K)^\\top V):\\ O(n d^2)`,
          `\\frac{n^2 d}{n d^2} = \\frac{n}{d} = \\frac{${n}}{${d}} = ${approx(n / d, 4)}`,
        ],
      };
    },
  },
];
