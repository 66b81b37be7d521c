// Plain-JavaScript versions of the benchmarked core functions: what a JS
// author would write instead of loading the wasm module. They take and return
// what the public API does (number[][] in, plain arrays out, the same result
// fields), and follow the same algorithms in the same loop and summation
// order as src/attn/, so results agree with the API to rounding
// (tests/js/bench-reference.test.mjs). Rows are accumulated in Float64Array
// (fast and zero-filled) and handed out as number[] like the API's, copied
// with an indexed loop: Array.from(typedArray) is ~30x slower in Node 20.
// No input validation: the benchmark's inputs are known good.
// matmul and attention take {layout: 'flat'} as the API does: results as
// {rows, cols, data: Float64Array}, without the per-row copies.

const toArray = (data, start, len) => {
  const out = new Array(len);
  for (let j = 0; j < len; j++) out[j] = data[start + j];
  return out;
};
const rowsOf = (data, rows, cols, layout = 'nested') => {
  if (layout === 'flat') return { rows, cols, data };
  const out = new Array(rows);
  for (let i = 0; i < rows; i++) out[i] = toArray(data, i * cols, cols);
  return out;
};

// C = A B, A: m x k, B: k x n. i-k-j order, as gemm_nn (row of B streamed).
export function matmul(A, B, { layout = 'nested' } = {}) {
  const m = A.length, k = B.length, n = B[0].length;
  const C = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    const c = C.subarray(i * n, (i + 1) * n), a = A[i];
    for (let p = 0; p < k; p++) {
      const aip = a[p], b = B[p];
      for (let j = 0; j < n; j++) c[j] += aip * b[j];
    }
  }
  return rowsOf(C, m, n, layout);
}

// Stable softmax of one vector (T = 1): shift by the max, exp, sum, divide.
export function softmax(z) {
  const n = z.length;
  let mx = z[0];
  for (let i = 1; i < n; i++) mx = Math.max(mx, z[i]);
  const e = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (e[i] = Math.exp(z[i] - mx));
  const p = new Array(n);
  for (let i = 0; i < n; i++) p[i] = e[i] / sum;
  return p;
}

// In-place row softmax of an rows x cols block; allowed (or null) marks the
// entries that may receive weight (the others become 0). As softmax_rows_inplace.
function softmaxRowsInPlace(S, rows, cols, allowed) {
  for (let i = 0; i < rows; i++) {
    const o = i * cols;
    let mx = -Infinity;
    for (let j = 0; j < cols; j++) if (!allowed || allowed[o + j]) mx = Math.max(mx, S[o + j]);
    let sum = 0;
    for (let j = 0; j < cols; j++) {
      const e = !allowed || allowed[o + j] ? Math.exp(S[o + j] - mx) : 0;
      S[o + j] = e;
      sum += e;
    }
    const inv = 1 / sum;
    for (let j = 0; j < cols; j++) S[o + j] *= inv;
  }
}

// Scaled dot-product attention, Q: n x d, K: m x d, V: m x dv -> the four steps.
export function attention(Q, K, V, { layout = 'nested' } = {}) {
  const n = Q.length, m = K.length, d = Q[0].length, dv = V[0].length;
  const scale = 1 / Math.sqrt(d);
  const scores = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {  // 1. Q K^T: dot products of contiguous rows
    const q = Q[i];
    for (let j = 0; j < m; j++) {
      const k = K[j];
      let s = 0;
      for (let p = 0; p < d; p++) s += q[p] * k[p];
      scores[i * m + j] = s;
    }
  }
  const scaled = scores.map((s) => s * scale);  // 2.
  const weights = scaled.slice();               // 3.
  softmaxRowsInPlace(weights, n, m, null);
  const output = new Float64Array(n * dv);      // 4. weights V, i-k-j
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const w = weights[i * m + j], v = V[j];
      for (let c = 0; c < dv; c++) output[i * dv + c] += w * v[c];
    }
  return {
    scores: rowsOf(scores, n, m, layout), scaled: rowsOf(scaled, n, m, layout),
    weights: rowsOf(weights, n, m, layout), output: rowsOf(output, n, dv, layout),
  };
}

