// Preset graphs for the graphs lesson (Laplacian spectrum, GAT): pure data,
// no DOM (demo, path, star, ring, karate). Every preset is undirected and
// unweighted:
//   n          number of nodes (0..n-1)
//   edges      [[i, j], ...] with i < j, each undirected edge once
//   adjacency  adjacency lists: adjacency[i] = neighbours of i, ascending
//   positions  [[x, y], ...] in the unit square, y pointing down (SVG),
//              aspect ratio kept, 0.05 margin
// adjacencyMatrix(preset) gives the 0/1 n x n matrix A that lab.laplacian,
// lab.gat, ... take.
//
// karate: Zachary's karate club (W. W. Zachary, J. Anthropol. Res. 33, 1977),
// the standard 34-node, 78-edge version with 0-based nodes, as in
// networkx.karate_club_graph(). club[i] is the side node i joined after the
// split: 0 = Mr. Hi (node 0), 1 = the Officer (node 33). Positions from
// the deterministic force layout of karate.js (forceLayout(34, edges), 3
// decimals; it sees only the edges), which puts the two factions on two
// sides instead of the tangle of a layout that packs the graph round.

const round3 = (x) => Math.round(x * 1000) / 1000;

// n points on a circle (node 0 at the top, clockwise), radius 0.45.
function circle(n, offset = 0) {
  return Array.from({ length: n }, (_, k) => {
    const t = (2 * Math.PI * (k + offset)) / n;
    return [round3(0.5 + 0.45 * Math.sin(t)), round3(0.5 - 0.45 * Math.cos(t))];
  });
}

function preset(name, n, edges, positions, extra = {}) {
  const adjacency = Array.from({ length: n }, () => []);
  for (const [i, j] of edges) {
    adjacency[i].push(j);
    adjacency[j].push(i);
  }
  for (const list of adjacency) list.sort((a, b) => a - b);
  return Object.freeze({ name, n, edges, adjacency, positions, ...extra });
}

// demo: a small graph with unequal degrees (two triangles joined by a bridge
// and a leaf), the lesson's default: node 3 (0-based) has three neighbours.
const demo = preset('demo', 7,
  [[0, 1], [0, 2], [1, 2], [2, 3], [3, 4], [3, 5], [4, 5], [5, 6]],
  [[0.08, 0.2], [0.08, 0.8], [0.32, 0.5], [0.6, 0.5], [0.75, 0.17], [0.75, 0.83], [0.95, 0.83]],
);

const PATH_N = 6;
const path = preset(
  'path', PATH_N,
  Array.from({ length: PATH_N - 1 }, (_, i) => [i, i + 1]),
  Array.from({ length: PATH_N }, (_, i) => [round3(0.05 + (0.9 * i) / (PATH_N - 1)), 0.5]),
);

const STAR_LEAVES = 6;  // node 0 is the hub
const star = preset(
  'star', STAR_LEAVES + 1,
  Array.from({ length: STAR_LEAVES }, (_, k) => [0, k + 1]),
  [[0.5, 0.5], ...circle(STAR_LEAVES)],
);

const RING_N = 8;
const ring = preset(
  'ring', RING_N,
  Array.from({ length: RING_N }, (_, i) => (i + 1 < RING_N ? [i, i + 1] : [0, i])),
  circle(RING_N),
);

const karate = preset('karate', 34, [
  [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7], [0, 8], [0, 10], [0, 11], [0, 12],
  [0, 13], [0, 17], [0, 19], [0, 21], [0, 31], [1, 2], [1, 3], [1, 7], [1, 13], [1, 17],
  [1, 19], [1, 21], [1, 30], [2, 3], [2, 7], [2, 8], [2, 9], [2, 13], [2, 27], [2, 28],
  [2, 32], [3, 7], [3, 12], [3, 13], [4, 6], [4, 10], [5, 6], [5, 10], [5, 16], [6, 16],
  [8, 30], [8, 32], [8, 33], [9, 33], [13, 33], [14, 32], [14, 33], [15, 32], [15, 33],
  [18, 32], [18, 33], [19, 33], [20, 32], [20, 33], [22, 32], [22, 33], [23, 25], [23, 27],
  [23, 29], [23, 32], [23, 33], [24, 25], [24, 27], [24, 31], [25, 31], [26, 29], [26, 33],
  [27, 33], [28, 31], [28, 33], [29, 32], [29, 33], [30, 32], [30, 33], [31, 32], [31, 33],
  [32, 33],
], [
  [0.535, 0.599], [0.462, 0.531], [0.535, 0.407], [0.594, 0.531], [0.52, 0.757],
  [0.573, 0.82], [0.515, 0.821], [0.548, 0.536], [0.453, 0.396], [0.6, 0.293],
  [0.596, 0.755], [0.687, 0.711], [0.678, 0.614], [0.51, 0.457], [0.299, 0.263],
  [0.291, 0.208], [0.549, 0.95], [0.44, 0.669], [0.322, 0.169], [0.423, 0.461],
  [0.345, 0.124], [0.391, 0.637], [0.398, 0.123], [0.539, 0.159], [0.709, 0.238],
  [0.666, 0.178], [0.453, 0.05], [0.591, 0.238], [0.523, 0.297], [0.468, 0.12],
  [0.383, 0.372], [0.574, 0.334], [0.417, 0.245], [0.447, 0.254],
], {
  club: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1],
});

export const GRAPH_PRESETS = Object.freeze({ demo, path, star, ring, karate });

// The symmetric 0/1 adjacency matrix (n x n, number[][]) of a preset.
export function adjacencyMatrix(p) {
  const A = Array.from({ length: p.n }, () => new Array(p.n).fill(0));
  for (const [i, j] of p.edges) A[i][j] = A[j][i] = 1;
  return A;
}

export default GRAPH_PRESETS;
