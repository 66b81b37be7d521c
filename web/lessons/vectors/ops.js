// The u, v part of the vectors lesson as data: what the core computes for
// the current u, v, alpha (compute), and per step of the player the TeX with
// the live numbers (formula) and the figure's layers (layers). The numbers
// written into a formula are the inputs and the core's results; the page
// does no arithmetic of its own beyond an angle from the core's cosine.
import { fmtTex } from '../shared/kit.js';

export const STEPS = ['components', 'add', 'scale', 'dot', 'project', 'norms'];

export function compute(lab, u, v, alpha) {
  const dot = lab.dot(u, v);
  const nu = lab.norm(u);
  const nv = lab.norm(v);
  const vv = lab.dot(v, v);
  // nu * nv and v . v underflow for tiny vectors (u = v = (1e-200, 0) gave
  // θ = NaN): then the cosine and the projection come from unit vectors.
  const tiny = nu > 0 && nv > 0 && !(nu * nv > 0 && vv > 0);
  const vhat = tiny ? unit(lab, v, nv) : null;
  const cos = !(nu > 0 && nv > 0) ? null
    : Math.max(-1, Math.min(1, tiny ? lab.dot(unit(lab, u, nu), vhat) : dot / (nu * nv)));
  const coef = !(nv > 0) ? null : tiny ? lab.dot(u, vhat) / nv : dot / vv;
  return {
    u, v, alpha, dot, nu, nv, vv, cos, coef,
    sum: lab.add(u, v),
    av: lab.scale(alpha, v),
    theta: cos === null ? null : (Math.acos(cos) * 180) / Math.PI,
    proj: coef === null ? null : lab.scale(coef, v),
    n1: lab.norm(v, { p: 1 }),
    ninf: lab.norm(v, { p: Infinity }),
  };
}

// w / |w| by the core; a norm so small that 1 / |w| overflows is first
// scaled up by 2^600 (exact).
function unit(lab, w, nw) {
  if (Number.isFinite(1 / nw)) return lab.scale(1 / nw, w);
  const up = lab.scale(2 ** 600, w);
  return lab.scale(1 / lab.norm(up), up);
}

// A number for TeX, in parentheses when negative (3 + (-1)).
const n = (x, d = 4) => fmtTex(x, d);
const p = (x, d = 4) => { const s = fmtTex(x, d); return x < 0 || s.includes('\\times') ? `(${s})` : s; };
export const row = (v, d = 4) => `\\begin{bmatrix}${v.map((x) => n(x, d)).join(' & ')}\\end{bmatrix}`;
const rowTex = (parts) => `\\begin{bmatrix}${parts.join(' & ')}\\end{bmatrix}`;
const txt = (s) => `\\text{${String(s).replace(/[\\{}$&#^_%~]/g, '')}}`;

export function formula(id, r, t) {
  const { u, v, alpha } = r;
  switch (id) {
    case 'components':
      return `u = ${rowTex(['u_1', 'u_2'])} = ${row(u)},\\qquad v = ${rowTex(['v_1', 'v_2'])} = ${row(v)}`;
    case 'add':
      return `u + v = ${rowTex(['u_1 + v_1', 'u_2 + v_2'])} = ${rowTex([0, 1].map((i) => `${n(u[i])} + ${p(v[i])}`))} = ${row(r.sum)}`;
    case 'scale':
      return `\\alpha v = ${rowTex(['\\alpha v_1', '\\alpha v_2'])} = ${rowTex([0, 1].map((i) => `${p(alpha)} \\cdot ${p(v[i])}`))} = ${row(r.av)}`;
    case 'dot': {
      const line1 = `u \\cdot v &= u_1 v_1 + u_2 v_2 = ${p(u[0])} \\cdot ${p(v[0])} + ${p(u[1])} \\cdot ${p(v[1])} = ${n(r.dot)}`;
      const line2 = r.cos === null
        ? `\\cos\\theta &= \\frac{u \\cdot v}{\\|u\\|_2\\,\\|v\\|_2}: \\ ${txt(t('zeroAngle'))}`
        : `\\cos\\theta &= \\frac{u \\cdot v}{\\|u\\|_2\\,\\|v\\|_2} = \\frac{${n(r.dot)}}{${n(r.nu)} \\cdot ${n(r.nv)}} = ${n(r.cos)} \\;\\Rightarrow\\; \\theta = ${n(r.theta, 3)}^\\circ`;
      return `\\begin{aligned} ${line1} \\\\ ${line2} \\end{aligned}`;
    }
    case 'project':
      if (r.coef === null) return `\\operatorname{proj}_v u = \\frac{u \\cdot v}{v \\cdot v}\\, v: \\ ${txt(t('zeroProj'))}`;
      return `\\begin{aligned} \\operatorname{proj}_v u &= \\frac{u \\cdot v}{v \\cdot v}\\, v = \\frac{${n(r.dot)}}{${n(r.vv)}} ${row(v)} = ${row(r.proj)} \\\\ ` +
        `\\frac{u \\cdot v}{\\|v\\|_2} &= \\frac{${n(r.dot)}}{${n(r.nv)}} = ${n(r.dot / r.nv)} \\end{aligned}`;
    case 'norms':
      return `\\begin{aligned} \\|v\\|_2 &= \\sqrt{v_1^2 + v_2^2} = \\sqrt{${p(v[0])}^2 + ${p(v[1])}^2} = ${n(r.nv)} \\\\ ` +
        `\\|v\\|_1 &= |v_1| + |v_2| = |${n(v[0])}| + |${n(v[1])}| = ${n(r.n1)} \\\\ ` +
        `\\|v\\|_\\infty &= \\max(|v_1|, |v_2|) = \\max(|${n(v[0])}|, |${n(v[1])}|) = ${n(r.ninf)} \\end{aligned}`;
    default:
      return '';
  }
}

