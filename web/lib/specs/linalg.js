// Linear algebra (API.md "Linear algebra").
export default {
  matmul: { args: [['A', 'matrix'], ['B', 'matrix']] },
  transpose: { args: [['A', 'matrix']] },
};
