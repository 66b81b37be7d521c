// The training lesson's exercises (shared/exercises/ shows and checks
// them). make(rng, lab) draws the numbers from the exercise's seed and
// computes every expected answer, reveal and known mistake with the core
// (lab.trainAttention, lab.softmaxCrossEntropy, lab.optimize: the functions
// the lesson runs).
import { tex as fmtTex, sub } from '../../util/format.js';
import { num, rounded, vec } from '../shared/exercises/tex-numbers.js';
import { TOKENS, N, taskData } from './tasks.js';
import { train, tooLarge, BIG_LR } from './run.js';

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const vecTex = (v, d = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
const r4 = (x) => fmtTex(x, 4);
const argmax = (v) => v.indexOf(Math.max(...v));

// The lesson's default run of a task (Adam, seed 1, 120 updates), kept per task.
const RUNS = new Map();
const trained = (lab, task) => {
  if (!RUNS.has(task)) RUNS.set(task, train(lab, { task, method: 'adam', lr: 0.05, steps: 120, seed: 1, record: 0 }));
  return RUNS.get(task);
};

// Where a trained row looks: the key position j* (0-based) named as one of the choices.
export const kindOf = (j, i, task, tokens) => (j === i ? 'self' : j === 0 ? 'first' : j === i - 1 ? 'prev'
  : task === 'match' && tokens[j] === tokens[i] ? 'match' : 'other');

// A (sequence, position) where the four candidate patterns point at four different keys, and,
// on the letter tasks, at three different letters: a wrong pattern never outputs the right
// letter by chance ("itself" was told it copies the wrong letter where x_i was the target).
function placeFor(rng, task) {
  const { tokens } = taskData(task);
  for (;;) {
    const b = Math.floor(rng() * tokens.length), i = 3 + Math.floor(rng() * (N - 3));
    const x = tokens[b];
    let j = -1;
    for (let k = i - 1; k >= 0; k--) if (x[k] === x[i]) { j = k; break; }
    const ok = task === 'match' ? j > 0 && j < i - 1 : new Set([x[0], x[i - 1], x[i]]).size === 3;
    if (ok) return { b, i, x };
  }
}

export default [
  {
    id: 'pattern-predict',
    kind: 'predict',
    at: 'data',
    make(rng, lab) {
      for (;;) {
        const task = pick(rng, ['first', 'prev', 'match']);
        const { b, i, x } = placeFor(rng, task);
        const row = trained(lab, task).weights[b][i];
        const j = argmax(row);
        const answer = kindOf(j, i, task, x);
        if (answer === 'other') continue;
        const targets = taskData(task).targets[b].map((c) => (task === 'match' ? String(c + 1) : TOKENS[c]));
        return {
          vars: { i: i + 1, seq: x.map((k) => TOKENS[k]).join(' '), targets: targets.join(' ') },
          data: { task, b, i },
          choices: ['first', 'prev', 'self', 'match'], answer,
          answerText: `${answer}: key ${j + 1}, weight ${row[j].toFixed(3)}`,
          reveal: `\\alpha_{${i + 1},\\cdot} = ${vecTex(row.slice(0, i + 1), 3)}`,
          solution: [`\\text{argmax}_j\\ \\alpha_{${i + 1} j} = ${j + 1},\\quad \\alpha_{${i + 1},${j + 1}} = ${fmtTex(row[j], 3)}`],
        };
      }
    },
  },
  {
    id: 'ce-grad-compute',
    kind: 'compute',
    at: 'loss',
    make(rng, lab) {
      const z = [0, 1, 2].map(() => Math.round((rng() * 4 - 2) * 10) / 10);
      const y = Math.floor(rng() * 3);
      const k = rng() < 0.5 ? y : (y + 1 + Math.floor(rng() * 2)) % 3;
      // p as shown (4 decimals): the answer p_k - [k = y] is computed from it.
      const p = lab.softmaxCrossEntropy([z], [y]).probs[0].map((x) => rounded(x, 4));
      const answer = p[k] - (k === y ? 1 : 0);
      return {
        vars: { y: y + 1, k: sub(k + 1) },
        data: { z, y, k, p }, shown: ['z', 'p'],
        tex: `z = ${vec(z)},\\quad p = \\operatorname{softmax}(z) = ${vec(p)},\\quad y = ${y + 1}`,
        answer, digits: 3,
        mistakes: [{ key: 'noOnehot', value: p[k] }, { key: 'sign', value: -answer }, { key: 'minusOne', value: p[k] - 1 }],
        answerText: answer.toFixed(4),
        solution: [`\\frac{\\partial L}{\\partial z_{${k + 1}}} = p_{${k + 1}} - [\\,${k + 1} = y\\,] = ${r4(p[k])} - ${k === y ? 1 : 0} = ${r4(answer)}`],
      };
    },
  },
  {
    id: 'adam-compute',
    kind: 'compute',
    at: 'adam',
    make(rng, lab) {
      const a = pick(rng, [1, 2, 3]), bq = pick(rng, [-1, 1, 2]);
      const x0 = pick(rng, [-2, -1.5, 1.5, 2, 2.5]);
      const run = lab.optimize({ name: 'quadratic', A: [[a]], b: [bq] }, [x0], { method: 'adam', lr: 0.1, steps: 2 });
      const g1 = run.grad[0][0], g2 = run.grad[1][0];
      const s2 = run.state[1];
      const answer = s2.mHat[0];
      return {
        vars: {},
        data: { a, b: bq, x0, g1, g2 }, shown: ['g1', 'g2'],
        tex: `g_1 = ${num(g1)},\\quad g_2 = ${num(g2)},\\quad \\beta_1 = 0.9,\\quad m_0 = 0`,
        answer, digits: 3,
        mistakes: [{ key: 'noCorrection', value: s2.m[0] }, { key: 'lastGradient', value: g2 }, { key: 'mean', value: (g1 + g2) / 2 }],
        answerText: answer.toFixed(4),
        solution: [
          `m_1 = 0.1 \\cdot ${num(g1)} = ${r4(run.state[0].m[0])},\\quad m_2 = 0.9 \\cdot ${r4(run.state[0].m[0])} + 0.1 \\cdot ${num(g2)} = ${r4(s2.m[0])}`,
          `\\hat m_2 = \\frac{m_2}{1 - 0.9^2} = \\frac{${r4(s2.m[0])}}{0.19} = ${r4(answer)}`,
        ],
      };
    },
  },
  {
    id: 'gd-make',
    kind: 'make',
    at: 'train',
    make(rng, lab) {
      const task = 'prev';
      // Budgets where the rate gradient descent starts at (DEFAULT_LR.gd = 2) falls short and a
      // larger one (3 to 6) gets there: the learner has to search (too large fails again).
      const k = pick(rng, [15, 20]);
      let lr = null;
      for (const c of [3, 4, 5, 6]) {
        const r = train(lab, { task, method: 'gd', lr: c, steps: k, seed: 1, record: 0 });
        if (!r.diverged && r.accuracy[r.accuracy.length - 1] === 1) { lr = c; break; }
      }
      const example = { task, method: 'gd', lr, steps: k, seed: 1 };
      return {
        vars: { k },
        data: { task, k },
        answerVars: { lr },
        example,
        measure: (values, lab2, kfn) => {
          if (values.task !== task || values.method !== 'gd' || values.steps > k) return { ok: false, text: kfn('notSetUp') };
          const r = train(lab2, { task, method: 'gd', lr: values.lr, steps: values.steps, seed: values.seed, record: 0 });
          const acc = r.accuracy[r.accuracy.length - 1];
          return { ok: !r.diverged && acc === 1, text: r.diverged ? `η = ${values.lr}: ✗ (${r.divergedAt})` : `η = ${values.lr}, ${values.steps}: ${(100 * acc).toFixed(1)} %` };
        },
        solution: [`\\theta \\leftarrow \\theta - \\eta\\, \\nabla L(\\theta),\\quad \\eta = ${lr}:\\ ⟪accuracy⟫ = 1\\ ⟪after⟫\\ ${k}\\ ⟪updates⟫`],
      };
    },
  },
  {
    id: 'diverge-explain',
    kind: 'explain',
    at: 'optimizers',
    make(rng, lab) {
      const task = pick(rng, ['first', 'prev', 'match']);
      const r = tooLarge(lab, { task, seed: 1, steps: 120 });
      const first = r.loss.slice(0, 5);
      return {
        vars: { lr: BIG_LR, k: r.divergedAt },
        tex: `\\eta = ${BIG_LR}:\\quad L_0, \\dots, L_4 = ${first.map((x) => fmtTex(x, 3)).join(',\\ ')}`,
        choices: ['overshoot', 'bug', 'momentum', 'hard'], answer: 'overshoot',
        answerText: 'overshoot',
        // The ratios of successive losses: each update multiplies the loss again (the first by as
        // little as 1.05 for some seeds, then by hundreds).
        solution: [`\\theta_{k+1} = \\theta_k - ${BIG_LR}\\,\\nabla L(\\theta_k):\\quad \\frac{L_{k+1}}{L_k} = ${first.slice(1).map((x, q) => fmtTex(x / first[q], 3)).join(',\\ ')}\\quad (k = 0, \\dots, 3)`],
      };
    },
  },
];
