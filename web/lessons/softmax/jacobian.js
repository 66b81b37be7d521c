// The Jacobian diag(p) - p p^T (over T) as a table, and its two checks:
// every row sums to 0 (the probabilities always sum to 1) and it is symmetric.
import { h } from '../../ui/dom.js';
import { fmt, sub } from '../../util/format.js';
import { createMatrixView } from '../../plots/matrix-view.js';

export function jacobianSection({ t }) {
  const jac = createMatrixView({ caption: t('jacobianCaption'), rowLabel: (i) => `p${sub(i + 1)}`, colLabel: (j) => `z${sub(j + 1)}`, color: 'signed', digits: 3, name: 'jacobian' });
  const check = h('p', { class: 'check' });
  return {
    el: h('div', { class: 'panel', 'data-ex': 'jacobian' }, jac.el, check),
    reads: ['J'],
    draw({ J }) {
      if (!J) return;
      jac.set(J);
      const worst = Math.max(...J.map((row) => Math.abs(row.reduce((a, b) => a + b, 0))));
      const symmetric = J.every((row, i) => row.every((x, j) => x === J[j][i]));
      check.className = `check ${worst < 1e-12 && symmetric ? 'good' : 'bad'}`;
      check.textContent = t('jacobianCheck', { worst: fmt(worst, 2) }) + (symmetric ? ` ${t('symmetric')}` : '');
    },
  };
}
