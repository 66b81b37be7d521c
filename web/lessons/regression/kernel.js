// Nadaraya-Watson kernel regression as attention: the learner moves a
// query x (drag the orange line, click the plot, the slider, or the arrow
// keys), the weights over the training points are shown as bars, as the
// size of the points, and as one row of an attention heatmap over a grid
// of queries; kernel and bandwidth change the fit from jagged to flat.
// Beside it, the same weights as softmax(-(x - x_i)^2 / (2 h^2)) and the
// same prediction from lab.attention, checked against each other.
import { h, clear } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { setTexList } from '../../core/tex.js';
import { drawWhenShown } from '../../core/draw-later.js';
import { createScatter } from '../../plots/scatter.js';
import { createBars } from '../../plots/bars.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { slider, select, guard, errorSlot, fmtTex, markSteps } from '../shared/kit.js';
import { columns, LO, HI } from './data.js';
import { bridgeNumbers } from './bridge.js';

const CURVE = Array.from({ length: 201 }, (_, i) => LO + ((HI - LO) * i) / 200);  // queries for the fitted curve
const GRID = Array.from({ length: 11 }, (_, i) => LO + i);                        // heatmap rows (plus x)
const SUB = '₀₁₂₃₄₅₆₇₈₉';
export const sub = (n) => String(n).split('').map((d) => SUB[Number(d)]).join('');

export function createKernelSection({ lab, t, values, onChange, onMovePoint, onRemovePoint }) {
  let { xq, bw, kernel } = values;
  let pts = [];
  let b = null;
  const err = errorSlot();
  const kernelSel = select({ label: t('kr.kernel'), value: kernel, options: ['gaussian', 'boxcar', 'epanechnikov'].map((k) => [k, t(`kr.kernels.${k}`)]), onChange: (k) => { kernel = k; onChange({ kernel }); render(); } });
  const bwSl = slider({ label: t('kr.bandwidth'), min: 0.1, max: 5, step: 0.05, value: bw, format: (x) => fmt(x, 3), onInput: (x) => { bw = x; onChange({ bw }); render(); } });
  const xqSl = slider({ label: t('kr.query'), min: LO, max: HI, step: 0.05, value: xq, format: (x) => fmt(x, 3), onInput: (x) => setXq(x, false) });
  const plot = createScatter({
    ariaLabel: t('kr.plotFigure'), xDomain: [LO, HI], yDomain: [LO, HI], width: 440, step: 0.1, precision: 0.05,
    pointLabel: (i, p) => t('data.pointLabel', { i: i + 1, x: fmt(p[0]), y: fmt(p[1]) }),
    onMove: onMovePoint, onRemove: onRemovePoint,
    handle: { label: (x) => t('kr.handleLabel', { x: fmt(x) }), onChange: (x) => setXq(x, true) },
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
  let step = 'weighted';
  const TABLE_ROWS = { distance: [0], kernel: [1], softmax: [2, 3] };
  const el = h('div', {},
    h('div', { class: 'panel', 'data-ex': 'kr' },
      h('div', { class: 'controls' }, kernelSel.el, bwSl.el, xqSl.el),
      err,
      h('div', { class: 'row rg-kr-row' },
        h('div', {}, plot.el, h('p', { class: 'note' }, t('kr.plotHint'))),
        h('div', { class: 'rg-kr-right' }, h('h3', { class: 'h-small' }, t('kr.barsHeading')), bars.el, predict))),
    h('div', { class: 'panel' }, heat.el, heatNote),
    h('h2', {}, t('kr.sameHeading')),
    h('div', { class: 'prose' }, h('p', {}, t('kr.sameText'))),
    h('div', { class: 'panel' }, gaussNote, table.el, check, attCheck));

  function setXq(x, fromPlot) {
    xq = x;
    if (fromPlot) xqSl.set(x);
    onChange({ xq });
    render();
  }

  function update(p) { pts = p; render(); }

  function render() {
    if (!pts.length) return;
    const { x, y } = columns(pts);
    const curve = guard(err, t, () => lab.kernelRegression(x, y, CURVE, { kernel, bandwidth: bw }));
    b = curve && guard(err, t, () => bridgeNumbers(lab, pts, xq, bw, kernel));
    if (!b) return;
    const layers = [
      { type: 'rect', x0: xq - bw, x1: xq + bw, y0: LO, y1: HI, className: 'rg-window' },
      { type: 'line', points: CURVE.map((q, i) => [q, curve.yHat[i]]), className: 'rg-nw', label: t('kr.curveLabel') },
    ];
    if (b.yHat !== null) layers.push({ type: 'marker', at: [xq, b.yHat], className: 'rg-nw', label: `ŷ(${fmt(xq)}) = ${fmt(b.yHat)}`, r: 6 });
    plot.set({ points: pts, layers, sizes: b.weights, handleX: xq });
    const top = b.weights.indexOf(Math.max(...b.weights));
    bars.set(b.weights, { range: [0, 1], highlight: b.yHat === null ? [] : [top] });
    if (b.yHat === null) clear(predict).appendChild(h('p', { class: 'check bad' }, t('kr.noMass', { x: fmt(xq), h: fmt(bw) })));
    else setTexList(predict, [[`\\hat y(${fmtTex(xq, 3)}) = \\sum_i \\alpha_i\\,y_i = ${fmtTex(b.yHat, 4)}`, true, 'div']]);
    // The heatmap and the table further down are drawn when in view (or
    // when the learner pauses): a drag of h or x is about the plot above.
    // Heatmap: a grid of queries plus x itself, in increasing order.
    drawWhenShown(heat.el, () => {
      const queries = [...GRID.filter((g) => Math.abs(g - xq) > 1e-9), xq].sort((p, q) => p - q);
      const hm = guard(err, t, () => lab.kernelRegression(x, y, queries, { kernel, bandwidth: bw }));
      if (!hm) return;
      const row = queries.indexOf(xq);
      heat.set(hm.weights, { highlight: { rows: [row] } });
      heatNote.textContent = t('kr.heatNote', { list: queries.map((q, i) => `${i + 1}: ${fmt(q)}`).join(', '), row: row + 1 });
    });
    gaussNote.hidden = kernel === 'gaussian';
    const rows = [b.diff, b.scores, b.soft, b.gaussWeights];
    drawWhenShown(table.el, () => {
      table.set(rows);
      table.mark({ rows: TABLE_ROWS[step] || [2, 3] });
    });
    const same = b.gap < 1e-12;
    check.className = `check ${same ? 'good' : 'bad'}`;
    check.textContent = t(same ? 'kr.agree' : 'kr.differ', { gap: fmt(b.gap, 2) });
    setTexList(attCheck, [
      [`\\text{${t('kr.attLabel')}}:\\quad \\operatorname{softmax}\\!\\Big(\\tfrac{qK^\\top}{h^2}\\Big)V = ${fmtTex(b.attOut, 6)}`, true, 'div'],
      [`\\text{${t('kr.nwLabel')}}:\\quad \\hat y = ${b.gaussYHat === null ? '—' : fmtTex(b.gaussYHat, 6)}`, true, 'div']]);
  }

  // The walkthrough's step (an id of BRIDGE_STEPS) moved: highlight its figures.
  function setStep(id) {
    step = id;
    markSteps(el, id);
    if (b) table.mark({ rows: TABLE_ROWS[step] || [2, 3] });
  }

  return { el, update, setStep, get numbers() { return b; } };
}
