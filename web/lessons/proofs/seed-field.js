// A seed field (an integer within the spec's bounds, params.js): a number
// outside them, or not a whole number, puts the current seed back.
import { h } from '../../ui/dom.js';

export function seedField({ t, value, spec, onChange }) {
  const input = h('input', { type: 'number', min: String(spec.min), max: String(spec.max), class: 'seed', 'aria-label': t('common.seed') });
  let cur = value;
  input.value = String(cur);
  input.addEventListener('change', () => {
    const s = Number(input.value);
    if (Number.isInteger(s) && s >= spec.min && s <= spec.max) onChange(s); else input.value = String(cur);
  });
  return { el: h('label', {}, t('common.seed'), input), set(s) { cur = s; input.value = String(s); } };
}
