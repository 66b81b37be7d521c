// The training lesson's computations, all in the core: a run of
// lab.trainAttention from seeded initial weights (recording the attention
// maps after every update, for the scrubber), the full-batch gradient of
// one weight at given parameters (lab.selfAttention, lab.matmul,
// lab.softmaxCrossEntropy, lab.selfAttentionBackward on the B sequences
// stacked, a block-diagonal causal mask keeping them apart), and the
// chapter's Adam recursion for that weight, checked against the trainer.
import { taskData, initParams, sequences, V, N, B, HELD_OUT_SEED, HELD_OUT } from './tasks.js';

export const DEFAULT_LR = { gd: 2, momentum: 0.2, adam: 0.05 };
export const BIG_LR = 60;  // plain gradient descent diverges on every task at this rate
export const ADAM = { beta1: 0.9, beta2: 0.999, eps: 1e-8 };

// The inputs of a run: {data, params} for a task and a seed.
export function setup(task, seed) {
  const d = taskData(task);
  return { d, data: { X: d.X, targets: d.targets }, params: initParams(seed, d.classes) };
}

// One run: loss / accuracy per step, snapshots after every update.
export function train(lab, { task, method, lr, steps, seed, record = 1 }) {
  const { d, data, params } = setup(task, seed);
  const r = lab.trainAttention(data, params, { method, lr, steps, causal: true, ...(record ? { record } : {}) });
  return { ...r, d, init: params };
}

// Loss and accuracy of trained weights on the held-out sequences (a call of no update: steps 0).
// The held-out data are built once per task (live play asks every frame).
const HELD = new Map();
const heldData = (task) => {
  if (!HELD.has(task)) { const d = taskData(task, sequences(HELD_OUT_SEED, HELD_OUT)); HELD.set(task, { X: d.X, targets: d.targets }); }
  return HELD.get(task);
};
export function heldOut(lab, task, params) {
  const r = lab.trainAttention(heldData(task), params, { method: 'gd', lr: 1, steps: 0, causal: true });
  return { loss: r.loss[0], accuracy: r.accuracy[0] };
}

// Position i of sequence b may attend to position j of the same sequence, j <= i.
let MASK = null;
const stackedMask = () => MASK || (MASK = Array.from({ length: B * N }, (_, r) => Array.from({ length: B * N }, (_, c) => Math.floor(r / N) === Math.floor(c / N) && c <= r)));

// The gradient of the mean cross-entropy over every position at params p
// (d: taskData): {loss, dWq, dWk, dWv, dWo}.
export function gradient(lab, d, p) {
  const X = d.X.flat();
  const targets = d.targets.flat();
  const mask = stackedMask();
  const sa = lab.selfAttention(X, p.Wq, p.Wk, p.Wv, { mask });
  const logits = lab.matmul(sa.output, p.Wo);
  const ce = lab.softmaxCrossEntropy(logits, targets);
  const dWo = lab.matmul(lab.transpose(sa.output), ce.dLogits);
  const dH = lab.matmul(ce.dLogits, lab.transpose(p.Wo));
  const bw = lab.selfAttentionBackward(X, p.Wq, p.Wk, p.Wv, dH, { mask });
  return { loss: ce.loss, dWq: bw.dWq, dWk: bw.dWk, dWv: bw.dWv, dWo };
}

// Adam on the whole model, one update at a time as the learner steps
// through it (each update is a gradient and a trainer call; ten at once
// were 30-50 ms in one handler): adamRun(...).upTo(t) has done t updates
// and keeps, per update, the full-batch gradient (from gradient() at the
// trainer's parameters after t - 1 updates), the trainer's new parameters
// and its state (m, v of every weight). Any weight's rows come from it
// without another core call (adamRows).
export function adamRun(lab, { task, seed, lr }) {
  const { d, data, params } = setup(task, seed);
  const steps = [];  // {g, params, state} after update t = index + 1
  return {
    init: params,
    upTo(t) {
      while (steps.length < t) {
        const before = steps.length ? steps[steps.length - 1] : { params, state: null };
        const g = gradient(lab, d, before.params);
        const r = lab.trainAttention(data, before.params, { method: 'adam', lr, steps: 1, causal: true, ...ADAM, ...(before.state ? { state: before.state } : {}) });
        steps.push({ g, params: r.params, state: r.state });
      }
      return steps.slice(0, t);
    },
  };
}

