// Graphs (API.md "Graphs"; laplacianEigenvalues, connectedComponents and the
// src/dst fields of gat are our extensions).
const GAT = { negativeSlope: 'number', selfLoops: 'boolean' };
export default {
  degreeMatrix: { args: [['A', 'matrix']] },
  laplacian: { args: [['A', 'matrix']], options: { normalized: 'boolean' } },
  laplacianEigenvalues: { args: [['A', 'matrix']], options: { normalized: 'boolean' } },
  connectedComponents: { args: [['A', 'matrix']] },
  gat: { args: [['X', 'matrix'], ['A', 'matrix'], ['W', 'matrix'], ['a', 'vector']], options: GAT },
  multiHeadGat: {
    args: [['X', 'matrix'], ['A', 'matrix'], ['heads', [{ W: 'matrix', a: 'vector' }]]],
    options: { ...GAT, concat: 'boolean' },
  },
};
