// Seeded random inputs of the asymptotics part of the proofs lesson: key
// scores g_j ~ N(0, 1) (Box-Muller on util/random.js's mulberry32) and
// i.i.d. values v_j from one of three distributions with a known mean mu
// and standard deviation tau. Each stream is a prefix-stable sequence: the
// first n entries are the same whatever n is, so "n grows" means "more
// keys are appended". These are inputs; every weight, entropy and output
// computed from them comes from the core.
import { rng } from '../../util/random.js';

export const MAX_N = 1024;
export const DRAWS = 2000;

// mean and standard deviation of one value v_j, and a sampler from u ~ U[0, 1).
export const VALUE_DISTS = {
  coin: { mu: 0, tau: 1, sample: (u) => (u < 0.5 ? -1 : 1) },
  uniform: { mu: 0.5, tau: Math.sqrt(1 / 12), sample: (u) => u },
  exp: { mu: 1, tau: 1, sample: (u) => -Math.log(1 - u) },
};

export function normals(next, count) {
  const out = new Array(count);
  for (let i = 0; i < count; i += 2) {
    const u1 = 1 - next(), u2 = next();
    const r = Math.sqrt(-2 * Math.log(u1));
    out[i] = r * Math.cos(2 * Math.PI * u2);
    if (i + 1 < count) out[i + 1] = r * Math.sin(2 * Math.PI * u2);
  }
  return out;
}

// Three independent streams from one seed (different rng seeds).
const stream = (seed, k) => rng((Math.imul(seed + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca77)) >>> 0);

// The first MAX_N key scores (before multiplying by sigma) and values.
export function drawSequence(seed, dist) {
  const g = normals(stream(seed, 0), MAX_N);
  const next = stream(seed, 1);
  const d = VALUE_DISTS[dist];
  const v = Array.from({ length: MAX_N }, () => d.sample(next()));
  return { g, v };
}

// Fresh values for the CLT draws: one stream per seed, consumed draw by
// draw (n values each), so that drawing in blocks gives the same numbers
// as drawing all at once. valueBlock returns the next `cols` draws as an
// n x cols matrix (column c is one draw), ready for attention(Q, K, V).
export const valueStream = (seed) => stream(seed, 2);

export function valueBlock(next, dist, n, cols) {
  const d = VALUE_DISTS[dist];
  const V = Array.from({ length: n }, () => new Float64Array(cols));
  for (let c = 0; c < cols; c++) for (let j = 0; j < n; j++) V[j][c] = d.sample(next());
  return V;
}
