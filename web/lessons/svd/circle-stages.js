// The 2 x 2 matrix M as rotate (V^T) -> stretch (Sigma) -> rotate (U) on the
// unit circle: the SVD from the core (lab.svdSteps, which also reports the
// Jacobi rotations it used), every stage's points mapped by lab.matmul, and
// the last stage checked against M x computed directly.
import PARAMS from './params.js';

export const N_PTS = 120;
const is2x2 = (m) => m && m.length === 2 && m.every((row) => row.length === 2);

// The matrix the circle shows: M from the URL, or the default when it is not 2 x 2.
export function circleMatrix(M) {
  if (is2x2(M)) return M;
  console.warn('Attention Lab: URL parameter "M" ignored (M must be 2 x 2); using the default.');
  return PARAMS.params.M.default.map((row) => row.slice());
}

// Circle points as the columns of a 2 x (N + 2) matrix; the last two columns
// are the right singular vectors v1, v2 (the rows of Vt).
function inputPoints(Vt) {
  const xs = [], ys = [];
  for (let i = 0; i < N_PTS; i++) { const a = (2 * Math.PI * i) / N_PTS; xs.push(Math.cos(a)); ys.push(Math.sin(a)); }
  xs.push(Vt[0][0], Vt[1][0]);
  ys.push(Vt[0][1], Vt[1][1]);
  return [xs, ys];
}

export function circleStages(lab, M) {
  const sv = lab.svdSteps(M);
  const P0 = inputPoints(sv.Vt);
  const P1 = lab.matmul(sv.Vt, P0);
  const P2 = lab.matmul([[sv.S[0], 0], [0, sv.S[1]]], P1);
  const P3 = lab.matmul(sv.U, P2);
  const direct = lab.matmul(M, P0);
  const gap = lab.norm(lab.sub(P3.flat(), direct.flat()), { p: Infinity });
  const recon = lab.matmul(lab.matmul(sv.U, [[sv.S[0], 0], [0, sv.S[1]]]), sv.Vt);
  return { M, sv, stages: [P0, P1, P2, P3], gap, recon, detU: lab.det(sv.U), detV: lab.det(sv.Vt), det: lab.det(M) };
}

// The matrix that takes stage a to stage a + 1 part of the way (s in
// [0, 1]): a rotation turned by s of its angle (a reflection, which no
// turn reaches, blended linearly), or the stretch 1 + s (sigma_i - 1).
export function partial(c, a, s) {
  const Q = a === 0 ? c.sv.Vt : a === 2 ? c.sv.U : null;
  if (!Q) return [[1 + s * (c.sv.S[0] - 1), 0], [0, 1 + s * (c.sv.S[1] - 1)]];
  if ((a === 0 ? c.detV : c.detU) > 0) {
    const th = s * Math.atan2(Q[1][0], Q[0][0]);
    return [[Math.cos(th), -Math.sin(th)], [Math.sin(th), Math.cos(th)]];
  }
  return [[1 - s + s * Q[0][0], s * Q[0][1]], [s * Q[1][0], 1 - s + s * Q[1][1]]];
}
