// Zachary's karate club for the graphs lesson: the data, a layout that
// shows its two factions, and the one-layer GAT trained on it from two
// labelled members (pure data and arithmetic on positions; no DOM, no core).
//
// Source: W. W. Zachary, "An information flow model for conflict and
// fission in small groups", J. Anthropological Research 33 (1977) 452-473;
// the standard 34-node, 78-edge version with 0-based nodes, as
// networkx.karate_club_graph() (edges: G.edges(); the recorded split:
// G.nodes[i]['club'], 'Mr. Hi' -> 0, 'Officer' -> 1). The edge list and the
// split are kept in presets.js (GRAPH_PRESETS.karate), this file's data.
//
// Layout: a deterministic force layout (Fruchterman-Reingold: every pair
// repels with k^2 / d, every edge attracts with d^2 / k, the step cooled
// linearly over 600 iterations) from the nodes on a circle in index order,
// scaled into [0.05, 0.95]^2, computed once and committed in presets.js
// (KARATE.positions). It uses only the edges, never the split; the
// two factions come out on the two sides because they are densely knit
// inside and sparsely connected to each other.
import { rng } from '../../util/random.js';
import { GRAPH_PRESETS, adjacencyMatrix } from './presets.js';

export const KARATE = GRAPH_PRESETS.karate;
export const INSTRUCTOR = 0;      // Mr. Hi
export const ADMINISTRATOR = 33;  // the Officer
export const KARATE_STEPS = 60;   // Adam updates of the lesson's run
export const KARATE_LR = 0.05;

export function forceLayout(n, edges, iterations = 600) {
  const k = Math.sqrt(1 / n);
  const pos = Array.from({ length: n }, (_, i) => [0.5 + 0.4 * Math.cos((2 * Math.PI * i) / n), 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / n)]);
  for (let it = 0; it < iterations; it++) {
    const temp = 0.1 * (1 - it / iterations) + 1e-4;
    const disp = pos.map(() => [0, 0]);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1];
        const d = Math.max(1e-6, Math.hypot(dx, dy));
        const f = (k * k) / d;
        disp[i][0] += (dx / d) * f; disp[i][1] += (dy / d) * f;
        disp[j][0] -= (dx / d) * f; disp[j][1] -= (dy / d) * f;
      }
    }
    for (const [i, j] of edges) {
      const dx = pos[i][0] - pos[j][0], dy = pos[i][1] - pos[j][1];
      const d = Math.max(1e-6, Math.hypot(dx, dy));
      const f = (d * d) / k;
      disp[i][0] -= (dx / d) * f; disp[i][1] -= (dy / d) * f;
      disp[j][0] += (dx / d) * f; disp[j][1] += (dy / d) * f;
    }
    for (let i = 0; i < n; i++) {
      const len = Math.max(1e-9, Math.hypot(disp[i][0], disp[i][1]));
      const s = Math.min(len, temp) / len;
      pos[i][0] += disp[i][0] * s;
      pos[i][1] += disp[i][1] * s;
    }
  }
  // Into the unit square, the aspect ratio kept, 0.05 margin.
  const xs = pos.map((p) => p[0]), ys = pos.map((p) => p[1]);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  const span = Math.max(Math.max(...xs) - x0, Math.max(...ys) - y0) || 1;
  const ox = (span - (Math.max(...xs) - x0)) / 2, oy = (span - (Math.max(...ys) - y0)) / 2;
  return pos.map(([x, y]) => [0.05 + (0.9 * (x - x0 + ox)) / span, 0.05 + (0.9 * (y - y0 + oy)) / span].map((c) => Math.round(c * 1000) / 1000));
}

// The layout as committed in presets.js (made by forceLayout(34, KARATE.edges)).
export const karateLayout = () => KARATE.positions;

// trainGat's inputs: X = I (each member its own one-hot feature), A, the
// recorded split as labels, the two leaders as the only training nodes,
// and the initial W (34 x 2), a (4) from a seed, uniform in [-0.5, 0.5).
export function karateInputs(seed) {
  const n = KARATE.n;
  const next = rng(seed);
  const W = Array.from({ length: n }, () => [0, 1].map(() => (next() * 2 - 1) * 0.5));
  const a = [0, 1, 2, 3].map(() => (next() * 2 - 1) * 0.5);
  return {
    X: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))),
    A: adjacencyMatrix(KARATE),
    labels: KARATE.club.slice(),
    params: { W, a },
    trainMask: Array.from({ length: n }, (_, i) => i === INSTRUCTOR || i === ADMINISTRATOR),
  };
}

// The run after k updates (one core call from the initial weights, so
// that Adam's moments are those of one run).
export function karateRun(lab, seed, k) {
  const { X, A, labels, params, trainMask } = karateInputs(seed);
  return lab.trainGat(X, A, labels, params, { method: 'adam', lr: KARATE_LR, steps: k, trainMask });
}

// One more update of a run (prev: karateRun's or karateStep's result), from
// its parameters and optimizer state: the same numbers as karateRun(k + 1).
export function karateStep(lab, seed, prev, steps = 1) {
  const { X, A, labels, trainMask } = karateInputs(seed);
  return lab.trainGat(X, A, labels, prev.params, { method: 'adam', lr: KARATE_LR, steps, trainMask, state: prev.state });
}
