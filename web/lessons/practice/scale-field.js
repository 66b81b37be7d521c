// The custom scale c: a text field (empty = 1/sqrt(d_k)), checked against
// params.js's bounds; a wrong entry is said and the scale in use is kept.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { parseNumber } from '../../lib/parse-matrix.js';
import schema from './params.js';

export function createScaleField({ t, value, onChange }) {
  const spec = schema.params.scale;
  const id = 'practice-scale';
  const input = h('input', { id, type: 'text', inputmode: 'decimal', class: 'pr-scale', spellcheck: 'false', autocomplete: 'off',
    placeholder: t('scalePlaceholder'), 'aria-describedby': `${id}-hint ${id}-err` });
  input.value = value === null ? '' : String(value);
  const err = h('span', { class: 'field-error', id: `${id}-err`, 'aria-live': 'polite' });
  const hint = h('span', { class: 'note', id: `${id}-hint` }, t('scaleHint'));
  let current = value, timer = null;

  // The entry's value (null when empty), or the sentence that refuses it.
  function read(text) {
    if (text === '') return { value: null };
    const r = parseNumber(text);
    if (!r.ok) return { msg: t('scaleBad', { text: text.slice(0, 24) }) };
    if (!(r.value > 0)) return { msg: t('scalePositive') };
    if (r.value < spec.min || r.value > spec.max) return { msg: t('scaleRange', { min: fmt(spec.min, 6), max: fmt(spec.max, 6) }) };
    return { value: r.value };
  }

  function commit() {
    clearTimeout(timer);
    const r = read(input.value.trim());
    if (r.msg) {
      input.setAttribute('aria-invalid', 'true');
      err.textContent = r.msg + t('sep') + t('scaleKeep');
      return;
    }
    input.removeAttribute('aria-invalid');
    err.textContent = '';
    if (r.value === current) return;
    current = r.value;
    onChange(current);
  }
  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(commit, 400); });
  input.addEventListener('change', commit);

  return {
    el: h('span', { class: 'pr-scale-wrap' }, h('label', { for: id }, t('scaleLabel')), input, hint, err),
    destroy() { clearTimeout(timer); },
  };
}
