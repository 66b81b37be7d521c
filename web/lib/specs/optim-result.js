// optimize's result, built from the core's wire value in one pass: the
// optimizer state arrives as matrices (row k = after step k) and becomes
// API.md's state[k] = {m, v, mHat, vHat} (Adam), {v} (momentum) or {}.
// Thousands of 2-entry rows: plain loops and object literals of one shape
// (no subarray views, no computed keys: each made this 3x slower).
import { plainRange, toPlain } from '../convert.js';

const row = (M, k) => plainRange(M.data, k * M.cols, M.cols);

export function optimizeResult(value) {
  const steps = value.path.rows - 1;  // a diverged run stops early
  const { m, v, mHat, vHat } = value.state;
  const stateAt = m ? (k) => ({ m: row(m, k), v: row(v, k), mHat: row(mHat, k), vHat: row(vHat, k) })
    : v ? (k) => ({ v: row(v, k) }) : () => ({});
  const state = new Array(steps);
  for (let k = 0; k < steps; k++) state[k] = stateAt(k);
  return {
    path: toPlain(value.path), loss: toPlain(value.loss), grad: toPlain(value.grad), state,
    diverged: value.diverged, divergedAt: value.divergedAt,
  };
}