// Graph attention layer (src/attn/graph/gat.hpp): X: n x f, A: n x n pattern,
// W: f x f', a: 2 f' -> {Wh, src, dst, e, alpha, output}.
export function gat(X, A, W, a, { negativeSlope = 0.2, selfLoops = true } = {}) {
  const n = X.length, f = X[0].length, fp = W[0].length;
  const Wh = new Float64Array(n * fp);  // 1. X W
  for (let i = 0; i < n; i++)
    for (let p = 0; p < f; p++) {
      const x = X[i][p], w = W[p];
      for (let k = 0; k < fp; k++) Wh[i * fp + k] += x * w[k];
    }
  const src = new Array(n), dst = new Array(n);  // 2. a_1^T Wh_i, a_2^T Wh_j
  for (let i = 0; i < n; i++) {
    let u = 0, v = 0;
    for (let k = 0; k < fp; k++) {
      u += a[k] * Wh[i * fp + k];
      v += a[fp + k] * Wh[i * fp + k];
    }
    src[i] = u;
    dst[i] = v;
  }
  const edge = new Uint8Array(n * n), e = new Float64Array(n * n);  // 3. LeakyReLU on edges
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const on = A[i][j] !== 0 || (selfLoops && i === j);
      edge[i * n + j] = on;
      if (!on) { e[i * n + j] = -Infinity; continue; }
      const x = src[i] + dst[j];
      e[i * n + j] = x >= 0 ? x : negativeSlope * x;
    }
  const alpha = e.slice();  // 4. softmax over each node's neighbours
  softmaxRowsInPlace(alpha, n, n, edge);
  const out = new Float64Array(n * fp);  // 5. alpha Wh
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const w = alpha[i * n + j];
      for (let k = 0; k < fp; k++) out[i * fp + k] += w * Wh[j * fp + k];
    }
  return {
    Wh: rowsOf(Wh, n, fp), src, dst, e: rowsOf(e, n, n),
    alpha: rowsOf(alpha, n, n), output: rowsOf(out, n, fp),
  };
}

// Adam on Rosenbrock f = (a - x)^2 + b (y - x^2)^2, recording what optimize()
// returns: {path, loss, grad, state: [{m, v, mHat, vHat}], diverged, divergedAt}.
export function adamRosenbrock(x0, { lr, steps, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, a = 1, b = 100 }) {
  const evalf = (x, g) => {
    const u = a - x[0], w = x[1] - x[0] * x[0];
    g[0] = -2 * u - 4 * b * x[0] * w;
    g[1] = 2 * b * w;
    return u * u + b * w * w;
  };
  const x = x0.slice(), g = [0, 0], m = [0, 0], v = [0, 0];
  const path = [x.slice()], loss = [evalf(x, g)], grad = [g.slice()], state = [];
  for (let k = 0; k < steps; k++) {
    const t = k + 1, c1 = 1 - beta1 ** t, c2 = 1 - beta2 ** t;
    const mh = [0, 0], vh = [0, 0];
    for (let i = 0; i < 2; i++) {
      m[i] = beta1 * m[i] + (1 - beta1) * g[i];
      v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i];
      mh[i] = m[i] / c1;
      vh[i] = v[i] / c2;
      x[i] = x[i] - (lr * mh[i]) / (Math.sqrt(vh[i]) + eps);
    }
    const f = evalf(x, g);
    if (!Number.isFinite(f) || !x.every(Number.isFinite) || !g.every(Number.isFinite))
      return { path, loss, grad, state, diverged: true, divergedAt: k + 1 };
    path.push(x.slice());
    loss.push(f);
    grad.push(g.slice());
    state.push({ m: m.slice(), v: v.slice(), mHat: mh, vHat: vh });
  }
  return { path, loss, grad, state, diverged: false, divergedAt: null };
}

// ---- SVD: one-sided Jacobi (Hestenes), a port of src/attn/lowrank/svd.cpp --
// (see that file for the method, pivoting, zero singular values and signs).

const EPS = 2.220446049250313e-16;  // 2^-52

// Four partial sums, as the core's dot (same rounding).
function dot(x, xo, y, yo, n) {
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0, i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += x[xo + i] * y[yo + i];
    s1 += x[xo + i + 1] * y[yo + i + 1];
    s2 += x[xo + i + 2] * y[yo + i + 2];
    s3 += x[xo + i + 3] * y[yo + i + 3];
  }
  for (; i < n; i++) s0 += x[xo + i] * y[yo + i];
  return s0 + s1 + (s2 + s3);
}

function swapRows(X, p, q, len) {
  for (let i = 0; i < len; i++) {
    const t = X[p * len + i];
    X[p * len + i] = X[q * len + i];
    X[q * len + i] = t;
  }
}

