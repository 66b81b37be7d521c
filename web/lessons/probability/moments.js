// The expectation / variance part of the probability lesson as data: the
// steps of its player and their formulas, filled with the inputs and the
// core's results (lab.moments, lab.dot for the total).
import { tex } from '../../util/format.js';

export const DSTEPS = ['dist', 'mean', 'central', 'square', 'shortcut'];

// Every number is printed with enough digits to tell large values apart
// (x = 100000001 must not read as 1e8).
const n = (x, d = 6) => tex(x, Math.abs(x) >= 1e5 ? 12 : d);
// In parentheses when negative or in 10^k form, so that a following ^2 or a minus reads right.
const p = (x, d = 6) => { const s = n(x, d); return x < 0 || s.includes('\\times') ? `(${s})` : s; };
// Long sums are cut after 6 terms (the total is the core's, not this sum).
const sum = (terms) => (terms.length > 6 ? [...terms.slice(0, 3), '\\cdots', ...terms.slice(-2)] : terms).join(' + ');

// definition = sum of terms = result, on one line or, when long, aligned on three.
const lines = (def, terms, result) => (def.length + terms.length > 150
  ? `\\begin{aligned} ${def} \\\\ &= ${terms} \\\\ &= ${result} \\end{aligned}`.replace(' = \\sum', ' &= \\sum')
  : `${def} = ${terms} = ${result}`);

export function momentsFormula(id, r) {
  const { xs, p: ps, mo } = r;
  const mu = mo.mean;
  switch (id) {
    case 'dist':
      return `p_i \\ge 0, \\qquad \\sum_i p_i = ${sum(ps.map((q) => n(q, 4)))} = ${n(r.sum, 12)}`;
    case 'mean':
      return lines(`\\mathbb{E}[X] = \\sum_i x_i\\, p_i`, sum(xs.map((x, i) => `${p(x)} \\cdot ${n(ps[i], 4)}`)), n(mu));
    case 'central':
      return lines(`\\operatorname{Var}(X) = \\mathbb{E}\\big[(X - \\mathbb{E}[X])^2\\big] = \\sum_i p_i\\,(x_i - ${p(mu)})^2`,
        sum(xs.map((x, i) => `${n(ps[i], 4)}\\,(${n(x)} - ${p(mu)})^2`)), n(mo.varianceCentral));
    case 'square':
      return lines(`\\mathbb{E}[X^2] = \\sum_i x_i^2\\, p_i`, sum(xs.map((x, i) => `${p(x)}^2 \\cdot ${n(ps[i], 4)}`)), n(mo.meanOfSquares));
    case 'shortcut':
      return `\\begin{aligned} \\mathbb{E}[X^2] - \\mathbb{E}[X]^2 &= ${n(mo.meanOfSquares)} - ${p(mu)}^2 = ${n(mo.varianceShortcut)} \\\\ ` +
        `\\mathbb{E}\\big[(X - \\mathbb{E}[X])^2\\big] &= ${n(mo.varianceCentral)} \\\\ ` +
        `\\sigma = \\sqrt{\\operatorname{Var}(X)} &= ${n(r.sd)} \\end{aligned}`;
    default:
      return '';
  }
}

// The derived value `dist`: the distribution (norm: normalize() of norm.js)
// with its moments from the core; null when there is none (all zero).
export function distribution(lab, xs, norm) {
  if (!norm || norm.zero) return null;
  const mo = lab.moments(xs, norm.p);
  return { xs, p: norm.p, sum: lab.dot(norm.p, norm.p.map(() => 1)), mo, sd: Math.sqrt(mo.varianceCentral) };
}
