// Part 2 of the vectors lesson: a 2 x 2 matrix W and a bias b as the map
// x -> h = W x + b. Left, the input plane: the unit square, e1, e2 and a
// point x the learner drags. Right, its image: the grid and square mapped
// by the core (`map`, map.js), the columns w1 = W e1 and w2 = W e2 (dragged
// to edit W), b, and h. det(W) is the signed area of the mapped square,
// tr(W) the sum of the diagonal; both come from the core. The planes:
// map-planes.js.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { errorSlot } from '../shared/kit.js';
import { pairInput } from './inputs.js';
import { TSTEPS, is2x2, mapFormula } from './map.js';
import { createMapPlanes } from './map-planes.js';
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

export function transformSection(api) {
  const { t, values, set } = api;
  if (!is2x2(values.W)) console.warn('Attention Lab: URL parameter "W" ignored (W must be 2 x 2); using the default.');
  // The editor keeps what is typed in it (and its focus): a change it made is not written back to it.
  let fromEditor = false;

  const err = errorSlot();
  const planes = createMapPlanes({ t, values, set });
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
      h('figure', { class: 'vt-fig' }, h('figcaption', {}, t('inputCaption')), planes.inPlane.el),
      h('figure', { class: 'vt-fig' }, h('figcaption', {}, t('outputCaption')), planes.outPlane.el),
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

  function drawPlanes(m, vals) {
    const id = TSTEPS[player.index];
    if (!planes.draw(id, m, vals)) return;
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
