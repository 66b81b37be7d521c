// Part 1 of the complexity lesson: the analytic operation and memory counts
// of full, sparse (window w) and low-rank (Linformer, r projected keys)
// attention as n grows, from lab.attentionCost, on log-log charts with the
// fitted slopes (the exponent of n).
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { fitPowerLaw } from '../../plots/power-law.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { KINDS, KIND_CLASS, kindOptions, fmtBytes, fmtN } from './kinds.js';

const NS = Array.from({ length: 11 }, (_, i) => 64 * 2 ** i);  // 64 .. 65536

// The derived value `sweep`: each kind's costs over NS ([n, cost] pairs;
// low rank only where r <= n).
export const costSweep = (lab, p) => KINDS.map((kind) => ({
  kind, points: NS.filter((n) => kind !== 'lowRank' || p.r <= n).map((n) => [n, lab.attentionCost(n, p.d, kindOptions(kind, p))]),
}));

export function countsSection({ t, error }) {
  const err = errorSlot();
  const xTicks = [64, 256, 1024, 4096, 16384, 65536];
  const logLog = (ariaLabel, yLabel) => createXyChart({ ariaLabel, xLabel: t('nAxis'), yLabel, width: 440, height: 290, margin: { left: 62, right: 16, bottom: 44 }, grid: true,
    x: { scale: 'log', ticks: xTicks, format: fmtN }, y: { scale: 'log', pad: 1.6 } });
  const flops = logLog(t('flopsFigure'), t('flopsAxis'));
  const bytes = logLog(t('bytesFigure'), t('bytesAxis'));
  const series = (rows, field, fmtY) => rows.map(({ kind, points }) => {
    const pts = points.map(([n, c]) => [n, c[field]]);
    // Fit where the asymptotic regime holds: the largest half of the n range.
    const fit = fitPowerLaw(pts.filter(([n]) => n >= 1024));
    return { points: pts, className: KIND_CLASS[kind], fit, markers: true,
      label: t('seriesLabel', { kind: t(`kind.${kind}`), slope: fit ? fmt(fit.slope, 3) : '—' }),
      tip: (n, y) => `${t(`kind.${kind}`)}: n = ${n}, ${fmtY(y)}` };
  });

  return {
    el: h('div', { 'data-ex': 'counts' }, h('div', { class: 'panel' }, err,
      h('div', { class: 'cx-charts' },
        h('div', {}, h('h3', { class: 'h-small' }, t('flopsHeading')), flops.el),
        h('div', {}, h('h3', { class: 'h-small' }, t('bytesHeading')), bytes.el)),
      h('p', { class: 'note' }, t('countsNote')))),
    reads: ['sweep'],
    draw({ sweep }) {
      if (error('sweep')) { showCoreError(err, t, error('sweep')); flops.set({}); bytes.set({}); return; }
      err.textContent = '';
      err.hidden = true;
      flops.set({ series: series(sweep, 'flops', (y) => `${fmt(y, 4)} ${t('flopsUnit')}`), xDomain: [64, 65536] });
      bytes.set({ series: series(sweep, 'bytes', fmtBytes), xDomain: [64, 65536] });
    },
  };
}
