// A learning rate as a logarithmic slider plus a field where any value can
// be typed (checked against the parameter's bounds, with a message instead
// of a silent clamp). Used by the optimization and regression lessons.
import { h, nextId } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { parseNumber } from '../../lib/parse-matrix.js';

const sig3 = (v) => Number(v.toPrecision(3));

// label, value, min, max: the parameter's bounds. onChange(v) only with valid values.
export function rateField({ label, value, min, max, t, onChange }) {
  const id = nextId('rate');
  const lo = Math.ceil(100 * Math.log10(min)), hi = Math.floor(100 * Math.log10(max));
  const range = h('input', { type: 'range', min: String(lo), max: String(hi), step: '1', 'aria-label': label, class: 'rate-range' });
  const text = h('input', { id, type: 'text', inputmode: 'decimal', spellcheck: 'false', autocomplete: 'off', class: 'rate-text', 'aria-describedby': `${id}-err` });
  const err = h('span', { class: 'field-error', id: `${id}-err`, 'aria-live': 'polite' });
  const show = (v) => {
    range.value = String(Math.round(100 * Math.log10(v)));
    text.value = fmt(v, 4).replace('−', '-');
  };
  range.addEventListener('input', () => {
    const v = Math.min(max, Math.max(min, sig3(10 ** (Number(range.value) / 100))));
    text.value = fmt(v, 4);
    clearError();
    onChange(v);
  });
  const clearError = () => { text.removeAttribute('aria-invalid'); err.textContent = ''; };
  const commit = () => {
    const r = parseNumber(text.value);
    let msg = '';
    if (!r.ok) msg = t('field.notNumber', { text: text.value.slice(0, 24) });
    else if (!(r.value >= min && r.value <= max)) msg = t('field.range', { name: label, min: fmt(min), max: fmt(max) });
    if (msg) { text.setAttribute('aria-invalid', 'true'); err.textContent = msg; return; }
    clearError();
    range.value = String(Math.round(100 * Math.log10(r.value)));
    onChange(r.value);
  };
  text.addEventListener('change', commit);
  text.addEventListener('keydown', (e) => { if (e.key === 'Enter') commit(); });
  show(value);
  const el = h('span', { class: 'rate-field' }, h('label', { for: id }, label), range, text, err);
  return { el, set: (v) => { show(v); clearError(); } };
}
