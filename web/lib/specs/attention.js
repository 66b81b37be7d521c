// Attention family (API.md "Attention").
const ATT = { mask: 'mask', causal: 'boolean', scale: 'number' };
export default {
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
