// The chain rule step the chapter skips: pᵢ(δᵢⱼ − pⱼ)/T is the Jacobian of
// softmax itself; a loss L(p) gets its gradient at the scores as
// ∂L/∂z = Jᵀ ∂L/∂p (lab.softmaxBackward), which for the cross-entropy
// L = −log p_y is (p − y)/T (lab.softmaxCrossEntropy at z/T). Both checked
// in the page against a central finite difference of L (lab.logSoftmax).
import { h } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt, full, sub } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { guard, errorSlot } from '../shared/kit.js';

const CHAIN_TEX = '\\frac{\\partial L}{\\partial z_j} = \\sum_i \\frac{\\partial L}{\\partial p_i}\\,\\frac{\\partial p_i}{\\partial z_j} = \\big(J^{\\top} \\nabla_{p} L\\big)_j';
const CE_TEX = 'L = -\\log p_y:\\quad \\frac{\\partial L}{\\partial p_i} = -\\frac{[i = y]}{p_y},\\qquad \\frac{\\partial L}{\\partial z_j} = -\\frac{1}{p_y}\\cdot\\frac{1}{T}\\,p_y(\\delta_{yj} - p_j) = \\frac{1}{T}\\,(p_j - [j = y])';
const H = 1e-5;

export function createChain({ lab, t, onTarget }) {
  const err = errorSlot();
  const sel = h('select', { dataset: { field: 'chain-target' } });
  sel.addEventListener('change', () => onTarget(Number(sel.value)));
  const table = h('table', { class: 'matrix', dataset: { name: 'chain' } });
  const check = h('p', { class: 'check', dataset: { name: 'chain-check' } });
  const el = h('div', { class: 'panel', 'data-ex': 'chain', dataset: { name: 'chain-panel' } },
    h('div', { class: 'controls' }, h('label', {}, t('chain.target'), sel)), err,
    h('div', { class: 'matrix-wrap' }, table), check);
  const formulas = [texNode(CHAIN_TEX, true, 'div'), texNode(CE_TEX, true, 'div')];

  function draw(z, T, yIn) {
    const n = z.length, y = Math.min(yIn, n) - 1;
    sel.replaceChildren(...z.map((_, i) => h('option', { value: String(i + 1), selected: i === y }, `y = ${i + 1}`)));
    const r = guard(err, t, () => {
      const p = lab.softmax(z, { temperature: T });
      const dp = p.map((pi, i) => (i === y ? -1 / pi : 0));
      const dz = lab.softmaxBackward(z, dp, { temperature: T });
      const ce = lab.softmaxCrossEntropy([lab.scale(1 / T, z)], [y]);
      const pmy = lab.scale(1 / T, ce.dLogits[0]);
      const L = (zz) => -lab.logSoftmax(zz, { temperature: T })[y];
      const fd = z.map((_, j) => (L(z.map((x, q) => (q === j ? x + H : x))) - L(z.map((x, q) => (q === j ? x - H : x)))) / (2 * H));
      return { p, dp, dz, pmy, fd };
    });
    if (!r) return;
    const rows = [[t('chain.rowDp'), r.dp], [t('chain.rowBackward'), r.dz], [t('chain.rowCe'), r.pmy], [t('chain.rowFd'), r.fd]];
    table.replaceChildren(h('caption', {}, rich(t('chain.caption', { y: y + 1 }))),
      h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), ...z.map((_, j) => h('th', { scope: 'col' }, `j = ${j + 1}`)))),
      h('tbody', {}, ...rows.map(([name, v], k) => h('tr', { dataset: { row: ['dp', 'backward', 'ce', 'fd'][k] } }, h('th', { scope: 'row' }, name),
        ...v.map((x) => h('td', { dataset: { value: full(x) } }, fmt(x, 6)))))));
    const worst = Math.max(...r.dz.map((x, j) => Math.abs(x - r.fd[j]) / Math.max(1, Math.abs(x))));
    const same = Math.max(...r.dz.map((x, j) => Math.abs(x - r.pmy[j])));
    const ok = worst < 1e-6;
    check.className = `check ${ok ? 'good' : 'bad'}`;
    check.textContent = t(ok ? 'chain.check' : 'chain.bad', { worst: fmt(worst, 2), same: fmt(same, 2), h: '10⁻⁵', y: `p${sub(y + 1)}` });
  }

  return { el, formulas, draw };
}
