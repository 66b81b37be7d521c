// Part 2 of the svd lesson: the attention weight matrix A = softmax(QK^T/√d_k)
// of the lesson's inputs, its singular values (log-scale bars), its best
// rank-r approximation A_r with the measured errors next to the
// Eckart-Young predictions (lab.lowRank), and the attention output computed
// with A_r against the exact one (lab.lowRankAttention): `low` of model.js.
import { h } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt, paren, sub } from '../../util/format.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { errorSlot } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';

// The table of measured errors of A_r beside the Eckart-Young predictions.
function errorRows(t, lr, S, rank) {
  const dropped = S.slice(rank).map((v, i) => `σ${sub(rank + i + 1)}²`).join(' + ') || '0';
  const next = rank < S.length ? `σ${sub(rank + 1)}` : '0';
  return [
    h('caption', {}, t('errCaption', { r: rank })),
    h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), h('th', { scope: 'col' }, t('errMeasured')), h('th', { scope: 'col' }, t('errPredicted')))),
    h('tbody', {},
      h('tr', {}, h('th', { scope: 'row' }, t('froRow')), h('td', {}, fmt(lr.errorFro, 6)), h('td', {}, `√(${dropped}) = ${fmt(lr.eckartYoung.fro, 6)}`)),
      h('tr', {}, h('th', { scope: 'row' }, t('specRow')), h('td', {}, fmt(lr.error2, 6)), h('td', {}, `${next} = ${fmt(lr.eckartYoung.spectral, 6)}`))),
  ];
}

export function lowRankSection({ t, control, error }) {
  const err = errorSlot();
  // r goes up to n: its slider's max follows n (params.js bounds r by the largest n).
  const rSlider = control('r', { label: t('rLabel'), format: String });
  const bars = createBarChart({ ariaLabel: t('sigmaFigure'), yLabel: t('sigmaAxis'), height: 220, margin: { left: 54, right: 10, top: 18, bottom: 30 }, y: { scale: 'log' } });
  const barLegend = h('ul', { class: 'lc-legend' },
    h('li', { class: 'lb-keep' }, h('span', { class: 'swatch-box', 'aria-hidden': 'true' }), t('keptLegend')),
    h('li', { class: 'lb-drop' }, h('span', { class: 'swatch-box', 'aria-hidden': 'true' }), t('droppedLegend')));
  const tok = (i) => `${t('common.query')} ${i + 1}`;
  const key = (j) => `${t('common.key')} ${j + 1}`;
  const A = createMatrixView({ caption: t('Acaption'), color: 'weights', digits: 3, rowLabel: tok, colLabel: key, name: 'A' });
  const Ar = createMatrixView({ caption: '', color: 'signed', digits: 3, rowLabel: tok, colLabel: key, name: 'Ar' });
  const errTable = h('table', { class: 'matrix sv-err' });
  const eyCheck = h('p', { class: 'check' });
  const outExact = createMatrixView({ caption: t('outExactCaption'), color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'outExact' });
  const outLow = createMatrixView({ caption: '', color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'outLow' });
  const outErr = h('p', { class: 'sv-big' });

  return {
    el: h('div', { class: 'sv-lowrank', 'data-ex': 'lowrank' },
      h('div', { class: 'panel' },
        h('h3', { class: 'h-small' }, t('spectrumHeading')),
        bars.el, barLegend,
        h('div', { class: 'controls' }, rSlider.el), err,
        h('div', { class: 'row' }, A.el, Ar.el),
        h('h3', { class: 'h-small' }, t('errHeading')),
        h('div', { class: 'matrix-wrap' }, errTable), eyCheck),
      h('div', { class: 'panel' },
        h('h3', { class: 'h-small' }, t('outHeading')),
        h('div', { class: 'row' }, outExact.el, outLow.el), outErr,
        h('p', { class: 'note' }, t('outNote')))),
    reads: ['low', 'rank', 'n'],
    draw({ low, rank, n }) {
      rSlider.input.max = String(n);
      rSlider.set(rank);
      if (showError(err, t, error('low'))) {
        for (const v of [A, Ar, outExact, outLow]) v.set([]);
        errTable.replaceChildren(); eyCheck.textContent = ''; outErr.textContent = '';
        return;
      }
      const { att, lr } = low;
      const S = att.S;
      bars.set({ items: S.map((v, i) => ({ label: `σ${sub(i + 1)}`, bars: [{ value: v, className: i < rank ? 'lb-keep' : 'lb-drop', title: `σ${sub(i + 1)} = ${fmt(v, 6)}${paren(t(i < rank ? 'keptLegend' : 'droppedLegend'))}` }] })) });
      A.set(att.exactWeights);
      Ar.set(lr.Ar);
      Ar.el.querySelector('caption').textContent = t('ArCaption', { r: rank });
      outExact.set(att.exactOutput);
      outLow.set(att.output);
      outLow.el.querySelector('caption').textContent = t('outLowCaption', { r: rank });
      errTable.replaceChildren(...errorRows(t, lr, S, rank));
      const tol = 1e-9 * Math.max(1, S[0]);
      const agree = Math.abs(lr.errorFro - lr.eckartYoung.fro) <= tol && Math.abs(lr.error2 - lr.eckartYoung.spectral) <= tol;
      eyCheck.className = `check ${agree ? 'good' : 'bad'}`;
      eyCheck.textContent = agree ? t('eyAgree') : t('eyDisagree');
      outErr.replaceChildren(...rich(t('outErr', { e: fmt(att.error, 4), rel: fmt(100 * low.rel, 3), m: fmt(low.maxDiff, 3) })));
    },
  };
}
