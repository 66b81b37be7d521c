// Small inputs of the vectors lesson: a pair of number fields for a
// 2-vector, a number field, and a seed field. Their bounds come from the
// lesson's params.js entry (spec), so a field accepts what a link accepts.
import { h, nextId } from '../../ui/dom.js';
import { fmt, sub } from '../../util/format.js';

export const pairText = (w) => `(${w.map((x) => fmt(x, 4)).join(', ')})`;

// Two number fields for [w1, w2] in [-lim, lim]; out-of-range input is
// clamped, text that is not a number marks the field and is not used.
export function pairInput({ label, name, value, lim, step = 0.1, t, onChange }) {
  const errId = nextId('pair');
  const err = h('span', { class: 'field-error', id: errId, 'aria-live': 'polite' });
  let cur = value.slice();
  const inputs = [0, 1].map((i) => {
    const input = h('input', {
      type: 'number', step: String(step), min: String(-lim), max: String(lim), value: String(cur[i]),
      class: 'pair-field', 'aria-label': `${name}${sub(i + 1)}`, 'aria-describedby': errId,
    });
    input.addEventListener('change', () => {
      const x = input.value.trim() === '' ? NaN : Number(input.value);
      if (!Number.isFinite(x)) {
        input.setAttribute('aria-invalid', 'true');
        err.textContent = t('badNumber', { lim: fmt(lim) });
        return;
      }
      input.removeAttribute('aria-invalid');
      err.textContent = '';
      const next = cur.slice();
      next[i] = Math.max(-lim, Math.min(lim, x));
      if (next[i] !== x) input.value = String(next[i]);
      onChange(next);
    });
    return input;
  });
  const el = h('fieldset', { class: 'pair' }, h('legend', {}, label), inputs[0], inputs[1], err);
  return {
    el,
    set(w) {
      cur = w.slice();
      inputs.forEach((input, i) => { if (document.activeElement !== input) input.value = String(w[i]); input.removeAttribute('aria-invalid'); });
      err.textContent = '';
    },
  };
}

// A number field clamped to the spec's bounds; text that is not a number
// puts the last good value back.
export function numberInput({ label, value, spec, onChange }) {
  let cur = value;
  const input = h('input', { type: 'number', min: String(spec.min), max: String(spec.max), step: String(spec.step), value: String(cur), class: 'seed' });
  input.addEventListener('change', () => {
    const v = Number(input.value);
    if (input.value.trim() !== '' && Number.isFinite(v)) { cur = Math.max(spec.min, Math.min(spec.max, v)); input.value = String(cur); onChange(cur); } else input.value = String(cur);
  });
  return h('label', {}, label, input);
}

// A seed field (an integer within the spec's bounds) with a "new numbers" button.
export function seedInput({ t, value, spec, onChange }) {
  let seed = value;
  const input = h('input', { type: 'number', min: String(spec.min), max: String(spec.max), step: '1', value: String(seed), class: 'seed' });
  input.addEventListener('change', () => {
    const v = Number(input.value);
    if (Number.isInteger(v) && v >= spec.min && v <= spec.max) { seed = v; onChange(seed); } else input.value = String(seed);
  });
  const again = h('button', { type: 'button', class: 'btn', onclick: () => { seed = seed < spec.max ? seed + 1 : spec.min; input.value = String(seed); onChange(seed); } }, t('common.randomize'));
  return { el: [h('label', {}, t('common.seed'), input), again] };
}
