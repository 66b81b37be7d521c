// Part 2 of the vectors lesson: a 2 x 2 matrix W and a bias b as the map
// x -> h = W x + b. Left, the input plane: the unit square, e1, e2 and a
// point x the learner drags. Right, its image: the grid and square mapped
// by the core (lab.affine), the columns w1 = W e1 and w2 = W e2 (dragged
// to edit W), b, and h. det(W) is the signed area of the mapped square,
// tr(W) the sum of the diagonal; both come from the core.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createVectorPlane } from '../../plots/vector-plane.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { guard, errorSlot } from '../shared/kit.js';
import { pairInput } from './inputs.js';
import { TSTEPS, computeMap, mapFormula, inputLayers, outputLayers } from './map.js';

export const W_LIM = 2;  // W and b entries; x is in [-3, 3]
const X_LIM = 3;
const PRESETS = {
  identity: [[1, 0], [0, 1]],
  rotate: [[0, -1], [1, 0]],
  shear: [[1, 1], [0, 1]],
  stretch: [[2, 0], [0, 0.5]],
  flip: [[0, 1], [1, 0]],
  singular: [[1, 2], [0.5, 1]],
};
const clampW = (x) => Math.round(Math.max(-W_LIM, Math.min(W_LIM, x)) * 1e6) / 1e6;
const snap = (x, lim = W_LIM) => Math.round(Math.max(-lim, Math.min(lim, x)) * 10) / 10;

export function createTransformPart(ctx) {
  const { lab, t } = ctx;
  const is2x2 = (M) => M.length === 2 && M.every((row) => row.length === 2);
  if (!is2x2(ctx.values.W)) console.warn('Attention Lab: URL parameter "W" ignored (W must be 2 x 2); using the default.');
  let W = (is2x2(ctx.values.W) ? ctx.values.W : [[2, 0.5], [0.5, 1.5]]).map((row) => row.slice());
  let b = ctx.values.b.slice();
  let x = ctx.values.x.slice();
  let m = null;

  const err = errorSlot();
  const label = (name) => (p) => t('tipLabel', { name, x: fmt(p[0], 3), y: fmt(p[1], 3) });
  const inPlane = createVectorPlane({
    ariaLabel: t('inputFigure'), domain: 3.5, size: 320,
    handles: [{ id: 'x', name: 'x', className: 'vt-x', label: label('x') }],
    onMove: (_, p) => { x = p.map((v) => snap(v, X_LIM)); xIn.set(x); save(); update(); },
  });
  const outPlane = createVectorPlane({
    ariaLabel: t('outputFigure'), domain: 4, size: 320,
    handles: [
      { id: 'w1', name: 'w₁', className: 'vt-c1', label: (p) => t('colLabel', { k: 1, x: fmt(W[0][0], 3), y: fmt(W[1][0], 3) }) },
      { id: 'w2', name: 'w₂', className: 'vt-c2', label: (p) => t('colLabel', { k: 2, x: fmt(W[0][1], 3), y: fmt(W[1][1], 3) }) },
      { id: 'b', name: 'b', className: 'vt-b', label: label('b') },
    ],
    onMove: (id, p) => {
      if (id === 'b') { b = p.map((v) => snap(v)); bIn.set(b); } else {
        const j = id === 'w1' ? 0 : 1;
        W[0][j] = snap(p[0] - b[0]);
        W[1][j] = snap(p[1] - b[1]);
        editor.set(W);
      }
      save(); update();
    },
  });
  const editor = createMatrixEditor({
    label: t('Wlabel'), t, rowLabel: (i) => String(i + 1), colLabel: (j) => `w${j === 0 ? '₁' : '₂'}`,
    onChange: (M) => {
      const C = M.map((row) => row.map(clampW));
      const clamped = C.some((row, i) => row.some((v, j) => v !== M[i][j]));
      W = C;
      if (clamped) editor.set(W);
      clampNote.textContent = clamped ? t('clampNote', { lim: W_LIM }) : '';
      save(); update();
    },
  });
  const clampNote = h('p', { class: 'note', 'aria-live': 'polite' });
  const bIn = pairInput({ label: t('bLabel'), name: 'b', value: b, lim: W_LIM, t, onChange: (w) => { b = w; save(); update(); } });
  const xIn = pairInput({ label: t('xLabel'), name: 'x', value: x, lim: X_LIM, t, onChange: (w) => { x = w; save(); update(); } });
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, M]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => {
      W = M.map((row) => row.slice()); editor.set(W); clampNote.textContent = ''; save(); update();
    } }, t(`preset.${k}`))));

  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerMap' : k, v), initial: ctx.values.tstep - 1,
    steps: TSTEPS.map((id) => ({ id, title: t(`ts.${id}.title`), text: t(`ts.${id}.text`), formula: () => (m ? mapFormula(id, m, { W, b, x }) : '') })),
    onStep: (i) => { ctx.setValues({ tstep: i + 1 }); draw(); },
  });

  const detValue = h('p', { class: 'vt-big' });
  const detNote = h('p', { class: 'vt-note' });
  const trValue = h('p', { class: 'vt-big' });
  const detCard = h('div', { class: 'vt-card' }, h('h3', { class: 'h-small' }, t('detHeading')), detValue, detNote);
  const trCard = h('div', { class: 'vt-card' }, h('h3', { class: 'h-small' }, t('traceHeading')), trValue, h('p', { class: 'vt-note' }, t('traceNote')));
  const outside = h('p', { class: 'note', 'aria-live': 'polite' });

  const el = h('div', { class: 'panel vt-panel' },
    h('div', { class: 'vt-inputs' }, editor.el, bIn.el, xIn.el),
    clampNote, presets, err,
    h('div', { class: 'vt-stage' },
      h('figure', { class: 'vt-fig' }, h('figcaption', {}, t('inputCaption')), inPlane.el),
      h('figure', { class: 'vt-fig' }, h('figcaption', {}, t('outputCaption')), outPlane.el),
      h('div', { class: 'vt-cards' }, detCard, trCard)),
    outside,
    h('p', { class: 'note' }, t('mapHint')),
    player.el);

  function save() { ctx.setValues({ W, b, x }); }

  function draw() {
    const id = TSTEPS[player.index];
    if (!m) { inPlane.set({ handles: { x } }); outPlane.set({}); return; }
    inPlane.set({ handles: { x }, layers: inputLayers(id, m, { x }) });
    const w1 = [b[0] + W[0][0], b[1] + W[1][0]], w2 = [b[0] + W[0][1], b[1] + W[1][1]];
    outPlane.set({ handles: { w1, w2, b }, tails: { w1: b, w2: b }, layers: outputLayers(id, m, { W, b, x, t }) });
    detCard.classList.toggle('on', id === 'det');
    trCard.classList.toggle('on', id === 'trace');
  }

  function update() {
    m = guard(err, t, () => computeMap(lab, W, b, x));
    if (m) {
      detValue.textContent = `det(W) = ${fmt(m.det, 4)}`;
      detCard.dataset.sign = m.sign;
      detNote.textContent = t(`det.${m.sign}`, { a: fmt(Math.abs(m.det), 4) });
      trValue.textContent = `tr(W) = ${fmt(m.trace, 4)}`;
      outside.textContent = m.h.some((v) => Math.abs(v) > 4) ? t('hOutside', { h: `(${m.h.map((v) => fmt(v, 4)).join(', ')})` }) : '';
    }
    draw();
    player.refresh();
  }

  editor.set(W);
  update();
  return { el, destroy: () => player.destroy() };
}
