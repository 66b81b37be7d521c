// The weights heatmap (drawn by pipeline.js with the focused cell) under
// its heading, with its exports: the figure as SVG or PNG, and any matrix
// of the pipeline as CSV or JSON (matrixByName).
import { h } from '../../ui/dom.js';
import { downloadMatrix, downloadPng, downloadSvg } from '../../ui/export.js';
import { prose } from '../shared/kit.js';

const EXPORTS = ['X', 'Q', 'K', 'V', 'scores', 'scaled', 'weights', 'output'];

export function heatmapPanel(t, heatmap, matrixByName) {
  const exportName = h('select', { 'aria-label': t('exportWhich') },
    ...EXPORTS.map((m) => h('option', { value: m }, t(`export.${m}`))));
  const exportBtn = (fmtName) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadMatrix(`attention-${exportName.value}`, matrixByName(exportName.value), fmtName) }, t(`common.export${fmtName === 'csv' ? 'Csv' : 'Json'}`));
  return [
    h('h2', {}, t('heatmapHeading')),
    prose(t('heatmapText')),
    h('div', { class: 'panel', 'data-ex': 'heatmap' }, h('div', { class: 'scroll-x' }, heatmap.el),
      h('div', { class: 'controls' },
        h('span', {}, t('common.export')),
        h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadSvg('attention-weights', heatmap.svg) }, t('common.exportSvg')),
        h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadPng('attention-weights', heatmap.svg) }, t('common.exportPng')),
        h('label', {}, t('exportMatrix'), exportName), exportBtn('csv'), exportBtn('json'))),
  ];
}
