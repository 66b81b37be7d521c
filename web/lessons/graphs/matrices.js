// The graphs lesson's matrices: A, D and L = D - A (or the normalized
// Laplacian) as live tables beside the drawing, the row sums of L in a
// column of their own and their check. The numbers are the derived value
// mats (model.js: the core's degreeMatrix, laplacian, matmul).
import { h, clear } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { markScrollable, tintSigned } from './draw.js';

const COMPACT_FROM = 11;  // nodes; from here the tables use small type and scroll

export function createMatrices({ t }) {
  const err = errorSlot();
  const node = (i) => String(i + 1);
  const view = (key, color, name = key) => createMatrixView({ caption: t(`mat.${key}`), name, color, digits: 3, rowLabel: node, colLabel: node });
  const A = view('A', 'weights');
  const D = view('D', 'weights');
  let L = view('L', 'none');
  let lNormalized = false;
  const sums = createMatrixView({ caption: t('mat.sums'), name: 'Lsum', color: 'none', digits: 3, rowLabel: node, colLabel: () => 'Σⱼ Lᵢⱼ' });
  sums.el.classList.add('gr-sums');
  const sumCheck = h('p', { class: 'check', 'aria-live': 'polite' });

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

  // v: the store's values (graph, sel, normalized, mats); error: the
  // store's error(name). Tables and checks are redrawn when mats changed,
  // the chosen node's marks on every call.
  function draw(v, changed, error) {
    if (changed && !changed.has('mats')) { mark(v.sel); return; }
    const e = error('mats');
    if (e) { showCoreError(err, t, e); return; }
    err.textContent = '';
    err.hidden = true;
    const { graph: g, A: Amat, normalized, sel, mats: r } = v;
    tables.classList.toggle('gr-compact', g.n >= COMPACT_FROM);
    useLaplacian(normalized);
    A.set(Amat);
    D.set(r.D);
    L.set(r.L);
    tintSigned(L);
    sums.set(r.rowSums);
    mark(sel);
    const worst = Math.max(...r.rowSums.map(([s]) => Math.abs(s)));
    clear(sumCheck);
    if (!normalized) {
      sumCheck.className = `check ${worst < 1e-12 ? 'good' : 'bad'}`;
      sumCheck.append(t('sumsZero', { n: g.n, worst: fmt(worst, 2) }));
    } else {
      const w2 = Math.max(...r.rootCheck.map(([x]) => Math.abs(x)));
      const regular = r.rowSums.every(([s]) => Math.abs(s - r.rowSums[0][0]) < 1e-12);
      sumCheck.className = `check ${w2 < 1e-12 ? 'good' : 'bad'}`;
      sumCheck.append(t(regular ? 'sumsNormRegular' : 'sumsNorm', { worst: fmt(worst, 3) }), ' ',
        texNode('L_{\\mathrm{sym}}\\,D^{1/2}\\mathbf{1} = 0'), ' ', t('sumsNormCheck', { worst: fmt(w2, 2) }));
    }
    markScrollable(tables.querySelectorAll('.gr-mblock'));
  }

  // The chosen node: its row (and column) outlined, scrolled into view.
  function mark(sel) {
    A.mark({ rows: [sel], cols: [sel] });
    D.mark({ cells: [[sel, sel]] });
    L.mark({ rows: [sel] });
    sums.mark({ rows: [sel] });
    if (sel !== shownSel) { reveal(sel); shownSel = sel; }
  }

  return { el, draw };
}
