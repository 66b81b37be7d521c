// Part 3 of the svd lesson: Linformer-style attention. The n keys and
// values are mixed down to k rows by E K and F V (projections.js), so the
// weights are n x k and the n x n matrix is never formed. The learner
// changes k and the kind of projection and sees the weights, the output
// and its error against exact attention, beside the best rank-k baseline
// (the SVD of the exact weights) and a table of every k (model.js: lin,
// exact, kTable).
import { h } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt } from '../../util/format.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';

// The relative errors of every k, the row of the k shown in bold.
function kRows(t, table, k) {
  return [
    h('caption', {}, rich(t('kTableCaption'))),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'k'), ...['colBest', 'projRandom', 'projPool', 'projFit'].map((key) => h('th', { scope: 'col' }, t(key))))),
    h('tbody', {}, ...table.map((row, i) => h('tr', { class: i + 1 === k ? 'on' : '' },
      h('th', { scope: 'row' }, String(i + 1)), ...row.map((x, j) => h('td', { class: j === 0 ? 'sv-best-col' : '' }, `${fmt(100 * x, 3)} %`))))),
  ];
}

export function linformerSection({ t, control, error }) {
  const err = errorSlot();
  // k goes up to n: its slider's max follows n (params.js bounds k by the largest n).
  const kSlider = control('k', { label: t('kLabel'), format: String });
  const projSelect = control('proj', { label: t('projLabel'), options: [['random', t('projRandom')], ['pool', t('projPool')], ['fit', t('projFit')]] });
  const tok = (i) => `${t('common.query')} ${i + 1}`;
  const E = createMatrixView({ caption: '', color: 'signed', digits: 2, rowLabel: (i) => `${t('projRow')} ${i + 1}`, colLabel: (j) => `${t('common.key')} ${j + 1}`, name: 'E' });
  const W = createMatrixView({ caption: '', color: 'weights', digits: 3, rowLabel: tok, colLabel: (j) => `${t('projRow')} ${j + 1}`, name: 'linW' });
  const out = createMatrixView({ caption: t('linOutCaption'), color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'linOut' });
  const exact = createMatrixView({ caption: t('outExactCaption'), color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'linExact' });
  const errLine = h('p', { class: 'sv-big' });
  const bestLine = h('p', { class: 'sv-best' });
  const sizes = h('p', { class: 'note' });
  const kTable = h('table', { class: 'matrix sv-ktable' });

  return {
    el: h('div', { class: 'panel sv-linformer', 'data-ex': 'linformer' },
      h('div', { class: 'controls' }, kSlider.el, projSelect.el), err,
      h('div', { class: 'row' }, E.el, W.el),
      h('div', { class: 'row' }, out.el, exact.el),
      errLine, bestLine, sizes,
      h('h3', { class: 'h-small' }, t('kTableHeading')),
      h('div', { class: 'matrix-wrap' }, kTable)),
    reads: ['lin', 'exact', 'kTable', 'kk', 'n', 'proj'],
    draw({ lin: res, exact: ex, kTable: table, kk: k, n, proj }) {
      kSlider.input.max = String(n);
      kSlider.set(k);
      const failed = showError(err, t, error('exact') || error('lin') || error('kTable'));
      E.set(failed ? [] : res.E);
      E.el.querySelector('caption').replaceChildren(...rich(t(proj === 'pool' ? 'EcaptionPool' : proj === 'fit' ? 'EcaptionFit' : 'Ecaption', { k, n })));
      if (failed) { W.set([]); out.set([]); exact.set([]); errLine.textContent = ''; bestLine.textContent = ''; kTable.replaceChildren(); return; }
      W.set(res.lin.weights);
      W.el.querySelector('caption').textContent = t('linWCaption', { k, n });
      out.set(res.lin.output);
      exact.set(ex.output);
      errLine.replaceChildren(...rich(t('linErr', { e: fmt(res.e, 4), rel: fmt(100 * res.rel, 3) })));
      bestLine.textContent = t('linBest', { k, rel: fmt(100 * table[k - 1][0], 3) });
      sizes.textContent = t('linSizes', { n, k, nn: n * n, nk: n * k });
      kTable.replaceChildren(...kRows(t, table, k));
    },
  };
}
