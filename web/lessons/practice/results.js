// The results: a summary of the shapes and the scale, the weights heatmap,
// the weights and output tables, each with its export. While an input is
// wrong they show the last result, greyed (pr-stale); the walkthrough's
// step marks the row it is about.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { downloadMatrix, downloadPng, downloadSvg } from '../../ui/export.js';
import { stepIndex } from './walkthrough.js';

export function resultsSection({ t, values, error }) {
  const summary = h('p', { class: 'pr-summary', 'data-ex': 'scale' });
  const heatmap = createHeatmap({ title: t('heatmapTitle'), xLabel: t('common.keyPosition'), yLabel: t('common.queryPosition'), ariaLabel: t('heatmapAlt') });
  const weightsView = createMatrixView({ caption: '', color: 'weights', digits: 4, name: 'weights',
    rowLabel: (i) => `q${i + 1}`, colLabel: (j) => `k${j + 1}` });
  const outputView = createMatrixView({ caption: '', color: 'signed', digits: 4, name: 'output', rowLabel: (i) => `o${i + 1}` });
  // Wide tables scroll inside their own box: focusable, so the keyboard can scroll them.
  for (const v of [weightsView, outputView]) { v.el.tabIndex = 0; v.el.setAttribute('role', 'group'); }
  const exportGroup = (label, ...buttons) => h('div', { class: 'pr-export', role: 'group', 'aria-label': label },
    h('span', { class: 'pr-export-label', 'aria-hidden': 'true' }, label), ...buttons);
  const btn = (text, label, onclick) => h('button', { type: 'button', class: 'btn btn-small', 'aria-label': `${label}: ${text}`, onclick }, text);
  const res = () => values.shown;
  const heatmapExport = exportGroup(t('exportHeatmap'),
    btn('SVG', t('exportHeatmap'), () => downloadSvg('attention-heatmap', heatmap.svg)),
    btn('PNG', t('exportHeatmap'), () => downloadPng('attention-heatmap', heatmap.svg)));
  const tableExport = (label, file, key) => exportGroup(label,
    btn(t('common.exportCsv'), label, () => res() && downloadMatrix(file, res()[key], 'csv')),
    btn(t('common.exportJson'), label, () => res() && downloadMatrix(file, res()[key], 'json')));

  const el = h('section', { class: 'pr-results', 'data-ex': 'results', 'aria-labelledby': 'practice-results-h' },
    h('h2', { id: 'practice-results-h' }, t('resultsHeading')),
    summary,
    h('div', { class: 'pr-figures' },
      h('div', { class: 'pr-heatmap' }, heatmap.el, heatmapExport),
      h('div', { class: 'pr-table' }, weightsView.el, tableExport(t('exportWeights'), 'attention-weights', 'weights')),
      h('div', { class: 'pr-table' }, outputView.el, tableExport(t('exportOutput'), 'attention-output', 'output'))));

  function tables({ Q, K, V, weights, output, scale, causal }) {
    const n = Q.length, dk = Q[0].length, m = K.length, dv = V[0].length;
    const c = scale === null ? 1 / Math.sqrt(dk) : scale;
    summary.textContent = (scale === null
      ? t('summaryAuto', { n, m, dk, dv, c: fmt(c, 4) })
      : t('summaryCustom', { n, m, dk, dv, c: fmt(c, 6) })) + (causal ? t('sep') + t('causalOn') : '');
    weightsView.el.querySelector('table').id = 'practice-weights-table';
    weightsView.set(weights);
    weightsView.el.querySelector('caption').textContent = t('weightsCaption', { n, m });
    weightsView.el.setAttribute('aria-label', t('weightsCaption', { n, m }));
    outputView.set(output);
    outputView.el.querySelector('caption').textContent = t('outputCaption', { n, dv });
    outputView.el.setAttribute('aria-label', t('outputCaption', { n, dv }));
  }

  return {
    el,
    reads: ['shown', 'step', 'att'],
    draw(v, changed) {
      el.classList.toggle('pr-stale', !!error('att'));
      if (!v.shown) return;
      if (!changed || changed.has('shown')) tables(v.shown);
      if (changed && !changed.has('shown') && !changed.has('step')) return;
      // Steps 2 and 3 are about query 1: its row of weights; step 3 also its output.
      const i = stepIndex(v.step);
      const hl = i >= 1 ? { rows: [0] } : null;
      heatmap.set(v.shown.weights, { highlight: hl || undefined });
      weightsView.mark(hl);
      outputView.mark(i === 2 ? { rows: [0] } : null);
    },
  };
}
