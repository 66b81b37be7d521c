// The distributions and the joint table in use. A link's values are made
// consistent (distributions normalized, P and Q of the same length, the
// joint table at least 2 x 2 and not all zero); a learner's edit is used
// exactly as made, while the URL gets it rounded to 8 significant digits
// (short links; read back, they are renormalized).
import { normalize, resize, uniform } from './dist.js';
import PARAMS from './params.js';

const d = PARAMS.params;
const r8 = (x) => Number(x.toPrecision(8));

// The derived value `pq`: {P, Q} in use (exact: the learner's last edit, or null).
export function pqInUse({ P: p, Q: q, exactPQ }) {
  if (exactPQ) return exactPQ;
  const P = normalize(p) || d.P.default.slice();
  let Q = normalize(q) || uniform(P.length);
  if (Q.length !== P.length) Q = resize(Q, P.length);
  return { P, Q };
}

// Entries divided by their total; null for a negative entry or a zero total.
export function normalizeJoint(m) {
  let total = 0;
  for (const row of m) for (const x of row) { if (!(x >= 0) || !Number.isFinite(x)) return null; total += x; }
  return total > 0 ? { joint: m.map((row) => row.map((x) => x / total)), total } : null;
}

// The derived value `jt`: the joint table in use.
export function jointInUse({ joint, exactJoint }) {
  if (exactJoint) return exactJoint;
  const m = joint && normalizeJoint(joint) ? joint : d.joint.default.map((r) => r.slice());
  return m.length < 2 || m[0].length < 2 ? d.joint.default.map((r) => r.slice()) : m;
}

// An edit of P, Q or their length n ({P} | {Q} | {n}), with P and Q kept the
// same length: the patch for the store (URL values rounded, exact ones beside).
export function editPQ({ P, Q }, patch) {
  const p = { ...patch };
  if (p.n !== undefined) { p.P = resize(P, p.n); p.Q = resize(Q, p.n); delete p.n; }
  if (p.P && p.P.length !== Q.length && !p.Q) p.Q = resize(Q, p.P.length);
  if (p.Q && p.Q.length !== (p.P || P).length) p.P = resize(P, p.Q.length);
  const out = { exactPQ: { P: p.P || P, Q: p.Q || Q } };
  for (const k of ['P', 'Q']) if (p[k]) out[k] = p[k].map(r8);
  return out;
}

// An edit of the joint table: the patch for the store.
export const editJoint = (joint) => ({ joint: joint.map((row) => row.map(r8)), exactJoint: joint });
