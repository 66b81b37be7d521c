// A seed field for an integer parameter of params.js (seed, kseed): a
// number box that writes a whole number within the parameter's bounds and
// puts back the value in use otherwise; it follows the value when it is
// changed elsewhere (Randomize, a link).
import { h, nextId } from '../../ui/dom.js';
import schema from './params.js';

export function seedInput({ name, t, values, set, watch }) {
  const { min, max } = schema.params[name];
  const id = nextId('seed');
  const input = h('input', { id, type: 'number', min: String(min), max: String(max), value: String(values[name]), class: 'seed' });
  input.addEventListener('change', () => {
    const s = Number(input.value);
    if (Number.isInteger(s) && s >= min && s <= max) set({ [name]: s }); else input.value = String(values[name]);
  });
  watch([name], () => { input.value = String(values[name]); });
  return { label: h('label', { for: id }, t('common.seed')), input };
}
