// Complexity (API.md "Complexity").
const COST = { kind: 'string', window: 'integer', rank: 'integer', blockRows: 'integer', blockCols: 'integer', fastMemory: 'integer', pass: 'string', order: 'string' };
export default {
  sparseAttention: { args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix']], options: { window: 'integer' } },
  attentionCost: { args: [['n', 'integer'], ['d', 'integer']], options: COST },
  timeAttention: { args: [['n', 'integer'], ['d', 'integer']], options: { ...COST, repeats: 'integer' } },
};
