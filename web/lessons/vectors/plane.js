// Part 1 of the vectors lesson: two vectors u and v on a plane. The learner
// drags their tips (pointer, touch, or arrow keys on a focused tip) or types
// them; the step player walks through u + v, alpha v, u . v with the angle,
// the projection, and the three norms, each with the component arithmetic
// and the core's result.
import { h, clear } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createVectorPlane } from '../../plots/vector-plane.js';
import { slider, guard, errorSlot } from '../shared/kit.js';
import { STEPS, compute, formula, layers } from './ops.js';
import { pairInput, pairText } from './inputs.js';
import PARAMS from './params.js';

const DOMAIN = 5;
const P = PARAMS.params;
const DEFAULTS = { u: P.u.default, v: P.v.default, alpha: P.alpha.default };

export function createVectorPart(ctx) {
  const { lab, t } = ctx;
  let { u, v, alpha } = ctx.values;
  u = u.slice(); v = v.slice();
  let r = null;

  const err = errorSlot();
  const tipLabel = (name) => (w) => t('tipLabel', { name, x: fmt(w[0], 3), y: fmt(w[1], 3) });
  const plane = createVectorPlane({
    ariaLabel: t('planeFigure'), domain: DOMAIN,
    handles: [
      { id: 'u', name: 'u', className: 'vp-u', label: tipLabel('u') },
      { id: 'v', name: 'v', className: 'vp-v', label: tipLabel('v') },
    ],
    onMove: (id, w) => { if (id === 'u') u = w; else v = w; inputs[id].set(w); save(); update(); },
  });
  const inputs = {
    u: pairInput({ label: t('uLabel'), name: 'u', value: u, lim: DOMAIN, t, onChange: (w) => { u = w; save(); update(); } }),
    v: pairInput({ label: t('vLabel'), name: 'v', value: v, lim: DOMAIN, t, onChange: (w) => { v = w; save(); update(); } }),
  };
  const alphaSlider = slider({
    label: t('alphaLabel'), min: -3, max: 3, step: 0.1, value: alpha,
    onInput: (a) => { alpha = a; save(); if (STEPS[player.index] !== 'scale') player.go(STEPS.indexOf('scale')); update(); },
  });
  const reset = h('button', { type: 'button', class: 'btn', onclick: () => {
    ({ u, v, alpha } = { u: DEFAULTS.u.slice(), v: DEFAULTS.v.slice(), alpha: DEFAULTS.alpha });
    inputs.u.set(u); inputs.v.set(v); alphaSlider.set(alpha); save(); update();
  } }, t('resetVectors'));

  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerVectors' : k, v), initial: ctx.step,
    steps: STEPS.map((id) => ({ id, title: t(`vs.${id}.title`), text: t(`vs.${id}.text`), formula: () => (r ? formula(id, r, t) : '') })),
    onStep: (i) => { ctx.setStep(i); draw(); },
  });

  const readout = h('dl', { class: 'vec-readout', 'aria-label': t('readoutLabel') });
  const legend = h('ul', { class: 'lc-legend vec-legend' },
    ...[['vp-l1', 'legendL1'], ['vp-l2', 'legendL2'], ['vp-linf', 'legendLinf']].map(([cls, key]) =>
      h('li', { class: cls }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t(key))),
    h('li', { class: 'vec-legend-unit' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t('legendUnit')));

  const el = h('div', { class: 'panel vec-panel' },
    h('div', { class: 'vec-stage' },
      h('div', { class: 'vec-figure' }, plane.el, legend, h('p', { class: 'note pointer-hint' }, t('dragHint'))),
      h('div', { class: 'vec-side' }, player.el,
        h('div', { class: 'controls' }, inputs.u.el, inputs.v.el),
        h('div', { class: 'controls' }, alphaSlider.el, reset),
        err, readout)));

  function save() { ctx.setValues({ u, v, alpha }); }

  function draw() {
    const id = STEPS[player.index];
    legend.hidden = id !== 'norms';
    plane.set({ handles: { u, v }, layers: r ? layers(id, r, t, DOMAIN) : [] });
    renderReadout(id);
  }

  function renderReadout(id) {
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

  function update() {
    r = guard(err, t, () => compute(lab, u, v, alpha));
    draw();
    player.refresh();
  }

  update();
  return { el, destroy: () => player.destroy() };
}
