// Small building blocks shared by the lessons: labelled controls, prose,
// an error slot, a guard that turns a failed computation into a
// message instead of a broken page, and a step player tied to panels.
import { h, nextId } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { parseMatrix, decimalCommaNote, MAX_CHARS } from '../../lib/parse-matrix.js';
import { checkNumber } from '../../state/schema.js';

export const prose = (...paras) => h('div', { class: 'prose' }, ...paras.map((p) => (typeof p === 'string' ? h('p', {}, rich(p)) : p)));

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

// Refuses a paste longer than the parser takes before the browser inserts it
// (a 10 MB paste took 1-2 s to land, only to be refused); says so in show(msg).
export function refuseLongPaste(field, t, show, limit = MAX_CHARS) {
  field.addEventListener('paste', (e) => {
    const text = e.clipboardData ? e.clipboardData.getData('text') : '';
    if (text.length + field.value.length > limit) {
      e.preventDefault();
      field.setAttribute('aria-invalid', 'true');
      show(t('kit.pasteTooLong', { n: limit }));
    }
  });
}

// A text field for a short vector ("2, 1, 0.1"); bad text marks the field.
// spec (the lesson's URL schema entry {minLength, maxLength, min, max}): the
// field accepts exactly what a link accepts, and says which entry is out.
// A comma that may be a decimal comma ("1,5") is read as a separator, and a
// note says so.
export function vectorField({ label, value, t, maxLength = 8, spec = null, onChange }) {
  const id = nextId('vf');
  const input = h('input', { id, type: 'text', value: value.join(', '), spellcheck: 'false', autocomplete: 'off', 'aria-describedby': `${id}-err`, class: 'vector-field' });
  const err = h('span', { class: 'field-error', id: `${id}-err`, 'aria-live': 'polite' });
  const note = h('span', { class: 'field-note', 'aria-live': 'polite' });
  const maxLen = spec && spec.maxLength ? Math.min(maxLength, spec.maxLength) : maxLength;
  const minLen = (spec && spec.minLength) || 1;
  const commit = () => {
    const r = parseMatrix(input.value);
    let msg = '';
    note.textContent = '';
    if (!r.ok) msg = t('kit.badVector');
    else if (r.value.length !== 1 && r.value[0].length !== 1) msg = t('kit.notVector');
    else {
      const v = r.value.length === 1 ? r.value[0] : r.value.map((row) => row[0]);
      const bad = spec ? v.findIndex((x) => checkNumber(x, spec).error) : -1;
      if (v.length > maxLen) msg = t('kit.tooLong', { n: maxLen });
      else if (v.length < minLen) msg = t('kit.tooShort', { n: minLen });
      else if (bad >= 0) msg = t('kit.outOfRange', { i: bad + 1, value: fmt(v[bad], 6), min: fmt(spec.min, 6), max: fmt(spec.max, 6) });
      else {
        input.removeAttribute('aria-invalid');
        err.textContent = '';
        const dc = decimalCommaNote(input.value);
        if (dc && v.length === 2) note.textContent = t('kit.decimalComma', { a: fmt(v[0], 6), b: fmt(v[1], 6), example: dc.example });
        onChange(v);
        return;
      }
    }
    input.setAttribute('aria-invalid', 'true');
    err.textContent = msg;
  };
  input.addEventListener('change', commit);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') commit(); });
  refuseLongPaste(input, t, (m) => { err.textContent = m; });
  return { el: h('span', { class: 'vector-field-wrap' }, h('label', { for: id }, label), ' ', input, ' ', err, note), set(v) { input.value = v.join(', '); note.textContent = ''; } };
}

// A core error in the page's language: {text, detail}. text is a sentence
// for the messages a learner can cause (positions counted from 1, as the
// editors show them), detail the core's English message, for course
// authors. Errors about the engine itself ({code: 'engine'}) have no text:
// the shell shows its own notice for them.
const CORE_MESSAGES = [
  [/^\w+: (\S+) has (\d+) columns but (\S+) has (\d+)/, 'cols', (m) => ({ a: m[1], n: m[2], b: m[3], m: m[4] })],
  [/^\w+: (\S+) has (\d+) rows but (\S+) has (\d+)/, 'rows', (m) => ({ a: m[1], n: m[2], b: m[3], m: m[4] })],
  [/^\w+: (\S+) has (\d+) entries but (\S+) has (\d+)/, 'lengths', (m) => ({ a: m[1], n: m[2], b: m[3], m: m[4] })],
  [/^\w+: (\S+) has a negative entry \((\S+)\) at \((\d+), (\d+)\)/, 'negativeAt', (m) => ({ name: m[1], value: m[2], row: +m[3] + 1, col: +m[4] + 1 })],
  [/^\w+: (\S+) has a negative entry \((\S+)\) at index (\d+)/, 'negative', (m) => ({ name: m[1], value: m[2], i: +m[3] + 1 })],
  [/^\w+: (\S+) sums to (\S+), not 1/, 'sum', (m) => ({ name: m[1], s: m[2] })],
  [/non-finite|must be a finite number/, 'nonFinite', () => ({})],
  [/overflows/, 'overflow', () => ({})],
  [/out of memory|larger than the limit|more than the limit/, 'tooLarge', () => ({})],
  [/has nothing to attend to/, 'nothingToAttend', () => ({})],
];
export function coreMessage(e, t) {
  const detail = e && e.message ? e.message : String(e);
  if (e && e.code === 'engine') return { text: '', detail: '' };
  if (!/^[a-z][A-Za-z0-9]*: /.test(detail)) return { text: detail, detail: '' };  // a lesson's own, translated message
  for (const [re, key, vars] of CORE_MESSAGES) {
    const m = re.exec(detail);
    if (m) return { text: t(`kit.err.${key}`, vars(m)), detail };
  }
  return { text: t('kit.err.other'), detail };
}

