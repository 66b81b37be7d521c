// The logits, softmax's steps (max shift, exp, sum, divide, Jacobian) and
// the chart that follows them: the learner edits z (field or dragging the
// bars) and T, and the right chart shows the quantity of the current step.
import { h } from '../../ui/dom.js';
import { sub } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createBars } from '../../plots/bars.js';
import { vectorField, errorSlot, showCoreError, vecTex, fmtTex } from '../shared/kit.js';
import schema from './params.js';

const STEPS = ['scores', 'shift', 'exp', 'sum', 'divide', 'jacobian'];
const OVERFLOW = [1000, 1001, 1002];

export function stepsSection({ t, values, set, control, error, setStep, initialStep }) {
  const err = errorSlot();
  const setZ = (v) => set({ z: v.slice() });
  const zField = vectorField({ label: t('zLabel'), value: values.z, t, spec: schema.params.z, onChange: setZ });
  const tSlider = control('T', { label: t('temperature') });
  const presetOverflow = h('button', { type: 'button', class: 'btn', onclick: () => setZ(OVERFLOW) }, t('tryOverflow'));
  const presetReset = h('button', { type: 'button', class: 'btn', onclick: () => set({ T: schema.params.T.default, z: schema.params.z.default.slice() }) }, t('resetInputs'));
  const logits = createBars({ ariaLabel: t('logitsFigure'), labels: (i) => `z${sub(i + 1)}`, editable: true, step: 0.5, min: -6, max: 6,
    color: 'var(--muted)', height: 220, fill: true, onChange: setZ });
  const probs = createBars({ ariaLabel: t('probsFigure'), labels: (i) => `p${sub(i + 1)}`, min: 0, max: 1, height: 220, fill: true });
  const stepHeading = h('h2', { 'aria-live': 'polite' }, t('probsHeading'));
  const r = () => values.r;
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: [
      { id: 'scores', title: t('s1.title'), text: t('s1.text'), formula: () => `z = ${vecTex(values.z)}` },
      { id: 'shift', title: t('s2.title'), text: t('s2.text'),
        formula: () => `m = \\max_j z_j = ${fmtTex(r().max)},\\quad \\frac{z - m}{T} = ${vecTex(r().shifted)}` },
      { id: 'exp', title: t('s3.title'), text: t('s3.text'),
        formula: () => `e_i = \\exp\\!\\left(\\frac{z_i - m}{T}\\right):\\quad e = ${vecTex(r().exps)}` },
      { id: 'sum', title: t('s4.title'), text: t('s4.text'),
        formula: () => `S = \\sum_j e_j = ${r().exps.map((x) => fmtTex(x)).join(' + ')} = ${fmtTex(r().sum)}` },
      { id: 'divide', title: t('s5.title'), text: t('s5.text'),
        formula: () => `p_i = \\frac{e_i}{S} = \\frac{\\exp(z_i/T)}{\\sum_j \\exp(z_j/T)}:\\quad p = ${vecTex(r().probs)},\\ \\sum_i p_i = ${fmtTex(r().probs.reduce((a, b) => a + b, 0), 12)}` },
      { id: 'jacobian', title: t('s6.title'), text: t('s6.text'),
        formula: () => `\\frac{\\partial p_i}{\\partial z_j} = \\frac{1}{T}\\,p_i(\\delta_{ij} - p_j),\\qquad J = \\frac{1}{T}\\left(\\operatorname{diag}(p) - p\\,p^\\top\\right)` },
    ],
    onStep: setStep,
  });

  // The right chart: p, then (z - m)/T, the e_i, the e_i with their sum S, p_i = e_i / S, the Jacobian's diagonal.
  function chart(id, z, res, J) {
    const n = z.length, arg = z.indexOf(Math.max(...z));
    const named = (name) => (i) => `${name}${sub(i + 1)}`;
    if (id === 'shift') return [res.shifted, { range: [Math.min(-1, ...res.shifted) * 1.1, 0], labels: (i) => `(z${sub(i + 1)}−m)/T`, highlight: [arg] }];
    if (id === 'exp') return [res.exps, { range: [0, 1], labels: named('e'), highlight: [arg] }];
    if (id === 'sum') return [[...res.exps, res.sum], { range: [0, res.sum * 1.12], labels: (i) => (i < n ? `e${sub(i + 1)}` : 'S'), highlight: [n], classes: (i) => (i === n ? 'bar-total' : '') }];
    if (id === 'divide') return [res.probs, { range: [0, 1], labels: named('p'), highlight: z.map((_, i) => i) }];
    if (id === 'jacobian' && J) {
      const d = J.map((row, i) => row[i]);
      return [d, { range: [0, Math.max(...d, 1e-12) * 1.12], labels: (i) => `∂p${sub(i + 1)}/∂z${sub(i + 1)}`, highlight: [d.indexOf(Math.max(...d))] }];
    }
    return [res.probs, { range: [0, 1], labels: named('p') }];
  }

  const el = h('div', { class: 'panel', 'data-ex': 'inputs' },
    h('div', { class: 'controls' }, zField.el, tSlider.el, presetOverflow, presetReset),
    err,
    h('div', { class: 'row sm-charts' },
      h('div', {}, h('h2', {}, t('logitsHeading')), logits.el, h('p', { class: 'note' }, t('dragHint'))),
      h('div', { class: 'sm-step-chart' }, stepHeading, probs.el)),
    // The steps right under the charts they redraw.
    player.el);

  return {
    el,
    reads: ['z', 'r', 'J', 'step'],
    draw(v, changed) {
      if (!changed || changed.has('z')) zField.set(v.z);
      if (error('r')) { showCoreError(err, t, error('r')); return; }
      err.textContent = '';
      err.hidden = true;
      const id = STEPS[player.index];
      const arg = v.z.indexOf(Math.max(...v.z));
      logits.set(v.z, { highlight: id === 'shift' ? [arg] : id === 'scores' ? v.z.map((_, i) => i) : [], range: [-6, 6] });
      stepHeading.textContent = t(id === 'scores' || (id === 'jacobian' && !v.J) ? 'probsHeading' : `stepChart.${id}`);
      probs.set(...chart(id, v.z, v.r, v.J));
      player.refresh();
    },
    destroy: () => player.destroy(),
  };
}
