// Graphs (API.md "Graphs"; laplacianEigenvalues, connectedComponents and the
// src/dst fields of gat are our extensions).
const GAT = { negativeSlope: 'number', selfLoops: 'boolean' };
// nodes: the core's max_graph_nodes, checked on A's shape before copying;
// counts: {heads: max_gat_heads}.
const N = 512;
export default {
  degreeMatrix: { args: [['A', 'matrix']], nodes: N },
  laplacian: { args: [['A', 'matrix']], options: { normalized: 'boolean' }, nodes: N },
  laplacianEigenvalues: { args: [['A', 'matrix']], options: { normalized: 'boolean' }, nodes: N },
  connectedComponents: { args: [['A', 'matrix']], nodes: N },
  gat: { args: [['X', 'matrix'], ['A', 'matrix'], ['W', 'matrix'], ['a', 'vector']], options: GAT, nodes: N },
  multiHeadGat: {
    args: [['X', 'matrix'], ['A', 'matrix'], ['heads', [{ W: 'matrix', a: 'vector' }]]],
    options: { ...GAT, concat: 'boolean' },
    nodes: N, counts: { heads: 16 },
  },
};
