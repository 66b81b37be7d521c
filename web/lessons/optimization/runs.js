// What the lesson computes with the core: f sampled on a grid for the
// contours (lab.objective) and each method's run from x0 (lab.optimize).
// A run depends only on its own inputs: moving one method's rate, or the
// update shown, leaves the other runs as they are.
import { gridPoints } from '../../plots/contour.js';
import { METHODS, LR, OWN, domainOf, problemOf } from './problems.js';

export const GRID = 64;  // 64 x 64 samples of f for the contours (lab.objective takes up to 4096 points)
const clampTo = ([lo, hi], x) => Math.min(hi, Math.max(lo, x));

export const deriveRuns = (lab) => ({
  // x0 brought into the plotted box (a link may give one outside it), and the update shown within the run.
  x0In: { from: ['problem', 'x0'], compute: ({ problem, x0 }) => { const d = domainOf(problem); return [clampTo(d.x, x0[0]), clampTo(d.y, x0[1])]; } },
  at: { from: ['k', 'steps'], compute: ({ k, steps }) => Math.min(k, steps - 1) },
  field: { from: ['problem', 'kappa'], compute: ({ problem, kappa }) => { const d = domainOf(problem); return lab.objective(problemOf(problem, kappa), gridPoints(d.x, d.y, GRID, GRID)); } },
  ...Object.fromEntries(METHODS.map((m) => [`run_${m}`, {
    from: ['problem', 'kappa', 'x0In', 'steps', LR[m], ...OWN[m]],
    compute: (v) => lab.optimize(problemOf(v.problem, v.kappa), v.x0In, { method: m, lr: v[LR[m]], steps: v.steps, beta: v.beta, beta1: v.beta1, beta2: v.beta2 }),
  }])),
  // All three, or null while one of them failed.
  runs: { from: METHODS.map((m) => `run_${m}`), compute: (v) => (METHODS.every((m) => v[`run_${m}`]) ? Object.fromEntries(METHODS.map((m) => [m, v[`run_${m}`]])) : null) },
});
