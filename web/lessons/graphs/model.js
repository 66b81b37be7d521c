// The graphs lesson's derived values (runtime/store.js), each computed once
// per change of what it is derived from:
//   graph  the graph of the URL (state.js), or the editor's last graph
//          (edited) while the URL holds it: an edit keeps the order of the
//          edges it drew in; a new object only when the graph changes
//   sel    the chosen node, 0-based, within the graph
//   A      its adjacency matrix (the same array as before when an edit
//          leaves the edges as they were: a preset of the same graph)
//   mats   D, L (or L_sym), the Laplacian's eigenvalues, the connected
//          components and the row sums of L with their checks
//   gat    the seeded inputs and lab.gat (head 1) / lab.multiHeadGat
//   cmp    self-attention on the same features, and GAT beside it when asked
import { graphFromValues, valuesFromGraph, adjacency, features, headWeights, selfAttentionWeights } from './state.js';

// The complete graph on n nodes (no self loops: GAT adds them when asked).
const complete = (n) => Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => (a === b ? 0 : 1)));

const GRAPH = ['preset', 'n', 'edges', 'pos'];
const holds = (v, g) => { const w = valuesFromGraph(g); return GRAPH.every((k) => JSON.stringify(w[k]) === JSON.stringify(v[k])); };

export const derive = (lab) => ({
  graph: { from: [...GRAPH, 'edited'], compute: (v) => (v.edited && holds(v, v.edited) ? v.edited : graphFromValues(v)) },
  sel: { from: ['graph', 'node'], compute: ({ graph, node }) => Math.min(node, graph.n) - 1 },
  A: { from: ['graph'], compute: ({ graph }) => adjacency(graph) },
  mats: {
    from: ['A', 'normalized'],
    compute: ({ A, normalized }) => {
      const opts = { normalized };
      const m = { D: lab.degreeMatrix(A), L: lab.laplacian(A, opts), eig: lab.laplacianEigenvalues(A, opts), comps: lab.connectedComponents(A) };
      m.rowSums = m.L.map((row) => [row.reduce((s, x) => s + x, 0)]);
      // L_sym D^{1/2} 1 = 0 is the normalized Laplacian's check (the core's matmul).
      if (normalized) m.rootCheck = lab.matmul(m.L, m.D.map((row, i) => [Math.sqrt(row[i])]));
      return m;
    },
  },
  gat: {
    from: ['A', 'seed', 'selfLoops', 'slope', 'heads', 'concat'],
    compute: ({ A, seed, selfLoops, slope, heads: K, concat }) => {
      const opts = { negativeSlope: slope, selfLoops };
      const heads = Array.from({ length: K }, (_, k) => headWeights(seed, k)).map((hw) => ({ ...hw, W: lab.transpose(hw.Wt) }));
      const X = features(seed, A.length);
      const one = lab.gat(X, A, heads[0].W, heads[0].a, opts);
      const many = lab.multiHeadGat(X, A, heads.map(({ W, a }) => ({ W, a })), { ...opts, concat });
      return { X, heads, opts, one, many };
    },
  },
  cmp: {
    from: ['A', 'seed', 'selfLoops', 'slope', 'compare', 'gatOn', 'mask'],
    compute: ({ A, seed, selfLoops, slope, compare, gatOn, mask }) => {
      const X = features(seed, A.length);
      const w = selfAttentionWeights(seed);
      const allowed = A.map((row, a) => row.map((x, b) => (x || (a === b && selfLoops) ? 1 : 0)));
      const s = lab.selfAttention(X, w.Wq, w.Wk, w.Wv, mask ? { mask: allowed } : {});
      const head = headWeights(seed, 0);
      const gr = compare ? lab.gat(X, gatOn === 'complete' ? complete(A.length) : A, lab.transpose(head.Wt), head.a,
        { negativeSlope: slope, selfLoops }) : null;
      return { s, gr };
    },
  },
});
