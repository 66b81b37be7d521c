// Probabilities as the learner enters them, made into a distribution: the
// total is computed by the core (p . 1) and, when it is not 1, the entries
// are divided by it (lab.scale). Entries the core must refuse (negative
// numbers, or no normalizing at all) are passed on unchanged: the core's
// error is what the page then shows.
const TOL = 1e-12;

export function normalize(lab, w, enabled) {
  const sum = lab.dot(w, w.map(() => 1));
  if (!enabled || w.some((x) => x < 0) || Math.abs(sum - 1) <= TOL) return { p: w, sum, scaled: false, zero: false };
  if (!(sum > 0)) return { p: w, sum, scaled: false, zero: true };
  // A total so small that 1 / sum overflows (p = 1e-320, 0, ...): scale up
  // by 2^600 first (exact), then divide by the new total.
  if (!Number.isFinite(1 / sum)) {
    const up = lab.scale(2 ** 600, w);
    return { p: lab.scale(1 / lab.dot(up, up.map(() => 1)), up), sum, scaled: true, zero: false };
  }
  return { p: lab.scale(1 / sum, w), sum, scaled: true, zero: false };
}

// Bar i set to q in a distribution p: the other entries are rescaled (by the
// core) to share 1 - q in their old proportions, or equally if they were all
// 0. Rounded to 4 decimals; the rounding remainder goes to the largest other
// entry, so the total stays 1.
export function setOne(lab, p, i, q) {
  const n = p.length;
  if (n === 1) return [1];
  const rest = p.map((x, k) => (k === i ? 0 : Math.max(0, x)));
  const S = lab.dot(rest, rest.map(() => 1));
  const out = (S > 0 ? lab.scale((1 - q) / S, rest) : rest.map((_, k) => (k === i ? 0 : (1 - q) / (n - 1))))
    .map((x) => Math.round(x * 1e4) / 1e4);
  out[i] = q;
  let big = -1;
  out.forEach((x, k) => { if (k !== i && (big < 0 || x > out[big])) big = k; });
  const others = out.reduce((a, x, k) => (k === i || k === big ? a : a + x), 0);
  out[big] = Math.max(0, Math.round((1 - q - others) * 1e4) / 1e4);
  return out;
}

// A matrix flattened, normalized as above, and folded back.
export function normalizeMatrix(lab, J, enabled) {
  const cols = J[0].length;
  const r = normalize(lab, J.flat(), enabled);
  return { ...r, P: J.map((row, i) => r.p.slice(i * cols, (i + 1) * cols)) };
}

// Probabilities as long as the values: a link may give x and p of
// different lengths (?x=-1); p follows x, as when x is typed (missing
// probabilities are 0).
export const padTo = (x, p) => (p.length === x.length ? p : x.map((_, i) => (i < p.length ? p[i] : 0)));

// Typed numbers kept within the URL schema's bounds (spec of params.js);
// field shows the kept ones.
export function within(v, spec, field) {
  const c = v.map((a) => Math.max(spec.min, Math.min(spec.max, a)));
  if (c.some((a, i) => a !== v[i])) field.set(c);
  return c;
}
