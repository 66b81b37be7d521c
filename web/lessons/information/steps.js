// The information lesson's walkthrough: its steps by panel, and each
// step's formula with the live numbers of the parts (results `res` from the
// core, inputs `st`).
import { fmtTex, vecTex } from '../shared/kit.js';
import { logTex } from './entropy.js';

// Step ids in order, grouped by the panel (data-part) they are about.
export const PARTS = {
  entropy: ['entropy'],
  bounds: ['bounds'],
  kl: ['kl', 'asym'],
  ce: ['ce'],
  mi: ['mi', 'indep'],
  attention: ['attention'],
};

export function stepFormula(id, { st, res }) {
  const L = logTex(st.unit);
  const { ent, kl, mi, att } = res;
  switch (id) {
    case 'entropy':
      return ent ? `P = ${vecTex(st.P)},\\qquad H(P) = -\\sum_i p_i ${L} p_i = ${fmtTex(ent.HP, 5)}` : '';
    case 'bounds':
      return ent ? `0 \\le H(P) = ${fmtTex(ent.HP, 4)} \\le ${L} ${st.P.length} = ${fmtTex(ent.logn, 4)},\\qquad 0 \\le H(Q) = ${fmtTex(ent.HQ, 4)} \\le ${fmtTex(ent.logn, 4)}` : '';
    case 'kl':
      return kl ? `\\mathrm{KL}(P\\,\\|\\,Q) = \\sum_i p_i ${L}\\frac{p_i}{q_i} = ${fmtTex(kl.pq, 5)} \\;\\ge\\; 0` : '';
    case 'asym':
      return kl ? `\\mathrm{KL}(P\\,\\|\\,Q) = ${fmtTex(kl.pq, 5)} \\quad\\text{vs.}\\quad \\mathrm{KL}(Q\\,\\|\\,P) = ${fmtTex(kl.qp, 5)}` : '';
    case 'ce':
      return kl && ent ? `H(P,Q) = ${fmtTex(kl.cePQ, 6)} = H(P) + \\mathrm{KL}(P\\,\\|\\,Q) = ${fmtTex(ent.HP, 6)} + ${fmtTex(kl.pq, 6)}` : '';
    case 'mi':
      return mi ? `I(X;Y) = H(X) - H(X\\mid Y) = ${fmtTex(mi.I1, 5)},\\qquad H(Y) - H(Y\\mid X) = ${fmtTex(mi.I2, 5)}` : '';
    case 'indep':
      return mi ? `I(X;Y) = \\mathrm{KL}\\big(P_{XY}\\,\\|\\,P_X P_Y\\big) = ${fmtTex(mi.I, 5)} \\;\\ge\\; 0,\\quad = 0 \\iff P_{XY} = P_X P_Y` : '';
    case 'attention':
      return att ? `H(\\alpha_i) = ${vecTex(att.H, 4)},\\qquad 0 \\le H(\\alpha_i) \\le ${L} ${att.n} = ${fmtTex(att.logn, 4)}` : '';
    default:
      return '';
  }
}
