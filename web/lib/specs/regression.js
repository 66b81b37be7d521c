// Linear regression and attention pooling (API.md; leastSquares' rank is
// our extension). kernelRegression's yHat entries may be null (a query with
// no kernel mass): the binding sends a plain array for that.
export default {
  leastSquares: { args: [['X', 'matrix'], ['y', 'vector']] },
  kernelRegression: {
    args: [['xTrain', 'vector'], ['yTrain', 'vector'], ['xQuery', 'vector']],
    options: { kernel: 'string', bandwidth: 'number' },
  },
};
