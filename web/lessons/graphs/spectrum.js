// The Laplacian's eigenvalues of the graphs lesson: bars, with the number of
// zeros checked against the number of connected components, the list of
// components and the eigenvalues as a table (the derived value mats,
// model.js: laplacianEigenvalues, connectedComponents).
import { h } from '../../ui/dom.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createSpectrum } from './bars.js';
import { markScrollable } from './draw.js';

const ZERO = 1e-9;       // an eigenvalue this small counts as 0 (Jacobi: ~1e-15 ||L||)
const COMPACT_FROM = 11;  // nodes; from here the table uses small type and scrolls
const MAX_GROUPS = 6, MAX_MEMBERS = 8;  // components listed, members listed per component

export function spectrumSection({ t }) {
  const eigTable = createMatrixView({ caption: t('eig.table'), name: 'eigenvalues', color: 'none', digits: 4, rowLabel: () => 'λ', colLabel: (k) => `λ${k + 1}` });
  const eigCheck = h('p', { class: 'check', 'aria-live': 'polite' });
  const compList = h('p', { class: 'note' });
  const spectrum = createSpectrum({ ariaLabel: t('eig.figure'), zeroLabel: t('eig.zero') });
  const block = h('div', { class: 'gr-mblock' }, eigTable.el);
  const el = h('div', { class: 'panel', 'data-ex': 'spectrum' },
    h('div', {}, spectrum.el, eigCheck, compList, block, h('p', { class: 'note' }, t('eig.rounding'))));

  return {
    el,
    reads: ['mats'],
    // A failed computation leaves the last spectrum (the error is said beside the matrices).
    draw({ mats: r, normalized, A }) {
      if (!r) return;
      const zeros = r.eig.filter((x) => Math.abs(x) < ZERO).length;
      eigTable.el.classList.toggle('gr-compact', A.length >= COMPACT_FROM);
      spectrum.set(r.eig, { max: normalized ? 2 : Math.max(1, r.eig[r.eig.length - 1]), isZero: (x) => Math.abs(x) < ZERO });
      eigTable.set([r.eig]);
      eigCheck.className = `check ${zeros === r.comps.count ? 'good' : 'bad'}`;
      eigCheck.textContent = t(zeros === r.comps.count ? 'eig.match' : 'eig.mismatch', { zeros, count: r.comps.count });
      const groups = Array.from({ length: r.comps.count }, () => []);
      r.comps.labels.forEach((c, i) => groups[c].push(i + 1));
      const shown = groups.slice(0, MAX_GROUPS).map((m) => `{${m.length > MAX_MEMBERS ? `${m.slice(0, MAX_MEMBERS).join(', ')}, …` : m.join(', ')}}`);
      compList.textContent = t('eig.components', { list: shown.join('  ') + (groups.length > MAX_GROUPS ? `  … (+${groups.length - MAX_GROUPS})` : '') });
      markScrollable([block]);
    },
  };
}
