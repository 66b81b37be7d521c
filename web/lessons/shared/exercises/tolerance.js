// When a typed answer counts: right to `digits` decimals, i.e. within half
// a unit of the last decimal of every entry; and the note that says so.
export const within = (got, want, digits) => {
  const g = [].concat(got), w = [].concat(want);
  const tol = 0.5 * 10 ** -digits + 1e-12;
  return g.length === w.length && g.every((x, i) => Math.abs(x - w[i]) <= tol);
};

// The shell string (i18n/<lang>.json, ex.*) that states the tolerance of n
// numbers to `digits` decimals: its own sentence for whole numbers and for
// one decimal (English: "1 decimal", not "1 decimals").
export const toleranceKey = (n, digits) =>
  `ex.tolerance${n > 1 ? 'Vector' : ''}${digits === 0 ? 'Int' : digits === 1 ? 'One' : ''}`;
