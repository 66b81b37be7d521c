// Linear attention (issue 36 SPEC "Linear attention").
export default {
  linearAttention: { args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix']], options: { causal: 'boolean', order: 'string' } },
};
