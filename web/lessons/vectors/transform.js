// Part 2 of the vectors lesson: a 2 x 2 matrix W and a bias b as the map
// x -> h = W x + b. Left, the input plane: the unit square, e1, e2 and a
// point x the learner drags. Right, its image: the grid and square mapped
// by the core (`map`, map.js), the columns w1 = W e1 and w2 = W e2 (dragged
// to edit W), b, and h. det(W) is the signed area of the mapped square,
// tr(W) the sum of the diagonal; both come from the core.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createVectorPlane } from '../../plots/vector-plane.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { errorSlot } from '../shared/kit.js';
import { pairInput } from './inputs.js';
import { TSTEPS, is2x2, mapFormula, inputLayers, outputLayers } from './map.js';
import { shown } from './shown.js';
import schema from './params.js';

const P = schema.params;
const PRESETS = {
  identity: [[1, 0], [0, 1]],
  rotate: [[0, -1], [1, 0]],
  shear: [[1, 1], [0, 1]],
  stretch: [[2, 0], [0, 0.5]],
  flip: [[0, 1], [1, 0]],
  singular: [[1, 2], [0.5, 1]],
};
const clampW = (x) => Math.round(Math.max(P.W.min, Math.min(P.W.max, x)) * 1e6) / 1e6;
// A dragged point, on the 0.1 grid and within [-lim, lim].
const snap = (x, lim) => Math.round(Math.max(-lim, Math.min(lim, x)) * 10) / 10;

