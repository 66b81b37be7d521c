// Controls of the optimization lesson: one card per method: on/off, colour
// key, and its hyper-parameters (learning rates as shared/rate-field.js).
import { h, nextId } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { slider } from '../shared/kit.js';
import { rateField } from '../shared/rate-field.js';

// One card per method. values: the lesson's values; onChange(patch).
export function methodCards({ t, values, bounds, onChange }) {
  const cards = {};
  const rate = (key) => rateField({ label: t('alpha'), value: values[key], min: bounds[key].min, max: bounds[key].max, t, onChange: (v) => onChange({ [key]: v }) });
  const lin = (key, label, max, step = 0.01) => slider({ label, min: 0, max, step, value: values[key], format: (v) => fmt(v, 4), onInput: (v) => onChange({ [key]: v }) });
  // beta2 lives close to 1: the slider moves -log10(1 - beta2) from 0.3 to 4.
  const beta2 = (() => {
    const id = nextId('b2');
    const out = h('output', { for: id });
    const input = h('input', { id, type: 'range', min: '30', max: '400', step: '1' });
    const show = (v) => { input.value = String(Math.round(-100 * Math.log10(Math.max(1e-4, 1 - v)))); out.textContent = fmt(v, 5); };
    input.addEventListener('input', () => {
      const v = Number((1 - 10 ** (-Number(input.value) / 100)).toFixed(input.value >= 300 ? 5 : 4));
      out.textContent = fmt(v, 5);
      onChange({ beta2: v });
    });
    show(values.beta2);
    return { el: h('label', { for: id }, 'β₂', input, out), set: show };
  })();
  const parts = {
    gd: { toggle: 'gd', rows: [rate('lr')] },
    momentum: { toggle: 'mom', rows: [rate('lrm'), lin('beta', 'β', 0.99)] },
    adam: { toggle: 'adam', rows: [rate('lra'), lin('beta1', 'β₁', 0.99), beta2] },
  };
  const el = h('div', { class: 'opt-cards' });
  for (const [m, p] of Object.entries(parts)) {
    const box = h('input', { type: 'checkbox', checked: values[p.toggle] });
    box.addEventListener('change', () => onChange({ [p.toggle]: box.checked }));
    const card = h('fieldset', { class: `opt-card m-${m}` },
      h('legend', {}, h('label', {}, box, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t(`m.${m}.name`))),
      h('p', { class: 'opt-rule' }, t(`m.${m}.rule`)),
      ...p.rows.map((r) => r.el));
    cards[m] = { box, rows: p.rows };
    el.appendChild(card);
  }
  // Reflect values changed elsewhere (presets, the momentum map).
  function set(v) {
    for (const [m, p] of Object.entries(parts)) cards[m].box.checked = v[p.toggle];
    parts.gd.rows[0].set(v.lr);
    parts.momentum.rows[0].set(v.lrm);
    parts.momentum.rows[1].set(v.beta);
    parts.adam.rows[0].set(v.lra);
    parts.adam.rows[1].set(v.beta1);
    beta2.set(v.beta2);
  }
  return { el, set };
}
