// The graphs lesson's matrices: A, D and L = D - A (or the normalized
// Laplacian) as live tables beside the drawing, the row sums of L in a
// column of their own, the Laplacian's eigenvalues as bars with the number
// of zeros checked against the number of connected components. Every
// number comes from the core (degreeMatrix, laplacian,
// laplacianEigenvalues, connectedComponents, matmul).
import { h, clear } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createSpectrum } from './bars.js';
import { guard, errorSlot } from '../shared/kit.js';
import { sameKey, markScrollable, tintSigned } from './draw.js';

const ZERO = 1e-9;       // an eigenvalue this small counts as 0 (Jacobi: ~1e-15 ||L||)
const COMPACT_FROM = 11;  // nodes; from here the tables use small type and scroll

export function createMatrices({ lab, t }) {
  const err = errorSlot();
  const node = (i) => String(i + 1);
  const view = (key, color, name = key) => createMatrixView({ caption: t(`mat.${key}`), name, color, digits: 3, rowLabel: node, colLabel: node });
  const A = view('A', 'weights');
  const D = view('D', 'weights');
  let L = view('L', 'none');
  let lNormalized = false;
  const sums = createMatrixView({ caption: t('mat.sums'), name: 'Lsum', color: 'none', digits: 3, rowLabel: node, colLabel: () => 'Σⱼ Lᵢⱼ' });
  sums.el.classList.add('gr-sums');
  const eigTable = createMatrixView({ caption: t('eig.table'), name: 'eigenvalues', color: 'none', digits: 4, rowLabel: () => 'λ', colLabel: (k) => `λ${k + 1}` });
  const sumCheck = h('p', { class: 'check', 'aria-live': 'polite' });
  const eigCheck = h('p', { class: 'check', 'aria-live': 'polite' });
  const compList = h('p', { class: 'note' });
  const spectrum = createSpectrum({ ariaLabel: t('eig.figure'), zeroLabel: t('eig.zero') });

  const block = (...kids) => h('div', { class: 'gr-mblock' }, ...kids);
  let shownSel = -1;
  // Scrolls every table box so that cell (i, i) of its first table shows.
  function reveal(i) {
    for (const box of tables.querySelectorAll('.gr-mblock')) {
      const td = box.querySelector(`td[data-i="${i}"][data-j="${i}"]`);
      if (!td) continue;
      const b = box.getBoundingClientRect(), r = td.getBoundingClientRect();
      if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 2;
      if (r.left < b.left || r.right > b.right) box.scrollLeft += r.left - b.left - b.width / 2;
      // (the sticky row and column headers keep the node numbers in sight)
    }
  }
  // Each table's caption is shown above its scroll box (so that it stays in
  // sight when the box scrolls); the table keeps it for screen readers.
  const label = (key) => h('p', { class: 'gr-mcap', 'aria-hidden': 'true' }, t(`mat.${key}`));
  const lLabel = label('L');
  const tables = h('div', { class: 'gr-matrices' },
    h('div', {}, label('A'), block(A.el)), h('div', {}, label('D'), block(D.el)),
    h('div', {}, lLabel, block(h('div', { class: 'gr-lpair' }, L.el, sums.el))));
  // The caption says which Laplacian: swap the table when that changes.
  function useLaplacian(normalized) {
    if (normalized === lNormalized) return;
    const next = view(normalized ? 'Lsym' : 'L', 'none', 'L');
    L.el.replaceWith(next.el);
    lLabel.replaceChildren(...rich(t(`mat.${normalized ? 'Lsym' : 'L'}`)));
    L = next;
    lNormalized = normalized;
  }
  const el = h('div', { class: 'gr-side' }, err, tables, sumCheck);
  const spectrumEl = h('div', {}, spectrum.el, eigCheck, compList, block(eigTable.el), h('p', { class: 'note' }, t('eig.rounding')));

  // g: the graph; Amat its adjacency; sel the chosen node. Returns the
  // connected components ({count, labels}) or null.
  let key = '', last = null;
  function update({ g, Amat, normalized, sel }) {
    const k = sameKey(g.n, g.edges, normalized);
    if (k === key && last) { mark(sel); return last.comps; }
    key = '';
    last = null;
    const r = guard(err, t, () => {
      const opts = { normalized };
      return {
        D: lab.degreeMatrix(Amat), L: lab.laplacian(Amat, opts),
        eig: lab.laplacianEigenvalues(Amat, opts), comps: lab.connectedComponents(Amat),
      };
    });
    if (!r) return null;
    tables.classList.toggle('gr-compact', g.n >= COMPACT_FROM);
    eigTable.el.classList.toggle('gr-compact', g.n >= COMPACT_FROM);
    useLaplacian(normalized);
    A.set(Amat);
    D.set(r.D);
    L.set(r.L);
    tintSigned(L);
    const rowSums = r.L.map((row) => [row.reduce((s, x) => s + x, 0)]);
    sums.set(rowSums);
    mark(sel);
    const worst = Math.max(...rowSums.map(([s]) => Math.abs(s)));
    clear(sumCheck);
    if (!normalized) {
      sumCheck.className = `check ${worst < 1e-12 ? 'good' : 'bad'}`;
      sumCheck.append(t('sumsZero', { n: g.n, worst: fmt(worst, 2) }));
    } else {
      // L_sym D^{1/2} 1 = 0 instead: check it with the core's matmul.
      const root = r.D.map((row, i) => [Math.sqrt(row[i])]);
      const v = lab.matmul(r.L, root);
      const w2 = Math.max(...v.map(([x]) => Math.abs(x)));
      const regular = rowSums.every(([s]) => Math.abs(s - rowSums[0][0]) < 1e-12);
      sumCheck.className = `check ${w2 < 1e-12 ? 'good' : 'bad'}`;
      sumCheck.append(t(regular ? 'sumsNormRegular' : 'sumsNorm', { worst: fmt(worst, 3) }), ' ',
        texNode('L_{\\mathrm{sym}}\\,D^{1/2}\\mathbf{1} = 0'), ' ', t('sumsNormCheck', { worst: fmt(w2, 2) }));
    }
    // Spectrum.
    const zeros = r.eig.filter((x) => Math.abs(x) < ZERO).length;
    spectrum.set(r.eig, { max: normalized ? 2 : Math.max(1, r.eig[r.eig.length - 1]), isZero: (x) => Math.abs(x) < ZERO });
    eigTable.set([r.eig]);
    eigCheck.className = `check ${zeros === r.comps.count ? 'good' : 'bad'}`;
    eigCheck.textContent = t(zeros === r.comps.count ? 'eig.match' : 'eig.mismatch', { zeros, count: r.comps.count });
    const groups = Array.from({ length: r.comps.count }, () => []);
    r.comps.labels.forEach((c, i) => groups[c].push(i + 1));
    const shown = groups.slice(0, 6).map((m) => `{${m.length > 8 ? `${m.slice(0, 8).join(', ')}, …` : m.join(', ')}}`);
    compList.textContent = t('eig.components', { list: shown.join('  ') + (groups.length > 6 ? `  … (+${groups.length - 6})` : '') });
    key = k;
    last = r;
    markScrollable(el.parentNode ? [...tables.querySelectorAll('.gr-mblock'), ...spectrumEl.querySelectorAll('.gr-mblock')] : []);
    return r.comps;
  }

  // The chosen node: its row (and column) outlined, scrolled into view.
  function mark(sel) {
    A.mark({ rows: [sel], cols: [sel] });
    D.mark({ cells: [[sel, sel]] });
    L.mark({ rows: [sel] });
    sums.mark({ rows: [sel] });
    if (sel !== shownSel) { reveal(sel); shownSel = sel; }
  }

  return { el, spectrumEl, update };
}
