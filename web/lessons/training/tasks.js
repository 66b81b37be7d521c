// The training lesson's toy tasks and its tiny model's inputs: sequences
// of n tokens from a vocabulary of V letters, each position embedded as
// [one-hot token | one-hot position] (d = V + n), targets per position,
// and the initial weights drawn from a seed. Pure data (no DOM, no core):
// the lesson, its exercises and the tests build the same inputs from it.
import { rng } from '../../util/random.js';

export const TOKENS = ['A', 'B', 'C', 'D'];
export const V = TOKENS.length;  // vocabulary
export const N = 6;              // positions per sequence
export const D = V + N;          // embedding width
export const DK = 6;             // d_k = d_v
export const B = 16;             // training sequences
export const DATA_SEED = 20;     // the sequences are the same for every learner
// Sequences the model never trains on: accuracy on the training set alone cannot tell a learned
// rule from answers remembered (the match task reaches 100 % on its 16 either way).
export const HELD_OUT_SEED = 21;
export const HELD_OUT = 64;

// What each task asks at position i (0-based) of tokens x: the class
// (a token index, or a position for 'match') and how many classes there are.
export const TASKS = {
  first: { classes: V, target: (x) => x.map(() => x[0]) },
  prev: { classes: V, target: (x) => x.map((_, i) => x[Math.max(0, i - 1)]) },
  match: { classes: N, target: (x) => x.map((tok, i) => { for (let j = i - 1; j >= 0; j--) if (x[j] === tok) return j; return i; }) },
};
export const TASK_IDS = Object.keys(TASKS);

// One-hot [token | position] rows: X is n x d.
export const embed = (x) => x.map((tok, i) => Array.from({ length: D }, (_, j) => (j === tok || j === V + i ? 1 : 0)));

// B token sequences from the data seed; every 'match' sequence repeats a token.
export function sequences(seed = DATA_SEED, count = B) {
  const next = rng(seed);
  return Array.from({ length: count }, () => Array.from({ length: N }, () => Math.floor(next() * V)));
}

// trainAttention's data for a task: {X, targets} (and the token lists).
export function taskData(task, seqs = sequences()) {
  const T = TASKS[task];
  return { X: seqs.map(embed), targets: seqs.map(T.target), tokens: seqs, classes: T.classes };
}

// Initial weights from a seed: every entry uniform in [-0.5, 0.5).
export function initParams(seed, classes, scale = 0.5) {
  const next = rng(seed);
  const m = (r, c) => Array.from({ length: r }, () => Array.from({ length: c }, () => (next() * 2 - 1) * scale));
  return { Wq: m(D, DK), Wk: m(D, DK), Wv: m(D, DK), Wo: m(DK, classes) };
}

// Row / column names of a sequence: "1 A", "2 C", ...
export const posLabels = (x) => x.map((tok, i) => `${i + 1} ${TOKENS[tok]}`);

// The two-head task: at every position, both the first token and the
// previous one, as one class first * V + previous (V * V classes).
export function pairData(seqs = sequences()) {
  const f = TASKS.first.target, p = TASKS.prev.target;
  return { X: seqs.map(embed), targets: seqs.map((x) => { const a = f(x), b = p(x); return a.map((v, i) => v * V + b[i]); }), tokens: seqs, classes: V * V };
}
