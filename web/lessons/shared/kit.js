// Small building blocks shared by the lessons: labelled controls, prose,
// an error slot, a guard that turns a failed computation into a
// message instead of a broken page, and a step player tied to panels.
import { h, nextId } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { parseMatrix } from '../../lib/parse-matrix.js';

export const prose = (...paras) => h('div', { class: 'prose' }, ...paras.map((p) => (typeof p === 'string' ? h('p', {}, p) : p)));

export function slider({ label, min, max, step, value, onInput, format = (v) => fmt(v, 3) }) {
  const id = nextId('sl');
  const out = h('output', { for: id }, format(value));
  const input = h('input', { id, type: 'range', min: String(min), max: String(max), step: String(step), value: String(value) });
  input.addEventListener('input', () => { const v = Number(input.value); out.textContent = format(v); onInput(v); });
  return { el: h('label', { for: id }, label, input, out), input, set(v) { input.value = String(v); out.textContent = format(v); } };
}

export function toggle({ label, checked, onChange }) {
  const input = h('input', { type: 'checkbox', checked: !!checked });
  input.addEventListener('change', () => onChange(input.checked));
  return { el: h('label', {}, input, label), input };
}

export function select({ label, options, value, onChange }) {
  const s = h('select', {}, ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  s.addEventListener('change', () => onChange(s.value));
  return { el: h('label', {}, label, s), select: s };
}

// A text field for a short vector ("2, 1, 0.1"); bad text marks the field.
export function vectorField({ label, value, t, maxLength = 8, onChange }) {
  const id = nextId('vf');
  const input = h('input', { id, type: 'text', value: value.join(', '), spellcheck: 'false', autocomplete: 'off', 'aria-describedby': `${id}-err`, class: 'vector-field' });
  const err = h('span', { class: 'field-error', id: `${id}-err`, 'aria-live': 'polite' });
  const commit = () => {
    const r = parseMatrix(input.value);
    let msg = '';
    if (!r.ok) msg = t('kit.badVector');
    else if (r.value.length !== 1 && r.value[0].length !== 1) msg = t('kit.notVector');
    else {
      const v = r.value.length === 1 ? r.value[0] : r.value.map((row) => row[0]);
      if (v.length > maxLength) msg = t('kit.tooLong', { n: maxLength });
      else { input.removeAttribute('aria-invalid'); err.textContent = ''; onChange(v); return; }
    }
    input.setAttribute('aria-invalid', 'true');
    err.textContent = msg;
  };
  input.addEventListener('change', commit);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') commit(); });
  return { el: h('span', { class: 'vector-field-wrap' }, h('label', { for: id }, label), ' ', input, ' ', err), set(v) { input.value = v.join(', '); } };
}

// Runs f(); on an Error shows its message in slot (an element) and returns null.
export function guard(slot, t, f) {
  try {
    const r = f();
    slot.textContent = '';
    slot.hidden = true;
    return r;
  } catch (e) {
    slot.hidden = false;
    slot.textContent = `${t('common.error')} ${e && e.message ? e.message : String(e)}`;
    return null;
  }
}

// The last result of a computation, kept while its key is unchanged (a
// sweep that the moved slider does not affect). A failed computation (null,
// or a throw) is not kept. cache.get(key, compute); cache.key: the kept key.
export function keyedCache() {
  const cache = {
    key: null,
    value: null,
    get(key, compute) {
      if (key !== cache.key) {
        cache.key = null;
        cache.value = compute();
        if (cache.value !== null && cache.value !== undefined) cache.key = key;
      }
      return cache.value;
    },
  };
  return cache;
}

// The step player of a lesson whose steps each explain one of its panels.
// parts: {part: [stepId, ...]} in step order; strings s.<id>.title and
// s.<id>.text. The current step's panel ([data-part] in root) is marked
// active on a step change, and by markActive() after the lesson redraws.
export function partStepPlayer({ ctx, root, parts, formula }) {
  const { t } = ctx;
  const steps = Object.entries(parts).flatMap(([part, ids]) => ids.map((id) => ({ id, part })));
  const player = createStepPlayer({
    t, initial: ctx.step,
    steps: steps.map(({ id }) => ({ id, title: t(`s.${id}.title`), text: t(`s.${id}.text`), formula: () => formula(id) })),
    onStep: (i) => { ctx.setStep(i); markActive(); },
  });
  function markActive() {
    const { part } = steps[player.index];
    for (const p of root.querySelectorAll('[data-part]')) p.classList.toggle('active', p.dataset.part === part);
  }
  return Object.assign(player, { markActive });
}

export const errorSlot = () => h('p', { class: 'error-box', role: 'alert', hidden: true });

export const vecTex = (v, digits = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, digits)).join(' & ')}\\end{bmatrix}`;
export const matTex = (m, digits = 3) => `\\begin{bmatrix}${m.map((r) => r.map((x) => fmtTex(x, digits)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
import { tex as fmtTex } from '../../core/format.js';
export { fmtTex };
