// Analysis: softmax's Lipschitz constant (API.md "Analysis";
// jacobianSpectralNorm and lipschitzSearch are our extensions).
const T = { temperature: 'number' };
export default {
  lipschitzRatio: { args: [['z1', 'vector'], ['z2', 'vector']], options: T },
  lipschitzBound: { args: [], options: T },
  jacobianSpectralNorm: { args: [['z', 'vector']], options: T },
  lipschitzSearch: {
    args: [['n', 'integer'], ['trials', 'integer'], ['seed', 'integer']],
    options: { temperature: 'number', scale: 'number' },
  },
};
