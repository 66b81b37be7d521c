// Attention family (API.md "Attention").
// precision: 'float64' (default) or 'float32' (checked by the core);
// layout: 'nested' (default) or 'flat' (checked by the facade, facade.js).
const ATT = { mask: 'mask', causal: 'boolean', scale: 'number', precision: 'string', layout: 'string' };
export default {
  attention: { args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix']], options: ATT },
  selfAttention: {
    args: [['X', 'matrix'], ['Wq', 'matrix'], ['Wk', 'matrix'], ['Wv', 'matrix']],
    options: ATT,
  },
  multiHeadAttention: {
    args: [['X', 'matrix'], ['heads', [{ Wq: 'matrix', Wk: 'matrix', Wv: 'matrix' }]], ['Wo', 'matrix']],
    options: ATT,
    counts: { heads: 16 },  // the core's max_heads, checked before any head is copied
  },
};
