// Controls of the optimization lesson: one card per method: on/off, colour
// key, and its hyper-parameters (learning rates as shared/rate-field.js).
import { h, nextId } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { rateField } from '../shared/rate-field.js';
import PARAMS from './params.js';
import { METHODS, TOGGLE, LR } from './problems.js';

// beta2 lives close to 1: the slider moves -log10(1 - beta2) from 0.3 to 4.
function beta2Slider(value, onChange) {
  const id = nextId('b2');
  const out = h('output', { for: id });
  const input = h('input', { id, type: 'range', min: '30', max: '400', step: '1' });
  const show = (v) => { input.value = String(Math.round(-100 * Math.log10(Math.max(1e-4, 1 - v)))); out.textContent = fmt(v, 5); };
  input.addEventListener('input', () => {
    const v = Number((1 - 10 ** (-Number(input.value) / 100)).toFixed(input.value >= 300 ? 5 : 4));
    out.textContent = fmt(v, 5);
    onChange(v);
  });
  show(value);
  return { el: h('label', { for: id }, 'β₂', input, out), set: show };
}

// One card per method, its controls in step with the lesson's values both ways.
export function methodCards({ t, values, set, control, watch }) {
  // A control the learner moves sets its value; a value set elsewhere
  // (presets, the momentum map) moves the control, and leaves alone a field
  // the learner is typing in.
  const bound = (name, make) => {
    let own;
    const c = make((v) => { own = v; set({ [name]: v }); });
    watch([name], () => { if (values[name] !== own) c.set(values[name]); own = undefined; });
    return c;
  };
  const rate = (m) => bound(LR[m], (onChange) => rateField({ label: t('alpha'), value: values[LR[m]], min: PARAMS.params[LR[m]].min, max: PARAMS.params[LR[m]].max, t, onChange }));
  const beta = (name, label) => control(name, { label, format: (v) => fmt(v, 4) });
  const rows = {
    gd: [rate('gd')],
    momentum: [rate('momentum'), beta('beta', 'β')],
    adam: [rate('adam'), beta('beta1', 'β₁'), bound('beta2', (onChange) => beta2Slider(values.beta2, onChange))],
  };
  const boxes = {};
  const el = h('div', { class: 'opt-cards' }, ...METHODS.map((m) => {
    const box = h('input', { type: 'checkbox', checked: values[TOGGLE[m]] });
    box.addEventListener('change', () => set({ [TOGGLE[m]]: box.checked }));
    boxes[m] = box;
    return h('fieldset', { class: `opt-card m-${m}` },
      h('legend', {}, h('label', {}, box, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t(`m.${m}.name`))),
      h('p', { class: 'opt-rule' }, t(`m.${m}.rule`)),
      ...rows[m].map((r) => r.el));
  }));
  watch(Object.values(TOGGLE), () => { for (const m of METHODS) boxes[m].checked = values[TOGGLE[m]]; });
  return el;
}
