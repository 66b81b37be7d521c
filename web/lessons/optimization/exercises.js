// The optimization lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer, reveal and known mistake with the core
// (lab.optimize, the function the lesson runs).
import { tex as fmtTex, fmt } from '../../util/format.js';
import { problemOf } from './problems.js';
import { verdict } from './status.js';

const vecTex = (v, d = 4) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const r4 = (x) => fmtTex(x, 4);
// A starting point with integer coordinates, both nonzero.
const start = (rng) => [0, 1].map(() => (1 + Math.floor(rng() * 4)) * (rng() < 0.5 ? -1 : 1));
const bowl = (kappa) => problemOf('quadratic', kappa);
const aTex = (kappa) => `A = \\begin{bmatrix} 1 & 0 \\\\ 0 & ${kappa} \\end{bmatrix}`;
// The lesson's own verdict (status.js): the run blew up, or its loss ended above where it started.
const grows = (run, lab) => ['diverged', 'growing'].includes(verdict(run, 'quadratic', lab).kind);

export default [
  {
    id: 'gd-step-compute',
    kind: 'compute',
    at: 'steps',
    make(rng, lab) {
      const kappa = pick(rng, [2, 3, 4, 5, 8]);
      const x0 = start(rng);
      const lr = pick(rng, [0.05, 0.1, 0.15, 0.2]);
      const run = lab.optimize(bowl(kappa), x0, { method: 'gd', lr, steps: 1 });
      const g = run.grad[0], x1 = run.path[1];
      return {
        vars: { kappa, lr },
        data: { kappa, x0, lr }, shown: ['kappa', 'x0', 'lr'],
        tex: `\\begin{gathered} f(x) = \\tfrac12\\, x^\\top A x,\\quad ${aTex(kappa)} \\\\ x_0 = ${vecTex(x0)},\\quad \\alpha = ${lr} \\end{gathered}`,
        answer: x1, digits: 2,
        mistakes: [
          { key: 'plus', value: lab.add(x0, lab.scale(lr, g)) },
          { key: 'noA', value: lab.sub(x0, lab.scale(lr, x0)) },
          { key: 'delta', value: lab.scale(-lr, g) },
        ],
        answerText: `x₁ = (${x1.map((x) => x.toFixed(4)).join(', ')})`,
        solution: [
          `\\nabla f(x_0) = A x_0 = ${vecTex(g)}`,
          `x_1 = x_0 - \\alpha\\, \\nabla f(x_0) = ${vecTex(x0)} - ${lr}\\, ${vecTex(g)} = ${vecTex(x1)}`,
        ],
      };
    },
  },
  {
    id: 'adam-compute',
    kind: 'compute',
    at: 'play',
    make(rng, lab) {
      const kappa = pick(rng, [2, 4, 5, 10]);
      const x0 = start(rng);
      const lr = pick(rng, [0.1, 0.2, 0.5]);
      const beta1 = pick(rng, [0.8, 0.9]), beta2 = pick(rng, [0.995, 0.999]);
      const run = lab.optimize(bowl(kappa), x0, { method: 'adam', lr, steps: 1, beta1, beta2 });
      const g = run.grad[0], x1 = run.path[1], s = run.state[0];
      const eps = 1e-8;
      const noBias = lab.sub(x0, lab.scale(lr, s.m.map((m, i) => m / (Math.sqrt(s.v[i]) + eps))));
      return {
        vars: { lr, beta1, beta2 },
        data: { kappa, x0, lr, beta1, beta2 }, shown: ['kappa', 'x0', 'lr', 'beta1', 'beta2'],
        tex: `\\begin{gathered} ${aTex(kappa)},\\quad \\theta_0 = ${vecTex(x0)} \\\\ g_1 = A\\theta_0 = ${vecTex(g)} \\\\ \\alpha = ${lr},\\ \\beta_1 = ${beta1},\\ \\beta_2 = ${beta2},\\ m_0 = v_0 = 0 \\end{gathered}`,
        answer: x1, digits: 3,
        mistakes: [
          { key: 'noBias', value: noBias },
          { key: 'gd', value: lab.sub(x0, lab.scale(lr, g)) },
          { key: 'plus', value: lab.sub(lab.scale(2, x0), x1) },
        ],
        answerText: `θ₁ = (${x1.map((x) => x.toFixed(4)).join(', ')})`,
        solution: [
          `m_1 = (1 - ${beta1})\\, g_1 = ${vecTex(s.m)}`,
          `v_1 = (1 - ${beta2})\\, g_1^2 = ${vecTex(s.v, 4)}`,
          `\\hat m_1 = \\frac{m_1}{1 - ${beta1}} = ${vecTex(s.mHat)}`,
          `\\hat v_1 = \\frac{v_1}{1 - ${beta2}} = ${vecTex(s.vHat)}`,
          `\\begin{aligned} \\theta_1 &= \\theta_0 - \\alpha \\frac{\\hat m_1}{\\sqrt{\\hat v_1} + \\epsilon} \\\\ &= ${vecTex(x0)} - ${lr}\\, ${vecTex(s.mHat.map((m, i) => m / (Math.sqrt(s.vHat[i]) + eps)))} \\\\ &= ${vecTex(x1)} \\end{aligned}`,
        ],
      };
    },
  },
  {
    id: 'rate-predict',
    kind: 'predict',
    at: 'rateText',
    make(rng, lab) {
      let kappa, lr;
      // Not at the edges a kappa = 1 or 2, where the answer would hang on rounding.
      do { kappa = pick(rng, [5, 10, 20, 40]); lr = pick(rng, [0.01, 0.02, 0.03, 0.04, 0.06, 0.08, 0.12, 0.15, 0.3]); }
      while (Math.abs(lr * kappa - 1) < 0.15 || Math.abs(lr * kappa - 2) < 0.15);
      const x0 = [-4, 2];
      const run = lab.optimize(bowl(kappa), x0, { method: 'gd', lr, steps: 100 });
      const answer = grows(run, lab) ? 'diverges' : run.path[1][1] * run.path[0][1] < 0 ? 'zigzag' : 'smooth';
      const ys = run.path.slice(0, 5).map((p) => p[1]);
      const K = run.path.length - 1;
      return {
        vars: { kappa, lr },
        data: { kappa, lr, x0 },
        tex: `\\begin{gathered} f(x) = \\tfrac12\\, x^\\top A x,\\quad ${aTex(kappa)} \\\\ x_0 = ${vecTex(x0)},\\quad \\alpha = ${lr} \\end{gathered}`,
        choices: ['smooth', 'zigzag', 'diverges'], answer,
        answerText: `${answer}: y₀…y₄ = ${ys.map((y) => y.toFixed(3)).join(', ')}; f(x${K}) = ${fmt(run.loss[K], 4)}`,
        reveal: `\\begin{gathered} y_0, \\dots, y_4 = ${ys.map((y) => r4(y)).join(',\\ ')} \\\\ f(x_{${K}}) = ${r4(run.loss[K])} \\end{gathered}`,
        solution: [`y_{k+1} = (1 - \\alpha\\kappa)\\, y_k,\\qquad 1 - \\alpha\\kappa = 1 - ${lr} \\cdot ${kappa} = ${r4(1 - lr * kappa)}`],
      };
    },
  },
  {
    id: 'diverge-make',
    kind: 'make',
    at: 'rate',
    make(rng, lab) {
      const kappa = pick(rng, [25, 40, 50]);
      const x0 = [-4, 2];
      const fails = (lr) => grows(lab.optimize(bowl(kappa), x0, { method: 'gd', lr, steps: 100 }), lab);
      // The edge, found with the core: bisection between a rate that converges and one that does not.
      let lo = 0.001, hi = 0.1;
      for (let k = 0; k < 30; k++) { const mid = (lo + hi) / 2; if (fails(mid)) hi = mid; else lo = mid; }
      return {
        vars: { kappa },
        data: { kappa },
        answerVars: { edge: hi.toFixed(4) },
        example: { problem: 'quadratic', kappa, x0, lr: 0.1, steps: 100, gd: true },
        measure: (values, l) => {
          if (values.problem !== 'quadratic') return { ok: false, text: '—' };
          const run = l.optimize(bowl(values.kappa), values.x0, { method: 'gd', lr: values.lr, steps: values.steps });
          const bad = grows(run, l);
          const K = run.path.length - 1;
          return {
            ok: Math.abs(values.kappa - kappa) <= 0.5 && values.lr <= 0.1 && bad,
            text: `κ = ${values.kappa}, α = ${values.lr}: f(x₀) = ${fmt(run.loss[0], 4)} → f(x${K}) = ${fmt(run.loss[K], 4)}`,
          };
        },
        solution: [`|1 - \\alpha\\kappa| > 1 \\iff \\alpha > \\frac{2}{\\kappa} = \\frac{2}{${kappa}}\\quad(⟪core⟫\\ \\alpha \\approx ${r4(hi)})`],
      };
    },
  },
  {
    id: 'bias-explain',
    kind: 'explain',
    at: 'adam',
    make(rng, lab) {
      const beta1 = pick(rng, [0.8, 0.9, 0.95]);
      const x0 = start(rng);
      const run = lab.optimize(bowl(1), x0, { method: 'adam', lr: 0.1, steps: 1, beta1 });
      const s = run.state[0];
      return {
        vars: { beta1 },
        tex: `\\begin{gathered} g_1 = ${vecTex(run.grad[0])},\\quad m_1 = (1 - ${beta1})\\, g_1 = ${vecTex(s.m)} \\\\ \\hat m_1 = \\frac{m_1}{1 - ${beta1}^{1}} = ${vecTex(s.mHat)} \\end{gathered}`,
        choices: ['zeroStart', 'decay', 'unit', 'noise'], answer: 'zeroStart',
        answerText: 'zeroStart',
        solution: [`m_t = (1 - \\beta_1) \\sum_{s=1}^{t} \\beta_1^{t-s} g_s`,
          `(1 - \\beta_1)\\sum_{s=1}^{t} \\beta_1^{t-s} = 1 - \\beta_1^{t}\\ \\Rightarrow\\ \\hat m_t = \\frac{m_t}{1 - \\beta_1^{t}}`],
      };
    },
  },
];
