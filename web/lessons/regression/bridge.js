// From regression to attention: the numbers behind one query x of
// Nadaraya-Watson kernel regression, and the walkthrough that rewrites it
// as attention. All numbers come from the core: the weights from
// lab.kernelRegression, the Gaussian scores -(x - x_i)^2 / (2 h^2) from
// lab.sub / lab.dot / lab.scale, their softmax from lab.softmax, and the
// same prediction from lab.attention with q = [x, 1], k_i = [x_i, -x_i^2/2],
// v_i = y_i and the scale 1/h^2 in place of 1/sqrt(d_k).
import { createStepPlayer } from '../../ui/step-player.js';
import { fmtTex, vecTex } from '../shared/kit.js';
import { columns } from './data.js';

export const BRIDGE_STEPS = ['weighted', 'distance', 'kernel', 'softmax', 'attention', 'bandwidth'];

export function bridgeNumbers(lab, pts, xq, h, kernel) {
  const { x, y } = columns(pts);
  const kr = lab.kernelRegression(x, y, [xq], { kernel, bandwidth: h });
  const diff = lab.sub(x.map(() => xq), x);             // x - x_i
  const u = lab.scale(1 / h, diff);                      // (x - x_i) / h
  const sq = diff.map((d) => lab.dot([d], [d]));         // (x - x_i)^2
  const scores = lab.scale(-1 / (2 * h * h), sq);        // -(x - x_i)^2 / (2 h^2)
  const soft = lab.softmax(scores);
  const gauss = kernel === 'gaussian' ? kr : lab.kernelRegression(x, y, [xq], { kernel: 'gaussian', bandwidth: h });
  const gap = lab.norm(lab.sub(soft, gauss.weights[0]), { p: Infinity });
  const keys = x.map((xi) => [xi, lab.scale(-0.5, [lab.dot([xi], [xi])])[0]]);
  const att = lab.attention([[xq, 1]], keys, y.map((yi) => [yi]), { scale: 1 / (h * h) });
  return {
    x, y, xq, h, kernel, u, diff, scores, soft, gap, keys,
    weights: kr.weights[0], yHat: kr.yHat[0], weightSum: lab.dot(kr.weights[0], x.map(() => 1)),
    gaussWeights: gauss.weights[0], gaussYHat: gauss.yHat[0], attOut: att.output[0][0],
  };
}

const KERNEL_TEX = {
  gaussian: 'K(u) = e^{-u^2/2}',
  boxcar: 'K(u) = \\begin{cases} 1 & |u| \\le 1 \\\\ 0 & |u| > 1 \\end{cases}',
  epanechnikov: 'K(u) = \\max(0,\\ 1 - u^2)',
};

const V = (v, d = 3) => vecTex(v, d);

export function bridgeFormula(id, b, t) {
  if (!b) return '';
  const q = fmtTex(b.xq, 3), hh = fmtTex(b.h, 3);
  const yhat = b.yHat === null ? `\\text{${t('kr.undefined')}}` : fmtTex(b.yHat, 4);
  switch (id) {
    case 'weighted':
      return `\\begin{gathered} \\hat y(x) = \\sum_i \\alpha_i(x)\\, y_i,\\qquad \\alpha_i \\ge 0,\\ \\sum_i \\alpha_i = 1 \\\\ x = ${q}:\\quad \\alpha = ${V(b.weights)} \\\\ y = ${V(b.y)},\\quad \\hat y(${q}) = ${yhat} \\end{gathered}`;
    case 'distance':
      return `\\begin{gathered} u_i = \\frac{x - x_i}{h} = \\frac{${q} - x_i}{${hh}} \\\\ u = ${V(b.u)} \\end{gathered}`;
    case 'kernel':
      return `\\begin{gathered} ${KERNEL_TEX[b.kernel]},\\qquad \\alpha_i = \\frac{K(u_i)}{\\sum_j K(u_j)} \\\\ \\alpha = ${V(b.weights)},\\quad \\textstyle\\sum_i \\alpha_i = ${fmtTex(b.weightSum, 12)} \\end{gathered}`;
    case 'softmax':
      return `\\begin{gathered} \\alpha_i = \\frac{e^{-u_i^2/2}}{\\sum_j e^{-u_j^2/2}} = \\operatorname{softmax}\\!\\Big(-\\frac{(x - x_i)^2}{2h^2}\\Big)_i \\\\ s = ${V(b.scores)} \\\\ \\operatorname{softmax}(s) = ${V(b.soft)} \\end{gathered}`;
    case 'attention':
      return `\\begin{gathered} -\\frac{(x - x_i)^2}{2h^2} = \\frac{1}{h^2}\\Big(x\\,x_i - \\frac{x_i^2}{2}\\Big) - \\frac{x^2}{2h^2} = \\frac{q\\cdot k_i}{h^2} + \\text{const} \\\\ q = [x,\\ 1],\\quad k_i = [x_i,\\ -x_i^2/2],\\quad v_i = y_i \\\\ \\operatorname{softmax}\\!\\Big(\\frac{q K^\\top}{h^2}\\Big) V = ${fmtTex(b.attOut, 4)} \\end{gathered}`;
    default:
      return `\\begin{gathered} h \\to 0:\\ \\alpha \\to \\text{${t('kr.oneHot')}}\\ x_i,\\qquad h \\to \\infty:\\ \\alpha_i \\to \\tfrac{1}{n} \\\\ h = ${hh}:\\quad \\hat y(${q}) = ${yhat} \\end{gathered}`;
  }
}

// The walkthrough from kernel regression to attention, at the query x; its
// step is the URL's s2 (1-based), which the kernel figures highlight.
export function bridgeSection({ t, values, set }) {
  const player = createStepPlayer({
    t, initial: values.s2 - 1,
    steps: BRIDGE_STEPS.map((id) => ({ id, title: t(`br.${id}.title`), text: t(`br.${id}.text`), formula: () => bridgeFormula(id, values.bridge, t) })),
    onStep: (i) => set({ s2: i + 1 }),
  });
  player.el.setAttribute('aria-label', t('br.playerLabel'));
  return {
    el: player.el,
    reads: ['bridge'],
    draw: () => player.refresh(),
    destroy: () => player.destroy(),
  };
}
