// The least-squares walkthrough: model, residuals, loss (the chapter's sum
// and the core's mean), the two partial derivatives written out with the
// live terms, one gradient step, and the closed form. The numbers are the
// gradient-descent run's at the iterate shown (lab.optimize) and the
// residuals there (lab.affine / lab.sub / lab.dot).
//
// The chapter writes L = sum (y_i - (w x_i + b))^2 and dL/dw = -2 sum (...) x_i;
// the core minimizes the mean, L = (1/n) sum (...)^2, whose gradient is the
// same divided by n. Both are shown; the chapter's is lab.scale(n, grad).
import { fmtTex, vecTex } from '../shared/kit.js';
import { residuals } from './fit.js';
import { columns } from './data.js';
import { sub as SUB } from '../../util/format.js';

export const LS_STEPS = ['model', 'residuals', 'loss', 'dw', 'db', 'update', 'closed'];

const n4 = (x) => fmtTex(x, 4);
const n3 = (x) => fmtTex(x, 3);
const paren = (x) => (x < 0 ? `(${n3(x)})` : n3(x));

// a_1 b_1 + a_2 b_2 + ... written out (at most 6 terms, then an ellipsis).
function terms(a, b, square = false) {
  const one = (i) => (square ? `(${n3(a[i])})^2` : b ? `${paren(a[i])}\\cdot ${paren(b[i])}` : paren(a[i]));
  const idx = a.length <= 6 ? a.map((_, i) => i) : [0, 1, 2, -1, a.length - 2, a.length - 1];
  return idx.map((i) => (i < 0 ? '\\cdots' : one(i))).join(' + ');
}

// c = {lab, t, pts, cf (closed form), run, it}
export function lsFormula(id, c) {
  const { lab, pts, cf, run, t } = c;
  if (!run || !cf) return '';
  const K = run.path.length - 1;
  const k = id === 'update' ? Math.min(c.it, Math.max(0, K - 1)) : Math.min(c.it, K);
  const n = pts.length;
  const { x, y } = columns(pts);
  const [w, b] = run.path[k];
  const res = residuals(lab, pts, w, b);
  const g = run.grad[k];
  const gChapter = lab.scale(n, g);
  const wb = `w_{${k}} = ${n4(w)},\\ b_{${k}} = ${n4(b)}`;
  switch (id) {
    case 'model':
      return `\\begin{gathered} y_i = w\\,x_i + b + \\varepsilon_i,\\quad i = 1,\\dots,${n} \\\\ x = ${vecTex(x)} \\\\ y = ${vecTex(y)} \\end{gathered}`;
    case 'residuals':
      return `\\begin{gathered} ${wb} \\\\ r_i = y_i - (w_{${k}}\\,x_i + b_{${k}}):\\quad r = ${vecTex(res.r)} \\end{gathered}`;
    case 'loss':
      return `\\begin{aligned} L_{\\text{${t('ls.chapter')}}} &= \\textstyle\\sum_i r_i^2 \\\\ &= ${terms(res.r, null, true)} \\\\ &= ${n4(res.area)} \\\\ L &= \\tfrac{1}{n}\\textstyle\\sum_i r_i^2 = \\tfrac{${n4(res.area)}}{${n}} = ${n4(run.loss[k])}\\end{aligned}`;
    case 'dw':
      return `\\begin{aligned} \\frac{\\partial L}{\\partial w} &= -\\frac{2}{n}\\sum_i r_i\\,x_i \\\\ &= -\\frac{2}{${n}}\\Big[${terms(res.r, x)}\\Big] \\\\ &= ${n4(g[0])} \\\\ \\text{${t('ls.chapter')}}:\\ -2\\sum_i r_i\\,x_i &= ${n4(gChapter[0])} \\end{aligned}`;
    case 'db':
      return `\\begin{aligned} \\frac{\\partial L}{\\partial b} &= -\\frac{2}{n}\\sum_i r_i \\\\ &= -\\frac{2}{${n}}\\Big[${terms(res.r)}\\Big] \\\\ &= ${n4(g[1])} \\\\ \\text{${t('ls.chapter')}}:\\ -2\\sum_i r_i &= ${n4(gChapter[1])} \\end{aligned}`;
    case 'update':
      return `\\begin{bmatrix} w \\\\ b \\end{bmatrix}_{${k + 1}} = \\begin{bmatrix} w \\\\ b \\end{bmatrix}_{${k}} - \\alpha \\begin{bmatrix} \\partial L/\\partial w \\\\ \\partial L/\\partial b \\end{bmatrix} = \\begin{bmatrix} ${n4(w)} \\\\ ${n4(b)} \\end{bmatrix} - ${n4(c.lr)} \\begin{bmatrix} ${n4(g[0])} \\\\ ${n4(g[1])} \\end{bmatrix} = \\begin{bmatrix} ${n4(run.path[Math.min(k + 1, K)][0])} \\\\ ${n4(run.path[Math.min(k + 1, K)][1])} \\end{bmatrix}`;
    default:
      return `\\begin{gathered} \\frac{\\partial L}{\\partial w} = \\frac{\\partial L}{\\partial b} = 0 \\;\\Rightarrow\\; w^* = ${n4(cf.fit.w[0])},\\ b^* = ${n4(cf.fit.b)},\\ L^* = ${n4(cf.fit.loss)} \\\\ ${wb},\\ L(w_{${k}}, b_{${k}}) = ${n4(run.loss[k])} \\end{gathered}`;
  }
}

// The figure beside the walkthrough: the terms the current step adds up,
// one bar each (the data yᵢ, the residuals rᵢ, their squares, the terms
// of ∂L/∂w and ∂L/∂b), then (w, b) before and after one step, and the
// iterate against the closed form. {values, labels, key} (key: the
// caption's string, ls.fig.<id>); the numbers from the core.
export function lsBars(id, c) {
  const { lab, pts, cf, run } = c;
  if (!run || !cf) return null;
  const K = run.path.length - 1;
  const k = id === 'update' ? Math.min(c.it, Math.max(0, K - 1)) : Math.min(c.it, K);
  const n = pts.length;
  const { x, y } = columns(pts);
  const [w, b] = run.path[k];
  const res = residuals(lab, pts, w, b);
  const idx = (name) => (i) => `${name}${SUB(i + 1)}`;
  switch (id) {
    case 'model': return { values: y, labels: idx('y') };
    case 'residuals': return { values: res.r, labels: idx('r') };
    case 'loss': return { values: res.r.map((r) => lab.dot([r], [r])), labels: (i) => `r${SUB(i + 1)}²` };
    case 'dw': return { values: lab.scale(-2 / n, res.r.map((r, i) => lab.dot([r], [x[i]]))), labels: (i) => `−2r${SUB(i + 1)}x${SUB(i + 1)}/n` };
    case 'db': return { values: lab.scale(-2 / n, res.r), labels: (i) => `−2r${SUB(i + 1)}/n` };
    case 'update': {
      const nx = run.path[Math.min(k + 1, K)];
      return { values: [w, nx[0], b, nx[1]], labels: (i) => [`w${SUB(k)}`, `w${SUB(k + 1)}`, `b${SUB(k)}`, `b${SUB(k + 1)}`][i] };
    }
    default:
      return { values: [w, cf.fit.w[0], b, cf.fit.b], labels: (i) => [`w${SUB(k)}`, 'w*', `b${SUB(k)}`, 'b*'][i] };
  }
}
