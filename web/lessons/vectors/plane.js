// Part 1 of the vectors lesson: two vectors u and v on a plane. The learner
// drags their tips (pointer, touch, or arrow keys on a focused tip) or types
// them; the step player walks through u + v, alpha v, u . v with the angle,
// the projection, and the three norms, each with the component arithmetic
// and the core's result (`ops`, ops.js).
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createVectorPlane } from '../../plots/vector-plane.js';
import { errorSlot } from '../shared/kit.js';
import { STEPS, formula, layers } from './ops.js';
import { pairInput, pairText } from './inputs.js';
import { shown } from './shown.js';
import schema from './params.js';

const DOMAIN = 5;  // the plane shows [-5, 5]^2
const P = schema.params;

export function planeSection(api) {
  const { t, values, set, control, setStep, initialStep } = api;
  const err = errorSlot();
  const tipLabel = (name) => (w) => t('tipLabel', { name, x: fmt(w[0], 3), y: fmt(w[1], 3) });
  const plane = createVectorPlane({
    ariaLabel: t('planeFigure'), domain: DOMAIN,
    handles: [
      { id: 'u', name: 'u', className: 'vp-u', label: tipLabel('u') },
      { id: 'v', name: 'v', className: 'vp-v', label: tipLabel('v') },
    ],
    onMove: (id, w) => set({ [id]: w }),
  });
  const inputs = {
    u: pairInput({ label: t('uLabel'), name: 'u', value: values.u, lim: P.u.max, t, onChange: (w) => set({ u: w }) }),
    v: pairInput({ label: t('vLabel'), name: 'v', value: values.v, lim: P.v.max, t, onChange: (w) => set({ v: w }) }),
  };
  const alpha = control('alpha', { label: t('alphaLabel') });
  const reset = h('button', { type: 'button', class: 'btn', onclick: () => set({ u: P.u.default.slice(), v: P.v.default.slice(), alpha: P.alpha.default }) }, t('resetVectors'));

  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerVectors' : k, v), initial: initialStep,
    steps: STEPS.map((id) => ({ id, title: t(`vs.${id}.title`), text: t(`vs.${id}.text`), formula: () => (values.ops ? formula(id, values.ops, t) : '') })),
    onStep: setStep,
  });
  // Moving α shows the step that draws αv.
  alpha.input.addEventListener('input', () => player.go(STEPS.indexOf('scale')));

  const readout = h('dl', { class: 'vec-readout', 'aria-label': t('readoutLabel') });
  const legend = h('ul', { class: 'lc-legend vec-legend' },
    ...[['vp-l1', 'legendL1'], ['vp-l2', 'legendL2'], ['vp-linf', 'legendLinf']].map(([cls, key]) =>
      h('li', { class: cls }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t(key))),
    h('li', { class: 'vec-legend-unit' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t('legendUnit')));

  const el = h('div', { class: 'panel vec-panel', 'data-ex': 'plane' },
    h('div', { class: 'vec-stage' },
      h('div', { class: 'vec-figure' }, plane.el, legend, h('p', { class: 'note pointer-hint' }, t('dragHint'))),
      h('div', { class: 'vec-side' }, player.el,
        h('div', { class: 'controls' }, inputs.u.el, inputs.v.el),
        h('div', { class: 'controls' }, alpha.el, reset),
        err, readout)));

  // The current step's quantities, that step's highlighted.
  function renderReadout(id, r) {
    clear(readout);
    if (!r) return;
    const items = [
      ['add', 'u + v', pairText(r.sum)],
      ['scale', 'αv', pairText(r.av)],
      ['dot', 'u · v', fmt(r.dot, 4)],
      ['dot', 'θ', r.theta === null ? t('undefinedShort') : `${fmt(r.theta, 4)}°`],
      ['project', t('projLabel'), r.proj ? pairText(r.proj) : t('undefinedShort')],
      ['norms', '‖v‖₂', fmt(r.nv, 4)],
      ['norms', '‖v‖₁', fmt(r.n1, 4)],
      ['norms', '‖v‖∞', fmt(r.ninf, 4)],
    ];
    for (const [step, name, value] of items)
      readout.appendChild(h('div', { class: step === id ? 'on' : '' }, h('dt', {}, name), h('dd', {}, value)));
  }

  return {
    el,
    reads: ['u', 'v', 'ops', 'step'],
    draw(vals, changed) {
      for (const k of ['u', 'v']) if (changed && changed.has(k)) inputs[k].set(vals[k]);
      const r = shown(api, err, vals, 'ops');
      const id = STEPS[player.index];
      legend.hidden = id !== 'norms';
      plane.set({ handles: { u: vals.u, v: vals.v }, layers: r ? layers(id, r, t, DOMAIN) : [] });
      renderReadout(id, r);
      if (!changed || changed.has('ops')) player.refresh();
    },
    destroy: () => player.destroy(),
  };
}