// W: k rows of length L (the working matrix's columns); V: k x k, same rotations.
function jacobi(W, k, L, V, norm2) {
  for (let j = 0; j < k; j++) norm2[j] = dot(W, j * L, W, j * L, L);
  const tol = Math.sqrt(L) * EPS;
  for (let sweep = 0; sweep < 60; sweep++) {
    let rotated = false;
    for (let p = 0; p + 1 < k; p++) {
      let big = p;  // de Rijk's pivoting
      for (let j = p + 1; j < k; j++) if (norm2[j] > norm2[big]) big = j;
      if (big !== p) {
        swapRows(W, p, big, L);
        swapRows(V, p, big, k);
        const t = norm2[p]; norm2[p] = norm2[big]; norm2[big] = t;
      }
      const wp = p * L;
      for (let q = p + 1; q < k; q++) {
        const alpha = norm2[p], beta = norm2[q];
        if (alpha === 0 || beta === 0) continue;
        const wq = q * L;
        const gamma = dot(W, wp, W, wq, L);
        if (Math.abs(gamma) <= tol * Math.sqrt(alpha) * Math.sqrt(beta)) continue;
        const zeta = (beta - alpha) / (2 * gamma);
        const t = Math.abs(zeta) > 1e150 ? 0.5 / zeta
          : (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
        const c = 1 / Math.sqrt(1 + t * t), s = c * t;
        for (let i = 0; i < L; i++) {
          const x = W[wp + i], y = W[wq + i];
          W[wp + i] = c * x - s * y;
          W[wq + i] = s * x + c * y;
        }
        norm2[p] = dot(W, wp, W, wp, L);
        norm2[q] = dot(W, wq, W, wq, L);
        const vp = p * k, vq = q * k;
        for (let i = 0; i < k; i++) {
          const x = V[vp + i], y = V[vq + i];
          V[vp + i] = c * x - s * y;
          V[vq + i] = s * x + c * y;
        }
        rotated = true;
      }
    }
    if (!rotated) break;
  }
}

// Rows j0..k-1 of Y: orthonormal completion from standard basis vectors.
function completeRows(Y, j0, k, L) {
  const accept = 1 / Math.sqrt(2 * L);
  const x = new Float64Array(L);
  let best = new Float64Array(L);
  const residual = (c, j) => {
    x.fill(0);
    x[c] = 1;
    for (let pass = 0; pass < 2; pass++)
      for (let i = 0; i < j; i++) {
        const h = dot(Y, i * L, x, 0, L);
        for (let l = 0; l < L; l++) x[l] -= h * Y[i * L + l];
      }
    return Math.sqrt(dot(x, 0, x, 0, L));
  };
  let cand = 0;
  for (let j = j0; j < k; j++) {
    let nbest = -1;
    for (; cand < L; cand++) {
      const nx = residual(cand, j);
      if (nx > nbest) { nbest = nx; best = x.slice(); }
      if (nx >= accept) { cand++; break; }
    }
    if (nbest < accept)
      for (let c = 0; c < L; c++) {
        const nx = residual(c, j);
        if (nx > nbest) { nbest = nx; best = x.slice(); }
      }
    for (let l = 0; l < L; l++) Y[j * L + l] = best[l] / nbest;
  }
}

function signOf(X, o, n) {
  let mx = 0;
  for (let i = 0; i < n; i++) mx = Math.max(mx, Math.abs(X[o + i]));
  for (let i = 0; i < n; i++) if (Math.abs(X[o + i]) >= mx * (1 - 1e-9)) return X[o + i] < 0 ? -1 : 1;
  return 1;
}

// Thin SVD, A: m x n -> {U: m x k, S: k (descending), Vt: k x n}, k = min(m, n).
export function svd(A) {
  const m = A.length, n = A[0].length, tall = m >= n;
  const k = tall ? n : m, L = tall ? m : n;
  let amax = 0;
  for (const row of A) for (const x of row) amax = Math.max(amax, Math.abs(x));
  // Exact power-of-two scaling: largest entry in [0.5, 1) (frexp's exponent).
  let ex = amax > 0 ? Math.floor(Math.log2(amax)) + 1 : 0;
  if (amax > 0 && 2 ** (ex - 1) > amax) ex--;       // guard log2 rounding up
  else if (amax > 0 && 2 ** ex <= amax) ex++;
  const up = 2 ** -ex, down = 2 ** ex;
  const W = new Float64Array(k * L);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      if (tall) W[j * m + i] = A[i][j] * up;
      else W[i * n + j] = A[i][j] * up;
    }
  const V = new Float64Array(k * k);
  for (let j = 0; j < k; j++) V[j * k + j] = 1;
  jacobi(W, k, L, V, new Float64Array(k));

  const s = new Float64Array(k);
  for (let j = 0; j < k; j++) s[j] = Math.sqrt(dot(W, j * L, W, j * L, L));
  const order = Array.from({ length: k }, (_, j) => j).sort((x, y) => s[y] - s[x]);  // stable
  const Y = new Float64Array(k * L), Vs = new Float64Array(k * k);
  const zeroBelow = s[order[0]] * L * EPS;
  let good = 0;
  for (let r = 0; r < k; r++) {
    const j = order[r];
    Vs.set(V.subarray(j * k, (j + 1) * k), r * k);
    if (s[j] > 0 && s[j] > zeroBelow) {
      for (let l = 0; l < L; l++) Y[r * L + l] = W[j * L + l] / s[j];
      good++;
    }
  }
  completeRows(Y, good, k, L);
  for (let r = 0; r < k; r++) {
    const sg = tall ? signOf(Vs, r * k, k) : signOf(Y, r * L, L);
    if (sg < 0) {
      for (let l = 0; l < L; l++) Y[r * L + l] = -Y[r * L + l];
      for (let l = 0; l < k; l++) Vs[r * k + l] = -Vs[r * k + l];
    }
  }
  const S = Array.from(order, (j) => s[j] * down);
  const U = new Array(m);
  for (let i = 0; i < m; i++) {
    const row = new Array(k);
    for (let r = 0; r < k; r++) row[r] = tall ? Y[r * L + i] : Vs[r * k + i];
    U[i] = row;
  }
  const Vt = tall ? rowsOf(Vs, k, n) : rowsOf(Y, k, n);
  return { U, S, Vt };
}
