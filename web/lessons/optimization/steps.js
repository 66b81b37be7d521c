// The step-through of one update k -> k+1 of each method, formula by
// formula as the chapter writes them, with the live vectors of the runs
// (lab.optimize's path, grad and state). stepFormula() gives the TeX,
// stepArrows() the arrows to draw on the contour plot for that step.
//
// Indexing (API): path[k] = x_k, grad[k] = g at x_k, state[k] = the state
// AFTER step k+1 (so the state before the update k -> k+1 is state[k-1],
// zero for k = 0). Adam counts t = k + 1.
import { fmtTex, vecTex } from '../shared/kit.js';
import { gradTex, fTex } from './problems.js';

export const STEP_IDS = ['where', 'grad', 'gd', 'velocity', 'momentumStep', 'm', 'v', 'hat', 'adamStep', 'compare'];
// Which method a step is about (null: all of them).
export const STEP_METHOD = { gd: 'gd', velocity: 'momentum', momentumStep: 'momentum', m: 'adam', v: 'adam', hat: 'adam', adamStep: 'adam' };

const V = (v) => vecTex(v, 3);
const n = (x) => fmtTex(x, 4);

// The numbers of method m's update k -> k+1, or null when its run stopped earlier.
export function stepNumbers(run, k) {
  if (!run || k + 1 >= run.path.length) return null;
  const zero = run.path[k].map(() => 0);
  const before = k > 0 ? run.state[k - 1] : {};
  return {
    x: run.path[k], g: run.grad[k], f: run.loss[k], next: run.path[k + 1], fNext: run.loss[k + 1],
    prev: { v: before.v || zero, m: before.m || zero }, state: run.state[k] || {},
  };
}

function stopped(run, t, name) {
  const at = run && run.diverged ? run.divergedAt : run ? run.path.length : 0;
  return `\\text{${name}: ${t('stoppedAt', { n: at })}}`;
}

// c = {runs, k, v (values), t, lab, problem}
export function stepFormula(id, c) {
  const { runs, k, v, t, lab } = c;
  const K = k + 1;
  const name = (m) => t(`m.${m}.short`);
  const rows = (f) => `\\begin{aligned}${['gd', 'momentum', 'adam'].map((m) => {
    const u = stepNumbers(runs[m], k);
    return u ? f(m, u) : `&${stopped(runs[m], t, name(m))}`;
  }).join(' \\\\ ')}\\end{aligned}`;
  const one = (m, f) => { const u = stepNumbers(runs[m], k); return u ? f(u) : stopped(runs[m], t, name(m)); };
  const al = (...lines) => `\\begin{aligned}${lines.join(' \\\\ ')}\\end{aligned}`;
  const gathered = (top, body) => `\\begin{gathered}${top} \\\\[6pt] ${body}\\end{gathered}`;
  switch (id) {
    case 'where':
      return gathered(fTex(v.problem, v.kappa), rows((m, u) => `\\text{${name(m)}}:\\ & x_{${k}} = ${V(u.x)}, & f(x_{${k}}) &= ${n(u.f)}`));
    case 'grad':
      return gathered(gradTex(v.problem), rows((m, u) => `\\text{${name(m)}}:\\ & g = \\nabla f(x_{${k}}) = ${V(u.g)}`));
    case 'gd':
      return one('gd', (u) => al(`x_{${K}} &= x_{${k}} - \\alpha\\,\\nabla f(x_{${k}})`, `&= ${V(u.x)} - ${n(v.lr)}\\,${V(u.g)}`,
        `&= ${V(u.next)}`, `\\Delta x &= x_{${K}} - x_{${k}} = ${V(lab.sub(u.next, u.x))}`));
    case 'velocity':
      return one('momentum', (u) => al(`v_{${K}} &= \\beta\\,v_{${k}} + \\alpha\\,\\nabla f(x_{${k}})`, `&= ${n(v.beta)}\\,${V(u.prev.v)} + ${n(v.lrm)}\\,${V(u.g)}`, `&= ${V(u.state.v)}`));
    case 'momentumStep':
      return one('momentum', (u) => al(`x_{${K}} &= x_{${k}} - v_{${K}}`, `&= ${V(u.x)} - ${V(u.state.v)}`, `&= ${V(u.next)}`));
    case 'm':
      return one('adam', (u) => al(`m_{${K}} &= \\beta_1\\, m_{${k}} + (1 - \\beta_1)\\, g_{${K}}`, `&= ${n(v.beta1)}\\,${V(u.prev.m)} + (1 - ${n(v.beta1)})\\,${V(u.g)}`, `&= ${V(u.state.m)}`));
    case 'v':
      return one('adam', (u) => al(`v_{${K}} &= \\beta_2\\, v_{${k}} + (1 - \\beta_2)\\, g_{${K}}^2`, `&= ${n(v.beta2)}\\,${V(u.prev.v)} + (1 - ${n(v.beta2)})\\,${V(u.g)}^{2}`, `&= ${V(u.state.v)}`));
    case 'hat':
      return one('adam', (u) => al(`\\hat m_{${K}} &= \\frac{m_{${K}}}{1 - \\beta_1^{${K}}} = \\frac{${V(u.state.m)}}{1 - ${n(v.beta1)}^{${K}}}`, `&= ${V(u.state.mHat)}`,
        `\\hat v_{${K}} &= \\frac{v_{${K}}}{1 - \\beta_2^{${K}}} = \\frac{${V(u.state.v)}}{1 - ${n(v.beta2)}^{${K}}}`, `&= ${V(u.state.vHat)}`));
    case 'adamStep':
      return one('adam', (u) => al(`\\theta_{${K}} &= \\theta_{${k}} - \\alpha\\,\\frac{\\hat m_{${K}}}{\\sqrt{\\hat v_{${K}}} + \\epsilon}`,
        `&= ${V(u.x)} - ${n(v.lra)}\\,\\frac{${V(u.state.mHat)}}{\\sqrt{${V(u.state.vHat)}} + 10^{-8}}`, `&= ${V(u.next)}`, `\\Delta\\theta &= ${V(lab.sub(u.next, u.x))}`));
    default:
      return rows((m, u) => `\\text{${name(m)}}:\\ & \\|\\Delta x\\| = ${fmtTex(lab.norm(lab.sub(u.next, u.x)), 3)}, & f:\\ ${fmtTex(u.f, 3)} &\\to ${fmtTex(u.fNext, 3)}`);
  }
}

