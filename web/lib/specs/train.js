// Training (API.md "Training"; diverged / divergedAt are our extensions, as
// optimize's). data.X is an array of matrices (one n x d sequence each);
// trainMask an array of booleans (kind 'flags').
const OPTIM = {
  method: 'string', lr: 'number', steps: 'integer', beta: 'number', beta1: 'number', beta2: 'number', eps: 'number',
};
export default {
  trainAttention: {
    args: [['data', { X: ['matrix'], targets: 'matrix' }], ['params', { Wq: 'matrix', Wk: 'matrix', Wv: 'matrix', Wo: 'matrix' }]],
    options: { ...OPTIM, causal: 'boolean', scale: 'number', record: 'integer' },
  },
  trainGat: {
    args: [['X', 'matrix'], ['A', 'matrix'], ['labels', 'vector'], ['params', { W: 'matrix', a: 'vector' }]],
    options: { ...OPTIM, negativeSlope: 'number', selfLoops: 'boolean', trainMask: 'flags' },
    nodes: 512,  // the core's max_graph_nodes, checked on A's shape before copying
  },
};
