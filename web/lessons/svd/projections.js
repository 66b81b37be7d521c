// The k x n projections E, F of the Linformer demo (linformer.js) and its
// exercise: random (seeded Gaussian), segment means, or k landmark keys
// with F fitted to the input.
import { rng } from '../../util/random.js';

// k x n Gaussian entries with variance 1/k (Box-Muller on the seeded stream).
export function gaussianProjection(seed, k, n) {
  const next = rng(seed);
  const g = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return Array.from({ length: k }, () => Array.from({ length: n }, () => Math.round((g() / Math.sqrt(k)) * 1000) / 1000));
}

// k x n: row i averages the i-th of k contiguous, nearly equal segments.
export function poolingProjection(k, n) {
  return Array.from({ length: k }, (_, i) => {
    const a = Math.floor((i * n) / k), b = Math.floor(((i + 1) * n) / k);
    return Array.from({ length: n }, (_, j) => (j >= a && j < b ? 1 / (b - a) : 0));
  });
}

// The pseudo-inverse of W (rows x cols) from its SVD: V Sigma^+ U^T.
function pinv(lab, W) {
  const { U, S, Vt } = lab.svd(W);
  const tol = 1e-10 * (S[0] || 0);
  const SiUt = S.map((sg, i) => U.map((row) => (sg > tol ? row[i] / sg : 0)));
  return lab.matmul(lab.transpose(Vt), SiUt);
}

// The projection that does well: E picks the k keys the exact weights A use
// most (largest column sums), F is fitted by least squares so that the
// n x k weights W_E = softmax(Q (EK)^T / sqrt(d_k)) reproduce A: F = W_E^+ A.
// What training finds, here solved for this one input (it needs A, so it is
// a demonstration of what a good projection can reach, not a shortcut).
export function fittedProjection(lab, Q, K, V, A, k) {
  const n = A.length;
  const mass = A[0].map((_, j) => A.reduce((acc, row) => acc + row[j], 0));
  const pick = mass.map((m, j) => [m, j]).sort((a, b) => b[0] - a[0]).slice(0, k).map(([, j]) => j).sort((a, b) => a - b);
  const E = pick.map((j) => Array.from({ length: n }, (_, c) => (c === j ? 1 : 0)));
  const WE = lab.attention(Q, lab.matmul(E, K), lab.matmul(E, V)).weights;
  return [E, lab.matmul(pinv(lab, WE), A)];
}

// Linformer on the inputs drawn from seed, with projections of the given
// kind and length k, and its error against exact attention ex (Frobenius,
// absolute and relative).
export function linformerRun(lab, { Q, K, V, seed }, kind, k, ex) {
  const n = Q.length;
  const [E, F] = kind === 'pool' ? [poolingProjection(k, n), poolingProjection(k, n)]
    : kind === 'fit' ? fittedProjection(lab, Q, K, V, ex.weights, k)
      : [gaussianProjection(seed + 101, k, n), gaussianProjection(seed + 202, k, n)];
  const lin = lab.linformerAttention(Q, K, V, E, F);
  const e = lab.norm(lab.sub(lin.output.flat(), ex.output.flat()));
  return { lin, e, rel: e / lab.norm(ex.output.flat()), E };
}
