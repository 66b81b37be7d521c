// Part 1b of the svd lesson: the SVD of a matrix that is not square (3 x 2
// and its transpose 2 x 3), for "every matrix, whatever its shape": the
// thin SVD from the core (lab.svd), A = U Sigma V^T typeset with its
// numbers and checked by lab.matmul.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { select, errorSlot, matTex } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';

const TALL = [[2, 0.5], [1, 1.5], [0, 1]];  // 3 x 2

// shape: 'tall' (3 x 2) or 'wide' (2 x 3).
export function shapeSvd(lab, shape) {
  const A = shape === 'tall' ? TALL : lab.transpose(TALL);
  const sv = lab.svd(A);
  const Sig = sv.S.map((x, i) => sv.S.map((_, j) => (i === j ? x : 0)));
  const back = lab.matmul(lab.matmul(sv.U, Sig), sv.Vt);
  const gap = Math.max(...lab.sub(back.flat(), A.flat()).map(Math.abs));
  return { A, sv, Sig, gap };
}

export function shapesSection({ t, values, set, error }) {
  const err = errorSlot();
  const pick = select({ label: t('shapesLabel'), value: values.shape, options: [['tall', t('shapeTall')], ['wide', t('shapeWide')]],
    onChange: (shape) => set({ shape }) });
  const fig = h('div', { class: 'matrix-wrap sv-shapes-tex', tabindex: '0', role: 'group', 'aria-label': t('shapesHeading') });
  const check = h('p', { class: 'check' });
  return {
    el: h('div', { class: 'panel sv-shapes' }, h('div', { class: 'controls' }, pick.el), err, fig, check),
    reads: ['shapeSv'],
    draw({ shapeSv: r }) {
      if (showError(err, t, error('shapeSv'))) { fig.replaceChildren(); check.textContent = ''; return; }
      const { A } = r;
      const [m, n] = [A.length, A[0].length], p = r.sv.S.length;
      fig.replaceChildren(texNode(`\\begin{aligned} \\underset{${m}\\times ${n}}{A} &= ${matTex(A)} \\\\ &= \\underset{${m}\\times ${p}}{${matTex(r.sv.U)}}\\;\\underset{${p}\\times ${p}}{${matTex(r.Sig)}}\\;\\underset{${p}\\times ${n}}{${matTex(r.sv.Vt)}} \\end{aligned}`, true, 'div'));
      check.className = `check ${r.gap < 1e-12 ? 'good' : 'bad'}`;
      check.textContent = t('shapesCheck', { s1: fmt(r.sv.S[0], 4), s2: fmt(r.sv.S[1], 4), gap: fmt(r.gap, 2) });
    },
  };
}