export function transformSection(api) {
  const { t, values, set } = api;
  if (!is2x2(values.W)) console.warn('Attention Lab: URL parameter "W" ignored (W must be 2 x 2); using the default.');
  // The editor keeps what is typed in it (and its focus): a change it made is not written back to it.
  let fromEditor = false;

  const err = errorSlot();
  const label = (name) => (p) => t('tipLabel', { name, x: fmt(p[0], 3), y: fmt(p[1], 3) });
  const inPlane = createVectorPlane({
    ariaLabel: t('inputFigure'), domain: 3.5, size: 320,
    handles: [{ id: 'x', name: 'x', className: 'vt-x', label: label('x') }],
    onMove: (_, p) => set({ x: p.map((c) => snap(c, P.x.max)) }),
  });
  const colLabel = (k, j) => () => t('colLabel', { k, x: fmt(values.Wmap[0][j], 3), y: fmt(values.Wmap[1][j], 3) });
  const outPlane = createVectorPlane({
    ariaLabel: t('outputFigure'), domain: 4, size: 320,
    handles: [
      { id: 'w1', name: 'w₁', className: 'vt-c1', label: colLabel(1, 0) },
      { id: 'w2', name: 'w₂', className: 'vt-c2', label: colLabel(2, 1) },
      { id: 'b', name: 'b', className: 'vt-b', label: label('b') },
    ],
    // A column's tip sits at b + w_j: moving it sets column j of W.
    onMove: (id, p) => {
      const { b } = values;
      if (id === 'b') { set({ b: p.map((c) => snap(c, P.b.max)) }); return; }
      const j = id === 'w1' ? 0 : 1;
      const W = values.Wmap.map((row) => row.slice());
      W[0][j] = snap(p[0] - b[0], P.W.max);
      W[1][j] = snap(p[1] - b[1], P.W.max);
      set({ W });
    },
  });
  const clampNote = h('p', { class: 'note', 'aria-live': 'polite' });
  const editor = createMatrixEditor({
    label: t('Wlabel'), t, rowLabel: (i) => String(i + 1), colLabel: (j) => `w${j === 0 ? '₁' : '₂'}`,
    onChange: (M) => {
      const C = M.map((row) => row.map(clampW));
      const clamped = C.some((row, i) => row.some((v, j) => v !== M[i][j]));
      if (clamped) editor.set(C);
      clampNote.textContent = clamped ? t('clampNote', { lim: P.W.max }) : '';
      fromEditor = true;
      try { set({ W: C }); } finally { fromEditor = false; }
    },
  });
  const bIn = pairInput({ label: t('bLabel'), name: 'b', value: values.b, lim: P.b.max, t, onChange: (b) => set({ b }) });
  const xIn = pairInput({ label: t('xLabel'), name: 'x', value: values.x, lim: P.x.max, t, onChange: (x) => set({ x }) });
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, M]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => {
      clampNote.textContent = '';
      set({ W: M.map((row) => row.slice()) });
    } }, t(`preset.${k}`))));

  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerMap' : k, v), initial: values.tstep - 1,
    steps: TSTEPS.map((id) => ({ id, title: t(`ts.${id}.title`), text: t(`ts.${id}.text`),
      formula: () => (values.map ? mapFormula(id, values.map, { W: values.Wmap, b: values.b, x: values.x }) : '') })),
    onStep: (i) => set({ tstep: i + 1 }),
  });

  const detValue = h('p', { class: 'vt-big' });
  const detNote = h('p', { class: 'vt-note' });
  const trValue = h('p', { class: 'vt-big' });
  const detCard = h('div', { class: 'vt-card' }, h('h3', { class: 'h-small' }, t('detHeading')), detValue, detNote);
  const trCard = h('div', { class: 'vt-card' }, h('h3', { class: 'h-small' }, t('traceHeading')), trValue, h('p', { class: 'vt-note' }, t('traceNote')));
  const outside = h('p', { class: 'note', 'aria-live': 'polite' });

  const el = h('div', { class: 'panel vt-panel', 'data-ex': 'map' },
    h('div', { class: 'vt-inputs' }, editor.el, bIn.el, xIn.el),
    clampNote, presets, err,
    h('div', { class: 'vt-stage' },
      h('figure', { class: 'vt-fig' }, h('figcaption', {}, t('inputCaption')), inPlane.el),
      h('figure', { class: 'vt-fig' }, h('figcaption', {}, t('outputCaption')), outPlane.el),
      h('div', { class: 'vt-cards' }, detCard, trCard)),
    outside,
    h('p', { class: 'note' }, t('mapHint')),
    player.el);

  function showNumbers(m) {
    detValue.textContent = `det(W) = ${fmt(m.det, 4)}`;
    detCard.dataset.sign = m.sign;
    detNote.textContent = t(`det.${m.sign}`, { a: fmt(Math.abs(m.det), 4) });
    trValue.textContent = `tr(W) = ${fmt(m.trace, 4)}`;
    outside.textContent = m.h.some((v) => Math.abs(v) > 4) ? t('hOutside', { h: `(${m.h.map((v) => fmt(v, 4)).join(', ')})` }) : '';
  }

  function drawPlanes(m, { Wmap: W, b, x }) {
    const id = TSTEPS[player.index];
    if (!m) { inPlane.set({ handles: { x } }); outPlane.set({}); return; }
    inPlane.set({ handles: { x }, layers: inputLayers(id, m, { x }) });
    const w1 = [b[0] + W[0][0], b[1] + W[1][0]], w2 = [b[0] + W[0][1], b[1] + W[1][1]];
    outPlane.set({ handles: { w1, w2, b }, tails: { w1: b, w2: b }, layers: outputLayers(id, m, { W, b, x, t }) });
    detCard.classList.toggle('on', id === 'det');
    trCard.classList.toggle('on', id === 'trace');
  }

  return {
    el,
    reads: ['Wmap', 'b', 'x', 'map', 'tstep'],
    draw(vals, changed) {
      const has = (k) => !changed || changed.has(k);
      if (has('Wmap') && !fromEditor) editor.set(vals.Wmap);
      if (changed && changed.has('b')) bIn.set(vals.b);
      if (changed && changed.has('x')) xIn.set(vals.x);
      const m = shown(api, err, vals, 'map');
      if (m && has('map')) showNumbers(m);
      drawPlanes(m, vals);
      if (has('map')) player.refresh();
    },
    destroy: () => player.destroy(),
  };
}
