// When a typed answer counts: right to `digits` decimals, i.e. within half
// a unit of the last decimal of every entry.
// Right to `digits` decimals: within half a unit of the last one.
export const within = (got, want, digits) => {
  const g = [].concat(got), w = [].concat(want);
  const tol = 0.5 * 10 ** -digits + 1e-12;
  return g.length === w.length && g.every((x, i) => Math.abs(x - w[i]) <= tol);
};
