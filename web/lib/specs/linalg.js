// Linear algebra (API.md "Linear algebra").
export default {
  // precision: 'float64' (default) or 'float32' (checked by the core).
  matmul: { args: [['A', 'matrix'], ['B', 'matrix']], options: { precision: 'string', layout: 'string' } },
  transpose: { args: [['A', 'matrix']] },
  add: { args: [['u', 'vector'], ['v', 'vector']] },
  sub: { args: [['u', 'vector'], ['v', 'vector']] },
  scale: { args: [['alpha', 'number'], ['v', 'vector']] },
  dot: { args: [['u', 'vector'], ['v', 'vector']] },
  // p: 1, 2 or Infinity (checked by the core; Infinity travels as a double).
  norm: { args: [['v', 'vector']], options: { p: 'number' } },
  // b is an optional positional argument ('vector?'): h = W x when omitted.
  affine: { args: [['W', 'matrix'], ['x', 'vector'], ['b', 'vector?']] },
  trace: { args: [['A', 'matrix']] },
  det: { args: [['A', 'matrix']] },
};
