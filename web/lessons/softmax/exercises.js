// The softmax lesson's exercises (shared/exercises/ shows and checks them).
// make(rng, lab) draws the numbers from the exercise's seed and computes
// every expected answer, reveal and known mistake with the core.
import { fmt, tex as fmtTex, sub } from '../../util/format.js';
import { approx, num, rounded, vec } from '../shared/exercises/tex-numbers.js';

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
// n distinct logits, one decimal, in [-2, 3].
function logits(rng, n) {
  for (;;) {
    const z = Array.from({ length: n }, () => Math.round((rng() * 5 - 2) * 10) / 10);
    if (new Set(z).size === n) return z;
  }
}
const r2 = (x) => approx(x, 4);

export default [
  {
    id: 'make-p1',
    kind: 'make',
    at: 'inputs',
    make(rng) {
      const target = pick(rng, [0.75, 0.8, 0.85, 0.9]);
      const z1 = Math.ceil(10 * Math.log((3 * target) / (1 - target))) / 10;  // with three other logits at 0
      return {
        vars: { target },
        data: { target },
        answerText: `T = 1, z = [${z1}, 0, 0, 0]`,
        example: { z: [z1, 0, 0, 0], T: 1 },
        measure: (values, lab) => {
          const p = lab.softmax(values.z, { temperature: values.T });
          return { ok: values.T === 1 && p[0] >= target, text: `p₁ = ${p[0].toFixed(3)}, T = ${values.T}` };
        },
        solution: [`p_1 = \\frac{e^{z_1}}{\\sum_j e^{z_j}} \\ge ${target} \\iff e^{z_1} \\ge ${fmtTex(target / (1 - target), 3)} \\sum_{j>1} e^{z_j}`],
      };
    },
  },
  {
    id: 'entry-compute',
    kind: 'compute',
    at: 'steps',
    make(rng, lab) {
      const z = logits(rng, 3);
      const k = Math.floor(rng() * 3);
      const s = lab.softmaxSteps(z);
      const p = s.probs[k];
      const sumZ = z.reduce((a, b) => a + b, 0);
      const mistakes = [
        { key: 'noExp', value: sumZ !== 0 ? z[k] / sumZ : NaN },
        { key: 'noDivide', value: Math.exp(z[k]) },
        { key: 'shiftNoDivide', value: s.exps[k] },
      ].filter((m) => Number.isFinite(m.value));
      return {
        vars: { k: sub(k + 1), n: k + 1 },
        data: { z, k }, shown: ['z'],
        tex: `z = ${vec(z)}`,
        answer: p, digits: 2, mistakes,
        answerText: p.toFixed(4),
        solution: [
          `m = \\max_j z_j = ${num(s.max)},\\quad e^{z_j - m} = ${vec(s.exps, 4)}`,
          `S = ${s.exps.map((x) => r2(x)).join(' + ')} = ${r2(s.sum)}`,
          `p_{${k + 1}} = \\frac{${r2(s.exps[k])}}{${r2(s.sum)}} = ${r2(p)}`,
        ],
      };
    },
  },
  {
    id: 'temperature-predict',
    kind: 'predict',
    at: 'temperature',
    make(rng, lab) {
      const z = logits(rng, 4);
      // Cooler or warmer, drawn from the seed: max p goes up exactly when T goes down.
      const T = pick(rng, [0.1, 0.25, 0.5, 2, 4, 10]);
      const p1 = lab.softmax(z, { temperature: 1 });
      const pT = lab.softmax(z, { temperature: T });
      const max1 = Math.max(...p1), maxT = Math.max(...pT);
      const answer = maxT > max1 ? 'up' : maxT < max1 ? 'down' : 'same';
      return {
        vars: { T, g: fmt(1 / T, 3) },
        data: { z, T }, shown: ['z'],
        tex: `z = ${vec(z)}`,
        choices: ['up', 'down', 'same'], answer,
        answerText: `max p: ${max1.toFixed(4)} (T = 1) → ${maxT.toFixed(4)} (T = ${T})`,
        reveal: `T = 1:\\ p = ${vec(p1, 3)},\\quad T = ${T}:\\ p = ${vec(pT, 3)}`,
        solution: [`\\frac{p_i}{p_j} = e^{(z_i - z_j)/T}:\\ T = ${T}\\ ⟪multipliesLogRatios⟫\\ 1/T = ${fmtTex(1 / T, 3)}`],
      };
    },
  },
  {
    id: 'shift-explain',
    kind: 'explain',
    at: 'stability',
    make(rng, lab) {
      const a = 700 + Math.floor(rng() * 600);
      const z = [a, a + 1, a + 2];
      const p = lab.softmax(z);
      return {
        vars: { a },
        tex: `z = ${vec(z)}:\\quad \\operatorname{softmax}(z) = ${vec(p, 4)} = \\operatorname{softmax}(z - ${a + 2})`,
        choices: ['sharper', 'overflow', 'negative', 'exact'], answer: 'overflow',
        answerText: 'overflow',
        solution: [`\\frac{e^{z_i - m}}{\\sum_j e^{z_j - m}} = \\frac{e^{-m} e^{z_i}}{e^{-m} \\sum_j e^{z_j}} = \\frac{e^{z_i}}{\\sum_j e^{z_j}}`],
      };
    },
  },
  {
    id: 'jacobian-compute',
    kind: 'compute',
    at: 'jacobian',
    make(rng, lab) {
      const z = logits(rng, 3);
      // p as shown (4 decimals): the answer -p_i p_j is computed from it.
      const p = lab.softmax(z).map((x) => rounded(x, 4));
      const [i, j] = pick(rng, [[0, 1], [0, 2], [1, 2], [1, 0], [2, 0], [2, 1]]);
      const answer = -p[i] * p[j];
      return {
        vars: { i: sub(i + 1), j: sub(j + 1) },
        data: { z, i, j, p }, shown: ['z', 'p'],
        tex: `z = ${vec(z)},\\quad p = \\operatorname{softmax}(z) = ${vec(p)}`,
        answer, digits: 3,
        mistakes: [{ key: 'sign', value: -answer }, { key: 'diagonal', value: p[i] * (1 - p[i]) }],
        answerText: answer.toFixed(4),
        solution: [`\\frac{\\partial p_{${i + 1}}}{\\partial z_{${j + 1}}} = p_{${i + 1}}(\\delta_{${i + 1}${j + 1}} - p_{${j + 1}}) = -p_{${i + 1}}\\,p_{${j + 1}} = -${num(p[i])} \\cdot ${num(p[j])} = ${r2(answer)}`],
      };
    },
  },
];
