// Gradients (API.md "Gradients"): each backward function takes its forward
// function's arguments, then the upstream gradient of the forward's output,
// then the forward's options.
const ATT = { mask: 'mask', causal: 'boolean', scale: 'number' };
export default {
  softmaxBackward: { args: [['z', 'vector'], ['dp', 'vector']], options: { temperature: 'number' } },
  softmaxCrossEntropy: { args: [['logits', 'matrix'], ['targets', 'vector']] },
  attentionBackward: {
    args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix'], ['dOutput', 'matrix']], options: ATT,
  },
  selfAttentionBackward: {
    args: [['X', 'matrix'], ['Wq', 'matrix'], ['Wk', 'matrix'], ['Wv', 'matrix'], ['dOutput', 'matrix']], options: ATT,
  },
  gatBackward: {
    args: [['X', 'matrix'], ['A', 'matrix'], ['W', 'matrix'], ['a', 'vector'], ['dOutput', 'matrix']],
    options: { negativeSlope: 'number', selfLoops: 'boolean' },
    nodes: 512,  // the core's max_graph_nodes, checked on A's shape before copying
  },
};
