// Probability (API.md "Probability"; moments is our extension).
export default {
  expectation: { args: [['x', 'vector'], ['p', 'vector']] },
  variance: { args: [['x', 'vector'], ['p', 'vector']] },
  moments: { args: [['x', 'vector'], ['p', 'vector']] },
  conditional: { args: [['joint', 'matrix']] },
};
