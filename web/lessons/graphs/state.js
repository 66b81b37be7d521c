// The graphs lesson's model, no DOM: the graph being edited (n nodes,
// undirected edges [i, j] with i < j, 0-based, positions in the unit
// square), its round trip through the URL parameters (1-based there), the
// edits the editor makes, and the seeded node features and weights.
//
// Shapes: X: n x F (node features); per head Wt: F' x F (W as the chapter
// writes it, h = W x) and a: 2F'; the core's gat takes W = Wt^T (F x F').
import { GRAPH_PRESETS } from './presets.js';
import { MAX_NODES, MAX_EDGES } from './params.js';
import { rng, randomMatrix } from '../../util/random.js';

export { MAX_NODES, MAX_EDGES };
export const F = 4;       // features per node
export const FP = 2;      // W x has FP entries (per head)
export const PRESET_NAMES = ['demo', 'path', 'star', 'ring', 'karate'];

const r3 = (x) => Math.round(x * 1000) / 1000;
const key = (i, j) => (i < j ? `${i},${j}` : `${j},${i}`);

export function circleLayout(n) {
  if (n === 1) return [[0.5, 0.5]];
  return Array.from({ length: n }, (_, k) => {
    const a = (2 * Math.PI * k) / n;
    return [r3(0.5 + 0.42 * Math.sin(a)), r3(0.5 - 0.42 * Math.cos(a))];
  });
}

// Sorted, de-duplicated, in range, no self loops.
export function cleanEdges(n, edges) {
  const seen = new Set();
  const out = [];
  for (const e of edges || []) {
    if (!Array.isArray(e) || e.length !== 2) continue;
    const [i, j] = e;
    if (!Number.isInteger(i) || !Number.isInteger(j) || i === j || i < 0 || j < 0 || i >= n || j >= n) continue;
    const k = key(i, j);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(i < j ? [i, j] : [j, i]);
  }
  out.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return out.slice(0, MAX_EDGES);
}

export function fromPreset(name) {
  const p = GRAPH_PRESETS[name];
  return { preset: name, n: p.n, edges: p.edges.map((e) => e.slice()), pos: p.positions.map((q) => q.slice()) };
}

// URL values -> graph.
export function graphFromValues(v) {
  if (v.preset !== 'custom') return fromPreset(v.preset);
  const n = v.n;
  const edges = cleanEdges(n, (v.edges || []).map((e) => e.map((x) => x - 1)));
  const okPos = v.pos && v.pos.length === n && v.pos.every((q) => q.length === 2);
  return { preset: 'custom', n, edges, pos: okPos ? v.pos.map((q) => q.slice()) : circleLayout(n) };
}

// graph -> URL values (presets stay short: just their name).
export function valuesFromGraph(g) {
  if (g.preset !== 'custom') return { preset: g.preset, n: 7, edges: null, pos: null };
  return {
    preset: 'custom', n: g.n,
    edges: g.edges.length ? g.edges.map(([i, j]) => [i + 1, j + 1]) : null,
    pos: g.pos.map(([x, y]) => [r3(x), r3(y)]),
  };
}

export function adjacency(g) {
  const A = Array.from({ length: g.n }, () => new Array(g.n).fill(0));
  for (const [i, j] of g.edges) A[i][j] = A[j][i] = 1;
  return A;
}

export const neighbours = (g, i) => g.edges.filter(([a, b]) => a === i || b === i).map(([a, b]) => (a === i ? b : a)).sort((x, y) => x - y);
export const hasEdge = (g, i, j) => g.edges.some(([a, b]) => (a === i && b === j) || (a === j && b === i));

// Edits: each returns a new custom graph (or the same graph when nothing changes).
const custom = (g, patch) => ({ preset: 'custom', n: g.n, edges: g.edges, pos: g.pos, ...patch });

export function addNode(g, at) {
  if (g.n >= MAX_NODES) return g;
  return custom(g, { n: g.n + 1, pos: [...g.pos, [r3(at[0]), r3(at[1])]] });
}

export function removeNode(g, k) {
  if (g.n <= 1) return g;
  const edges = g.edges.filter(([i, j]) => i !== k && j !== k).map(([i, j]) => [i > k ? i - 1 : i, j > k ? j - 1 : j]);
  return custom(g, { n: g.n - 1, edges, pos: g.pos.filter((_, i) => i !== k) });
}

export function addEdge(g, i, j) {
  if (i === j || hasEdge(g, i, j) || g.edges.length >= MAX_EDGES) return g;
  return custom(g, { edges: cleanEdges(g.n, [...g.edges, [i, j]]) });
}

export function removeEdge(g, i, j) {
  if (!hasEdge(g, i, j)) return g;
  return custom(g, { edges: g.edges.filter(([a, b]) => !((a === i && b === j) || (a === j && b === i))) });
}

export const clearEdges = (g) => (g.edges.length ? custom(g, { edges: [] }) : g);

// A free spot for a node added from the keyboard: of a grid of candidates,
// the one farthest from every node (ties: nearest to `near`).
export function freeSpot(g, near = [0.5, 0.5]) {
  let best = [0.5, 0.5], score = -Infinity;
  for (let a = 0; a <= 12; a++) {
    for (let b = 0; b <= 12; b++) {
      const p = [0.05 + (0.9 * a) / 12, 0.05 + (0.9 * b) / 12];
      const gap = Math.min(1, ...g.pos.map((q) => Math.hypot(q[0] - p[0], q[1] - p[1])));
      const s = Math.min(gap, 0.18) - 0.05 * Math.hypot(p[0] - near[0], p[1] - near[1]);
      if (s > score) { score = s; best = p; }
    }
  }
  return best;
}

// Seeded inputs. Features come row by row from their own stream, so adding
// a node keeps the others' features; head k's weights from stream k (head 1
// of the multi-head figure is the single head of the step-through).
export function features(seed, n) {
  return randomMatrix(rng(seed * 977 + 5), n, F, 1.5);
}

export function headWeights(seed, k) {
  const next = rng(seed * 131 + k * 7919 + 1);
  return { Wt: randomMatrix(next, FP, F, 1), a: randomMatrix(next, 1, 2 * FP, 1.5)[0] };
}

export function selfAttentionWeights(seed) {
  const next = rng(seed * 389 + 17);
  return { Wq: randomMatrix(next, F, FP, 1), Wk: randomMatrix(next, F, FP, 1), Wv: randomMatrix(next, F, FP, 1) };
}
