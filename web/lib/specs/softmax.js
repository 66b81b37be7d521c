// Softmax family (API.md "Softmax"; softmaxSteps is our extension).
const T = { temperature: 'number' };
export default {
  softmax: { args: [['z', 'vector']], options: T },
  softmaxNaive: { args: [['z', 'vector']], options: T },
  logSoftmax: { args: [['z', 'vector']], options: T },
  softmaxJacobian: { args: [['z', 'vector']], options: T },
  softmaxSteps: { args: [['z', 'vector']], options: T },
};
