// The least-squares half of the regression lesson: the closed-form fit
// (lab.leastSquares), the residuals r_i = y_i - (w x_i + b) and the total
// area of the residual squares (lab.affine, lab.sub, lab.dot), the picture
// (points, line, squares, and gradient descent's current line), and the
// panel of numbers with the note on rank-deficient data.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createScatter } from '../../plots/scatter.js';
import { fmtTex, errorSlot, showCoreError } from '../shared/kit.js';
import { columns, LO, HI, createDataControls, pointEdits } from './data.js';

// Everything about the closed form for the points; throws on bad input.
export function closedForm(lab, pts) {
  const { X, y } = columns(pts);
  const fit = lab.leastSquares(X, y);
  const resid = residuals(lab, pts, fit.w[0], fit.b);
  return { fit, ...resid };
}

// Fitted values, residuals and their sum of squares for the line y = w x + b.
export function residuals(lab, pts, w, b) {
  const { X, y } = columns(pts);
  const yhat = lab.affine(X, [w], pts.map(() => b));
  const r = lab.sub(y, yhat);
  return { yhat, r, area: lab.dot(r, r) };
}

// The line y = w x + b across the plot, as two points (from the core).
export function lineAcross(lab, w, b) {
  const ends = lab.affine([[LO], [HI]], [w], [b, b]);
  return [[LO, ends[0]], [HI, ends[1]]];
}

// Layers of the scatter plot: squares on the residuals, the closed-form
// line, and (optionally) gradient descent's line at its current iterate.
export function fitLayers(lab, pts, cf, { squares, gd, t }) {
  const layers = [];
  if (squares) {
    pts.forEach(([x, y], i) => {
      const side = Math.abs(cf.r[i]);
      const dir = x + side <= HI ? 1 : -1;
      layers.push({ type: 'rect', x0: x, x1: x + dir * side, y0: cf.yhat[i], y1: y, className: 'rg-square', label: t('fit.squareLabel', { i: i + 1 }) });
    });
  }
  layers.push({ type: 'line', points: lineAcross(lab, cf.fit.w[0], cf.fit.b), className: 'rg-fit', label: t('fit.lineLabel') });
  if (gd) layers.push({ type: 'line', points: lineAcross(lab, gd.w, gd.b), className: 'rg-gdline', label: t('fit.gdLineLabel', { t: gd.t }) });
  return layers;
}

export function createFitPanel({ t }) {
  const box = h('div', { class: 'rg-numbers', 'aria-live': 'polite' });
  const rankNote = h('p', { class: 'rg-rank', hidden: true });
  const el = h('div', { class: 'rg-fit-panel' }, h('h3', { class: 'h-small' }, t('fit.heading')), box, rankNote);

  function set({ cf, n }) {
    const { fit, area } = cf;
    setTexList(box, [
      [`\\hat y = w^* x + b^* = ${fmtTex(fit.w[0])}\\,x ${fit.b < 0 ? '' : '+'} ${fmtTex(fit.b)}`, true, 'div'],
      [`\\textstyle\\sum_i r_i^2 = ${fmtTex(area)}\\quad(\\text{${t('fit.area')}})`, true, 'div'],
      [`L^* = \\tfrac{1}{n}\\textstyle\\sum_i r_i^2 = \\tfrac{${fmtTex(area)}}{${n}} = ${fmtTex(fit.loss)}`, true, 'div'],
      [`\\operatorname{rank}\\,[X\\ \\mathbf 1] = ${fit.rank}`, true, 'div']]);
    rankNote.hidden = fit.rank >= 2;
    rankNote.textContent = fit.rank >= 2 ? '' : t('fit.rankNote', { rank: fit.rank });
  }

  return { el, set };
}

// The data and its fit: the points (drag, click to add, keys), the line,
// the residual squares, gradient descent's line at the iterate shown; the
// numbers of the closed form beside them, and the table of points.
export function fitSection(api) {
  const { lab, t, control, error } = api;
  const edits = pointEdits(api);
  const err = errorSlot();
  const squares = control('sq', { label: t('fit.showSquares') });
  const data = createDataControls({ t, onChange: edits.setPoints });
  const plot = createScatter({
    ariaLabel: t('fit.plotFigure'), xDomain: [LO, HI], yDomain: [LO, HI], width: 440, step: 0.1, precision: 0.05,
    pointLabel: (i, p) => t('data.pointLabel', { i: i + 1, x: fmt(p[0]), y: fmt(p[1]) }),
    onMove: edits.move, onRemove: (i) => edits.remove(i, plot), onBackground: edits.add,
  });
  const numbers = createFitPanel({ t });
  return {
    el: h('div', { class: 'panel', 'data-ex': 'fit' },
      h('div', { class: 'row rg-fit-row' },
        h('div', {}, plot.el, h('div', { class: 'controls' }, squares.el), h('p', { class: 'note' }, t('fit.plotHint'))),
        h('div', { class: 'rg-fit-side' }, numbers.el, data.el)),
      err),
    reads: ['data', 'dataNote', 'cf', 'sq', 'run', 'it'],
    draw(v, changed) {
      if (!changed || changed.has('data')) data.set(v.data);
      if (!changed || changed.has('data') || changed.has('dataNote')) data.report(v.dataNote);
      if (error('cf')) { showCoreError(err, t, error('cf')); return; }
      err.textContent = '';
      err.hidden = true;
      numbers.set({ cf: v.cf, n: v.data.length });
      // The iterate shown, within the run (a shorter run may be drawn before it shrinks it: gd.js).
      const k = v.run ? Math.min(v.it, v.run.path.length - 1) : 0;
      const gd = v.run ? { w: v.run.path[k][0], b: v.run.path[k][1], t: k } : null;
      plot.set({ points: v.data, layers: fitLayers(lab, v.data, v.cf, { squares: v.sq, gd, t }) });
    },
  };
}
