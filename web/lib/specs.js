// The public API as data: for each function, its positional arguments
// (name, kind), its options (name -> kind) and, where the options object is
// not last, nothing else. Names and shapes follow ../shared/API.md.
// Kinds: vector, matrix, mask, number, integer, boolean, string,
// {field: kind} (a record) and [{field: kind}] (an array of records).

const T = { temperature: 'number' };
const ATT = { mask: 'mask', causal: 'boolean', scale: 'number' };

export const SPECS = {
  // Linear algebra
  matmul: { args: [['A', 'matrix'], ['B', 'matrix']] },
  transpose: { args: [['A', 'matrix']] },

  // Softmax
  softmax: { args: [['z', 'vector']], options: T },
  softmaxNaive: { args: [['z', 'vector']], options: T },
  logSoftmax: { args: [['z', 'vector']], options: T },
  softmaxJacobian: { args: [['z', 'vector']], options: T },
  softmaxSteps: { args: [['z', 'vector']], options: T },

  // Attention
  attention: { args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix']], options: ATT },
  selfAttention: {
    args: [['X', 'matrix'], ['Wq', 'matrix'], ['Wk', 'matrix'], ['Wv', 'matrix']],
    options: ATT,
  },
  multiHeadAttention: {
    args: [['X', 'matrix'], ['heads', [{ Wq: 'matrix', Wk: 'matrix', Wv: 'matrix' }]], ['Wo', 'matrix']],
    options: ATT,
  },
};