// One weight (matrix name, row i, column j) through updates 1..T of an
// adamRun: g, m, v, m̂, v̂ and the new value by the chapter's formulas, and
// the trainer's new value and its own m and v for that weight.
export function adamRows(run, { lr, T, name, i, j }) {
  const { beta1, beta2, eps } = ADAM;
  const rows = [];
  let m = 0, v = 0, x = run.init[name][i][j];
  for (const [k, s] of run.upTo(T).entries()) {
    const t = k + 1;
    const g = s.g[`d${name}`][i][j];
    const m1 = beta1 * m + (1 - beta1) * g;
    const v1 = beta2 * v + (1 - beta2) * g * g;
    const mHat = m1 / (1 - beta1 ** t);
    const vHat = v1 / (1 - beta2 ** t);
    const next = x - (lr * mHat) / (Math.sqrt(vHat) + eps);
    rows.push({ t, x, g, mPrev: m, vPrev: v, m: m1, v: v1, mHat, vHat, next, core: s.params[name][i][j], coreM: s.state.m[name][i][j], coreV: s.state.v[name][i][j] });
    m = m1; v = v1; x = next;
  }
  return rows;
}

// The three methods from the same initial weights, at their default rates;
// and gradient descent at a rate that is far too large.
// only: one method (the lesson computes them one per frame).
export function tooLarge(lab, { task, seed, steps }) {
  const { data, params } = setup(task, seed);
  return lab.trainAttention(data, params, { method: 'gd', lr: BIG_LR, steps, causal: true });
}
// A run of `steps` updates trained a chunk at a time: each call continues
// from the parameters and optimizer state the last one returned
// (options.state: bit for bit one call's numbers). advance(k) trains up to k
// more updates and returns {loss, accuracy, diverged, divergedAt, done}
// for the run so far (divergedAt counted from the run's start).
export function chunkedRun(lab, { task, seed, steps, method, lr }) {
  const { data, params } = setup(task, seed);
  let r = null;
  return {
    advance(k) {
      const done = r ? r.loss.length - 1 : 0;
      const next = lab.trainAttention(data, r ? r.params : params,
        { method, lr, steps: Math.min(k, steps - done), causal: true, ...(r ? { state: r.state } : {}) });
      if (!r) r = { loss: [...next.loss], accuracy: [...next.accuracy], diverged: false, divergedAt: null };
      else { r.loss.push(...next.loss.slice(1)); r.accuracy.push(...next.accuracy.slice(1)); }
      r.params = next.params;
      r.state = next.state;
      if (next.diverged) { r.diverged = true; r.divergedAt = done + next.divergedAt; }
      r.done = r.diverged || r.loss.length - 1 >= steps;
      return r;
    },
  };
}

// Two heads, two jobs (the first token, the previous token): head h (0, 1)
// of the lesson's seed s starts from the weights of seed s + h.
export const HEAD_TASKS = ['first', 'prev'];
export const HEAD_STEPS = 120;
export const headRun = (lab, seed, h) => train(lab, { task: HEAD_TASKS[h], method: 'adam', lr: DEFAULT_LR.adam, steps: HEAD_STEPS, seed: seed + h, record: 0 });

// The position block of W_Q W_Kᵀ (rows and columns V .. V + N - 1).
export function positionBlock(lab, p) {
  const M = lab.matmul(p.Wq, lab.transpose(p.Wk));
  return M.slice(V, V + N).map((row) => row.slice(V, V + N));
}
