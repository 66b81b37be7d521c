// Small inputs shared by the parts of the vectors lesson: a pair of number
// fields for a 2-vector, a size select and a seed field.
import { h, nextId } from '../../core/dom.js';
import { fmt } from '../../core/format.js';

const SUB = '₀₁₂₃₄₅₆₇₈₉';
export const sub = (k) => String(k).split('').map((d) => SUB[Number(d)]).join('');
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

export function sizeSelect({ label, value, min, max, onChange }) {
  const sel = h('select', {}, ...Array.from({ length: max - min + 1 }, (_, i) => min + i)
    .map((v) => h('option', { value: String(v), selected: v === value }, String(v))));
  sel.addEventListener('change', () => onChange(Number(sel.value)));
  return h('label', {}, label, sel);
}

// A seed field (integer 0..999999) with a "new numbers" button.
export function seedInput({ t, value, onChange }) {
  let seed = value;
  const input = h('input', { type: 'number', min: '0', max: '999999', step: '1', value: String(seed), class: 'seed' });
  input.addEventListener('change', () => {
    const v = Number(input.value);
    if (Number.isInteger(v) && v >= 0 && v <= 999999) { seed = v; onChange(seed); } else input.value = String(seed);
  });
  const again = h('button', { type: 'button', class: 'btn', onclick: () => { seed = (seed + 1) % 1000000; input.value = String(seed); onChange(seed); } }, t('common.randomize'));
  return { el: [h('label', {}, t('common.seed'), input), again] };
}
