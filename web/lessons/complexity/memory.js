// Part 3 of the complexity lesson: memory at float64 for n = 1k, 8k, 64k
// (lab.attentionCost bytes of each kind) against the 256 MB that this
// page's wasm module may grow to: why long sequences need these methods.
import { h } from '../../ui/dom.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { KINDS, KIND_CLASS, kindOptions, fmtBytes, fmtN } from './kinds.js';

const NS = [1024, 8192, 65536];
const CAP = 256 * 2 ** 20;  // -sMAXIMUM_MEMORY=256MB

// The derived value `memory`: cost[i][j] of NS[i] and KINDS[j] (null: low rank with r > n).
export const memoryCosts = (lab, p) => NS.map((n) => KINDS.map((kind) => (kind === 'lowRank' && p.r > n ? null : lab.attentionCost(n, p.d, kindOptions(kind, p)))));

export function memorySection({ t, error }) {
  const err = errorSlot();
  const bars = createBarChart({ ariaLabel: t('memFigure'), yLabel: t('bytesAxis'), height: 260, minWidth: 320,
    margin: { left: 54, right: 10, top: 18, bottom: 30 }, y: { scale: 'log' } });
  const legend = h('ul', { class: 'lc-legend' }, ...KINDS.map((k) => h('li', { class: KIND_CLASS[k] }, h('span', { class: 'swatch-box', 'aria-hidden': 'true' }), t(`kind.${k}`))));
  const table = h('table', { class: 'matrix cx-mem' });
  const fits = (b) => (b <= CAP ? h('span', { class: 'ok' }, t('fits')) : h('span', { class: 'cx-over' }, t('tooBig')));

  return {
    el: h('div', { 'data-ex': 'memory' },
      h('div', { class: 'panel' }, err, h('div', { class: 'cx-mem-row' }, h('div', {}, bars.el, legend), h('div', { class: 'matrix-wrap' }, table)))),
    reads: ['d', 'memory'],
    draw({ d, memory: cost }) {
      if (error('memory')) { showCoreError(err, t, error('memory')); bars.set({}); table.replaceChildren(); return; }
      err.textContent = '';
      err.hidden = true;
      bars.set({
        items: NS.map((n, i) => ({ label: `n = ${fmtN(n)}`, bars: KINDS.map((kind, j) => ({
          value: cost[i][j] ? cost[i][j].bytes : 0, className: KIND_CLASS[kind], text: cost[i][j] ? fmtBytes(cost[i][j].bytes) : '—',
          title: `${t(`kind.${kind}`)}, n = ${n}: ${cost[i][j] ? fmtBytes(cost[i][j].bytes) : '—'}` })) })),
        lines: [{ y: CAP, className: 'cx-cap', text: t('capLabel'), above: true }],
      });
      table.replaceChildren(
        h('caption', {}, t('memCaption', { d })),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'n'), h('th', { scope: 'col' }, t('nnMatrix')),
          ...KINDS.map((k) => h('th', { scope: 'col' }, t(`kind.${k}`))))),
        h('tbody', {}, ...NS.map((n, i) => h('tr', {}, h('th', { scope: 'row' }, String(n)),
          h('td', {}, fmtBytes(8 * n * n)),
          ...KINDS.map((k, j) => h('td', {}, cost[i][j] ? [fmtBytes(cost[i][j].bytes), ' ', fits(cost[i][j].bytes)] : '—'))))));
    },
  };
}
