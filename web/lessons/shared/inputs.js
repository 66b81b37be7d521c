// Inputs several lessons use: Q, K, V drawn from a seed, and a size picker.
import { h } from '../../ui/dom.js';
import { rng, randomMatrix } from '../../util/random.js';

export function seeded(seed, n, dk, dv) {
  const next = rng(seed);
  return { Q: randomMatrix(next, n, dk), K: randomMatrix(next, n, dk), V: randomMatrix(next, n, dv) };
}

export function sizeSelect(label, value, min, max, onChange) {
  const s = h('select', {}, ...Array.from({ length: max - min + 1 }, (_, i) => min + i)
    .map((v) => h('option', { value: String(v), selected: v === value }, String(v))));
  s.addEventListener('change', () => onChange(Number(s.value)));
  return h('label', {}, label, s);
}