const O = [0, 0];
const angleOf = (w) => Math.atan2(w[1], w[0]);

// The figure for step id: the arrows u and v always, plus the step's construction.
export function layers(id, r, t, domain) {
  const { u, v } = r;
  const out = [];
  const far = (w, k) => { const m = Math.hypot(w[0], w[1]); return m > 0 ? [(w[0] / m) * k, (w[1] / m) * k] : O; };
  const lineAlongV = () => ({ type: 'segment', from: far(v, -3 * domain), to: far(v, 3 * domain), className: 'vp-v vp-faint' });
  if (id === 'components') {
    for (const [w, cls] of [[u, 'vp-u'], [v, 'vp-v']]) {
      out.push({ type: 'segment', from: w, to: [w[0], 0], className: `${cls} vp-drop` });
      out.push({ type: 'segment', from: w, to: [0, w[1]], className: `${cls} vp-drop` });
    }
  }
  if (id === 'add') {
    out.push({ type: 'polygon', points: [O, u, r.sum, v], className: 'vp-sum vp-fill' });
    out.push({ type: 'arrow', from: u, to: r.sum, className: 'vp-v', dashed: true });
    out.push({ type: 'arrow', from: v, to: r.sum, className: 'vp-u', dashed: true });
    out.push({ type: 'arrow', from: O, to: r.sum, className: 'vp-sum' });
    out.push({ type: 'text', at: r.sum, text: 'u + v', dy: -12, className: 'vp-sum' });
  }
  if (id === 'scale') {
    out.push(lineAlongV());
    out.push({ type: 'arrow', from: O, to: r.av, className: 'vp-scale vp-thick' });
    out.push({ type: 'text', at: r.av, text: `αv`, dy: r.av[1] >= 0 ? -12 : 20, className: 'vp-scale' });
  }
  if (id === 'dot' && r.theta !== null) {
    let a0 = angleOf(u), a1 = angleOf(v);
    let d = a1 - a0;
    if (d > Math.PI) d -= 2 * Math.PI;
    if (d < -Math.PI) d += 2 * Math.PI;
    a1 = a0 + d;
    out.push({ type: 'arc', center: O, r: 30, a0, a1, className: 'vp-angle' });
    const mid = a0 + d / 2;
    out.push({ type: 'text', at: O, dx: 50 * Math.cos(mid), dy: -50 * Math.sin(mid) + 4, text: `θ = ${Number(r.theta.toFixed(1))}°`, className: 'vp-angle' });
  }
  if (id === 'project' && r.proj) {
    out.push(lineAlongV());
    out.push({ type: 'segment', from: u, to: r.proj, className: 'vp-perp' });
    if (Math.hypot(u[0] - r.proj[0], u[1] - r.proj[1]) > 1e-9 && r.nv > 0)
      out.push({ type: 'rightAngle', at: r.proj, d1: r.coef >= 0 ? [-v[0], -v[1]] : v, d2: [u[0] - r.proj[0], u[1] - r.proj[1]], className: 'vp-perp' });
    out.push({ type: 'arrow', from: O, to: r.proj, className: 'vp-proj vp-thick' });
    out.push({ type: 'dot', at: r.proj, className: 'vp-proj' });
    // The label sits beyond the foot, on the side of the line away from u.
    const d = [r.proj[0] - u[0], r.proj[1] - u[1]], dl = Math.hypot(d[0], d[1]);
    const off = dl > 1e-9 ? [(d[0] / dl) * 24, (-d[1] / dl) * 24 + 4] : [0, 20];
    out.push({ type: 'text', at: r.proj, text: t('projLabel'), dx: off[0], dy: off[1], className: 'vp-proj' });
  }
  if (id === 'norms') {
    // Dashed: the unit balls ||x||_p = 1. Solid: the balls of radius ||v||_p, whose boundary passes through v.
    const diamond = (k) => [[k, 0], [0, k], [-k, 0], [0, -k]];
    const square = (k) => [[k, k], [-k, k], [-k, -k], [k, -k]];
    for (const [k1, k2, ki, extra] of [[1, 1, 1, ' vp-unit'], [r.n1, r.nv, r.ninf, '']])
      out.push({ type: 'polygon', points: diamond(k1), className: `vp-l1 vp-ball${extra}` },
        { type: 'circle', center: O, r: k2, className: `vp-l2 vp-ball${extra}` },
        { type: 'polygon', points: square(ki), className: `vp-linf vp-ball${extra}` });
  }
  out.push({ type: 'arrow', from: O, to: v, className: 'vp-v' });
  out.push({ type: 'arrow', from: O, to: u, className: 'vp-u' });
  return out;
}