// Fills slot with a core error: the translated sentence, then the core's
// message on a line of its own (lang="en": it is English on every page).
export function showCoreError(slot, t, e) {
  const { text, detail } = coreMessage(e, t);
  slot.textContent = '';
  if (!text) { slot.hidden = true; return; }
  slot.hidden = false;
  slot.append(h('span', {}, `${t('common.error')} ${text}`));
  if (detail && detail !== text) slot.append(h('span', { class: 'error-detail', lang: 'en' }, detail));
}

// Runs f(); on an Error shows its message in slot (an element) and returns null.
export function guard(slot, t, f) {
  try {
    const r = f();
    slot.textContent = '';
    slot.hidden = true;
    return r;
  } catch (e) {
    showCoreError(slot, t, e);
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
// active on a step change, and by markActive() after the lesson redraws;
// inside it, the figures a step is about (data-hl="<stepId> ...") are
// highlighted (class step-hl), so that two steps on one panel differ in the
// picture too. A step the learner moves to scrolls its panel into view.
export function partStepPlayer({ ctx, root, parts, formula }) {
  const { t } = ctx;
  const steps = Object.entries(parts).flatMap(([part, ids]) => ids.map((id) => ({ id, part })));
  const player = createStepPlayer({
    t, initial: ctx.step,
    steps: steps.map(({ id }) => ({ id, title: t(`s.${id}.title`), text: t(`s.${id}.text`), formula: () => formula(id) })),
    onStep: (i) => { ctx.setStep(i); markActive(); reveal(); },
  });
  function markActive() {
    const { part, id } = steps[player.index];
    for (const p of root.querySelectorAll('[data-part]')) p.classList.toggle('active', p.dataset.part === part);
    markSteps(root, id);
  }
  // The active panel (its first highlighted figure, if any) scrolled into
  // view when it is off screen: the player stands beside the lesson's
  // figures (besidePlayer), the step brings the right one next to it.
  function reveal() {
    const { part } = steps[player.index];
    const panel = root.querySelector(`[data-part="${part}"]`);
    if (panel) revealFigure(panel.querySelector('.step-hl') || panel);
  }
  return Object.assign(player, { markActive });
}

// Scrolls target (the figure a step is about) into view when its top is off
// screen; smooth unless the learner asked for reduced motion. Returns
// whether it scrolled.
export function revealFigure(target) {
  if (!target || !target.getBoundingClientRect) return false;
  const r = target.getBoundingClientRect();
  const vh = window.innerHeight || document.documentElement.clientHeight;
  // In view: wholly, or its top in the upper part of the screen (a panel starting low down showed
  // its header and three rows at step 5, the row the step is about below the screen).
  if (r.top >= 0 && (r.bottom <= vh || r.top < vh * 0.3)) return false;
  const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  return true;
}

// Highlights (class step-hl) the figures in root that step id is about:
// those whose data-hl lists it (data-hl="kl asym").
export function markSteps(root, id) {
  for (const f of root.querySelectorAll('[data-hl]')) f.classList.toggle('step-hl', f.dataset.hl.split(' ').includes(id));
}

// The lesson's content with its step player beside it: two columns at
// desktop width, the player sticky in the side one, so it stays next to the
// figure the current step is about; stacked (player first) on a phone.
// heading: a title above the player (an element), or null.
export function besidePlayer(player, heading, ...content) {
  return h('div', { class: 'beside-player' },
    h('div', { class: 'beside-main' }, ...content),
    h('aside', { class: 'beside-side', 'aria-label': player.el.getAttribute('aria-label') }, h('div', { class: 'beside-sticky' }, heading, player.el)));
}

export const errorSlot = () => h('p', { class: 'error-box', role: 'alert', hidden: true });

export const vecTex = (v, digits = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, digits)).join(' & ')}\\end{bmatrix}`;
export const matTex = (m, digits = 3) => `\\begin{bmatrix}${m.map((r) => r.map((x) => fmtTex(x, digits)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
import { tex as fmtTex } from '../../util/format.js';
export { fmtTex };
