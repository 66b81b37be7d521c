// Nadaraya-Watson kernel regression as attention: the learner moves a
// query x (drag the orange line, click the plot, the slider, or the arrow
// keys), the weights over the training points are shown as bars, as the
// size of the points, and as one row of an attention heatmap over a grid
// of queries; kernel and bandwidth change the fit from jagged to flat.
// Beside it, the same weights as softmax(-(x - x_i)^2 / (2 h^2)) and the
// same prediction from lab.attention, checked against each other.
import { h, clear } from '../../ui/dom.js';
import { fmt, sub } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createScatter } from '../../plots/scatter.js';
import { createBars } from '../../plots/bars.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot, showCoreError, fmtTex, markSteps } from '../shared/kit.js';
import { LO, HI, pointEdits } from './data.js';
import { CURVE } from './model.js';
import { BRIDGE_STEPS } from './bridge.js';

export function kernelSection(api) {
  const { t, values, set, control, error } = api;
  const edits = pointEdits(api);
  const err = errorSlot();
  const kernel = control('kernel', { label: t('kr.kernel'), options: ['gaussian', 'boxcar', 'epanechnikov'].map((k) => [k, t(`kr.kernels.${k}`)]) });
  const bw = control('bw', { label: t('kr.bandwidth') });
  const xq = control('xq', { label: t('kr.query') });
  const plot = createScatter({
    ariaLabel: t('kr.plotFigure'), xDomain: [LO, HI], yDomain: [LO, HI], width: 440, step: 0.1, precision: 0.05,
    pointLabel: (i, p) => t('data.pointLabel', { i: i + 1, x: fmt(p[0]), y: fmt(p[1]) }),
    onMove: edits.move, onRemove: (i) => edits.remove(i, plot),
    handle: { label: (x) => t('kr.handleLabel', { x: fmt(x) }), onChange: (x) => set({ xq: x }) },
  });
  const bars = createBars({ ariaLabel: t('kr.barsFigure'), labels: (i) => `x${sub(i + 1)}`, min: 0, max: 1, height: 190, fill: true });
  const predict = h('div', { class: 'rg-predict', 'aria-live': 'polite' });
  const heat = createHeatmap({ title: t('kr.heatTitle'), xLabel: t('kr.heatKeys'), yLabel: t('kr.heatQueries') });
  const heatNote = h('p', { class: 'note' });
  const table = createMatrixView({ caption: t('kr.tableCaption'), name: 'nw-compare', color: 'none', digits: 4,
    rowLabel: (i) => t(`kr.rows.${i}`), colLabel: (j) => `x${sub(j + 1)}` });
  const check = h('p', { class: 'check' });
  const attCheck = h('div', { class: 'rg-att-check' });
  const gaussNote = h('p', { class: 'note', hidden: true }, t('kr.gaussOnly'));

  // What each step of the walkthrough (bridge.js) is about, highlighted.
  bars.el.dataset.hl = 'weighted';
  predict.dataset.hl = 'weighted attention';
  plot.el.dataset.hl = 'distance kernel bandwidth';
  table.el.dataset.hl = 'distance kernel softmax';
  attCheck.dataset.hl = 'attention';
  heat.el.dataset.hl = 'bandwidth';
  const TABLE_ROWS = { distance: [0], kernel: [1], softmax: [2, 3] };
  const el = h('div', {},
    h('div', { class: 'panel', 'data-ex': 'kr' },
      h('div', { class: 'controls' }, kernel.el, bw.el, xq.el),
      err,
      h('div', { class: 'row rg-kr-row' },
        h('div', {}, plot.el, h('p', { class: 'note' }, t('kr.plotHint'))),
        h('div', { class: 'rg-kr-right' }, h('h3', { class: 'h-small' }, t('kr.barsHeading')), bars.el, predict))),
    h('div', { class: 'panel' }, heat.el, heatNote),
    h('h2', {}, t('kr.sameHeading')),
    h('div', { class: 'prose' }, h('p', {}, t('kr.sameText'))),
    h('div', { class: 'panel' }, gaussNote, table.el, check, attCheck));

  function draw({ data, xq: x, bw: bandwidth, kernel: k, curve, bridge: b, heat: hm }) {
    const e = error('curve') || error('bridge') || error('heat');
    if (e) { showCoreError(err, t, e); return; }
    err.textContent = '';
    err.hidden = true;
    const layers = [
      { type: 'rect', x0: x - bandwidth, x1: x + bandwidth, y0: LO, y1: HI, className: 'rg-window' },
      { type: 'line', points: CURVE.map((q, i) => [q, curve.yHat[i]]), className: 'rg-nw', label: t('kr.curveLabel') },
    ];
    if (b.yHat !== null) layers.push({ type: 'marker', at: [x, b.yHat], className: 'rg-nw', label: `ŷ(${fmt(x)}) = ${fmt(b.yHat)}`, r: 6 });
    plot.set({ points: data, layers, sizes: b.weights, handleX: x });
    const top = b.weights.indexOf(Math.max(...b.weights));
    bars.set(b.weights, { range: [0, 1], highlight: b.yHat === null ? [] : [top] });
    if (b.yHat === null) clear(predict).appendChild(h('p', { class: 'check bad' }, t('kr.noMass', { x: fmt(x), h: fmt(bandwidth) })));
    else setTexList(predict, [[`\\hat y(${fmtTex(x, 3)}) = \\sum_i \\alpha_i\\,y_i = ${fmtTex(b.yHat, 4)}`, true, 'div']]);
    heat.set(hm.weights, { highlight: { rows: [hm.row] } });
    heatNote.textContent = t('kr.heatNote', { list: hm.queries.map((q, i) => `${i + 1}: ${fmt(q)}`).join(', '), row: hm.row + 1 });
    gaussNote.hidden = k === 'gaussian';
    table.set([b.diff, b.scores, b.soft, b.gaussWeights]);
    const same = b.gap < 1e-12;
    check.className = `check ${same ? 'good' : 'bad'}`;
    check.textContent = t(same ? 'kr.agree' : 'kr.differ', { gap: fmt(b.gap, 2) });
    setTexList(attCheck, [
      [`\\text{${t('kr.attLabel')}}:\\quad \\operatorname{softmax}\\!\\Big(\\tfrac{qK^\\top}{h^2}\\Big)V = ${fmtTex(b.attOut, 6)}`, true, 'div'],
      [`\\text{${t('kr.nwLabel')}}:\\quad \\hat y = ${b.gaussYHat === null ? '—' : fmtTex(b.gaussYHat, 6)}`, true, 'div']]);
  }

  return {
    el,
    // Below the fit and gradient descent: while points are dragged above, drawn when in view.
    later: true,
    reads: ['data', 'xq', 'bw', 'kernel', 'curve', 'bridge', 'heat', 's2'],
    draw(v) {
      draw(v);
      // The walkthrough's step highlights its figures.
      const step = BRIDGE_STEPS[v.s2 - 1];
      markSteps(el, step);
      if (v.bridge) table.mark({ rows: TABLE_ROWS[step] || [2, 3] });
    },
  };
}
