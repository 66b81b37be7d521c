// SVD and low rank (API.md "SVD and low rank"; svdSteps is our extension).
export default {
  svd: { args: [['A', 'matrix']] },
  svdSteps: { args: [['A', 'matrix']] },
  lowRank: { args: [['A', 'matrix'], ['r', 'integer']] },
  lowRankAttention: { args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix']], options: { rank: 'integer' } },
  linformerAttention: {
    args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix'], ['E', 'matrix'], ['F', 'matrix']],
  },
};
