// Inputs of the attention lesson: sizes, seed, and the Q, K, V editors.
// Q, K, V come from the URL when valid and consistent, else from the seed.
import { h } from '../core/dom.js';
import { rng, randomMatrix } from '../core/random.js';
import { createMatrixEditor } from '../plots/matrix-editor.js';

export function initialInputs(values) {
  const { n, dk, dv, seed } = values;
  const fromSeed = seeded(seed, n, dk, dv);
  const ok = (m, r, c) => m && m.length === r && m[0].length === c;
  return {
    Q: ok(values.Q, n, dk) ? values.Q : fromSeed.Q,
    K: ok(values.K, n, dk) ? values.K : fromSeed.K,
    V: ok(values.V, n, dv) ? values.V : fromSeed.V,
  };
}

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

export function createEditors(t, onChange) {
  const tok = (i) => `${t('token')} ${i + 1}`;
  return {
    Q: createMatrixEditor({ label: t('Qlabel'), t, rowLabel: tok, onChange: (m) => onChange('Q', m) }),
    K: createMatrixEditor({ label: t('Klabel'), t, rowLabel: tok, onChange: (m) => onChange('K', m) }),
    V: createMatrixEditor({ label: t('Vlabel'), t, rowLabel: tok, onChange: (m) => onChange('V', m) }),
  };
}