const CLASS = { gd: 'm-gd', momentum: 'm-momentum', adam: 'm-adam' };

// Arrows for the contour plot, in data coordinates. len: the length of a
// direction-only arrow (the gradient's length would not fit the picture).
export function stepArrows(id, { runs, k, v, lab, len, t }) {
  const out = [];
  const dir = (m, u, vec, label) => {
    const norm = lab.norm(vec);
    if (!(norm > 0)) return;
    out.push({ from: u.x, to: u.x.map((xi, i) => xi - (len * vec[i]) / norm), className: CLASS[m], dashed: true, label });
  };
  const stepArrow = (m, u) => out.push({ from: u.x, to: u.next, className: CLASS[m], label: t('arrowStep', { name: t(`m.${m}.short`) }) });
  const each = (f) => { for (const m of ['gd', 'momentum', 'adam']) { const u = stepNumbers(runs[m], k); if (u) f(m, u); } };
  const only = (m, f) => { const u = stepNumbers(runs[m], k); if (u) f(u); };
  switch (id) {
    case 'grad': each((m, u) => dir(m, u, u.g, t('arrowGrad'))); break;
    case 'gd': only('gd', (u) => { dir('gd', u, u.g, t('arrowGrad')); stepArrow('gd', u); }); break;
    case 'velocity':
      only('momentum', (u) => {
        const coast = lab.sub(u.x, lab.scale(v.beta, u.prev.v));
        out.push({ from: u.x, to: coast, className: CLASS.momentum, dashed: true, label: t('arrowCoast') });
        out.push({ from: coast, to: u.next, className: CLASS.momentum, dashed: true, label: t('arrowPush') });
        stepArrow('momentum', u);
      });
      break;
    case 'momentumStep': only('momentum', (u) => stepArrow('momentum', u)); break;
    case 'm': only('adam', (u) => { dir('adam', u, u.g, t('arrowGrad')); dir('adam', u, u.state.m, t('arrowM')); }); break;
    case 'v': only('adam', (u) => dir('adam', u, u.g, t('arrowGrad'))); break;
    // The bias-corrected direction m̂ / (√v̂ + ε): the way Adam's step goes (x - next).
    case 'hat': only('adam', (u) => { dir('adam', u, u.g, t('arrowGrad')); dir('adam', u, lab.sub(u.x, u.next), t('arrowAdamDir')); }); break;
    case 'adamStep': only('adam', (u) => stepArrow('adam', u)); break;
    case 'compare': each((m, u) => stepArrow(m, u)); break;
    default: break;
  }
  return out;
}
