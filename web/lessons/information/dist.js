// Editing a probability distribution: bars that can be dragged (or moved
// with the arrow keys), where raising one probability takes the difference
// from the others in proportion, so the bars always show a distribution
// that sums to 1; and a text field for typing one (any non-negative
// numbers, divided by their total). These are the lesson's inputs; every
// quantity computed from them comes from the core.
import { sub } from '../../util/format.js';
import { h } from '../../ui/dom.js';
import { createBars } from '../../plots/bars.js';
import { vectorField } from '../shared/kit.js';

// Non-negative entries with a positive total, divided by that total; null
// if that is impossible (a negative or non-finite entry, or all zero).
export function normalize(v) {
  if (!v || !v.length || v.some((x) => !Number.isFinite(x) || x < 0 || x > 1e6)) return null;
  const total = v.reduce((a, b) => a + b, 0);
  return total > 0 ? v.map((x) => x / total) : null;
}

// p with p[i] set to x in [0, 1]; the other entries share 1 - x in the
// proportions they had (equally if they were all 0).
export function setEntry(p, i, x) {
  const xi = Math.min(1, Math.max(0, x));
  const rest = p.reduce((a, b, j) => (j === i ? a : a + b), 0);
  const others = p.length - 1;
  return p.map((pj, j) => (j === i ? xi : rest > 0 ? (pj * (1 - xi)) / rest : (1 - xi) / others));
}

// p resized to n entries (cut or padded with zeros), renormalized; uniform
// if nothing is left.
export function resize(p, n) {
  const v = Array.from({ length: n }, (_, i) => (i < p.length ? p[i] : 0));
  return normalize(v) || uniform(n);
}

export const uniform = (n) => Array.from({ length: n }, () => 1 / n);

// Bars + text field for a distribution named `name` ('P' or 'Q').
// onChange(p, {typed}) receives a normalized distribution.
export function createDistEditor({ t, name, className, onChange }) {
  const note = h('p', { class: 'field-error', 'aria-live': 'polite' });
  const bars = createBars({
    ariaLabel: t('distFigure', { name }), labels: (i) => `${name.toLowerCase()}${sub(i + 1)}`, editable: true, step: 0.05, min: 0, max: 1,
    color: `var(--c-${className})`, height: 170,
    onChange: (v, i) => onChange(setEntry(current, i, v[i]), { typed: false }),
  });
  const field = vectorField({
    label: t('distField', { name }), value: [], t, maxLength: 8,
    onChange: (v) => {
      const p = normalize(v);
      if (!p || p.length < 2) { note.textContent = t(p ? 'distTooShort' : 'distBad'); return; }
      note.textContent = '';
      onChange(p, { typed: true });
    },
  });
  let current = [];
  const el = h('div', { class: `info-dist ${className}` }, h('h3', { class: 'h-small' }, t('distHeading', { name })), bars.el, field.el, note);
  return {
    el,
    set(p) {
      current = p.slice();
      bars.set(p, { range: [0, 1] });
      field.set(p.map((x) => Number(x.toPrecision(4))));
    },
  };
}
