// The formula of each step of the circle's player, with the numbers of the
// current M (c: circle-stages.js).
import { matTex, vecTex, fmtTex } from '../shared/kit.js';
import { fmt } from '../../util/format.js';

export const CSTEPS = ['circle', 'vt', 'sigma', 'u', 'whole'];
const transpose2 = (m) => m[0].map((_, j) => m.map((row) => row[j]));

// V^T or U: a rotation by its angle, or a reflection at half of it.
function orient(c, Q, t) {
  const d = Q === 'U' ? c.detU : c.detV;
  const m = Q === 'U' ? c.sv.U : c.sv.Vt;
  const deg = fmt((Math.atan2(m[1][0], m[0][0]) * 180) / Math.PI, 4);
  return d > 0 ? t('rotationBy', { deg }) : t('reflectionAt', { deg: fmt((Math.atan2(m[1][0], m[0][0]) * 90) / Math.PI, 4) });
}

export function circleFormula(id, c, t) {
  const { sv, M } = c;
  const V = transpose2(sv.Vt);
  const Sig = `\\begin{bmatrix}${fmtTex(sv.S[0])} & 0 \\\\ 0 & ${fmtTex(sv.S[1])}\\end{bmatrix}`;
  switch (id) {
    case 'circle': return `M = ${matTex(M)},\\quad \\|x\\| = 1,\\quad v_1 = ${vecTex(V.map((row) => row[0]))}^{\\!\\top},\\ v_2 = ${vecTex(V.map((row) => row[1]))}^{\\!\\top}`;
    case 'vt': return `V^\\top = ${matTex(sv.Vt)}\\ (\\text{${orient(c, 'V', t)}}),\\quad V^\\top v_1 = e_1,\\ V^\\top v_2 = e_2`;
    case 'sigma': return `\\Sigma = ${Sig},\\quad \\Sigma e_1 = \\sigma_1 e_1,\\ \\Sigma e_2 = \\sigma_2 e_2`;
    case 'u': return `U = ${matTex(sv.U)}\\ (\\text{${orient(c, 'U', t)}}),\\quad U(\\sigma_i e_i) = \\sigma_i u_i = M v_i`;
    default: return `M = U\\Sigma V^\\top = ${matTex(sv.U)} ${Sig} ${matTex(sv.Vt)} = ${matTex(c.recon, 4)},\\quad \\max|U\\Sigma V^\\top x - Mx| = ${fmtTex(c.gap, 2)}`;
  }
}
