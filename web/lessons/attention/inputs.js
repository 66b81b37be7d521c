// Inputs of the attention lesson: Q, K, V from the URL or the seed, and their editors.
// Q, K, V come from the URL when valid and consistent, else from the seed.
import { seeded } from '../shared/inputs.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import schema from './params.js';

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

export function createEditors(t, onChange) {
  const tok = (i) => `${t('token')} ${i + 1}`;
  return {
    Q: createMatrixEditor({ label: t('Qlabel'), t, rowLabel: tok, spec: schema.params.Q, onChange: (m) => onChange('Q', m) }),
    K: createMatrixEditor({ label: t('Klabel'), t, rowLabel: tok, spec: schema.params.K, onChange: (m) => onChange('K', m) }),
    V: createMatrixEditor({ label: t('Vlabel'), t, rowLabel: tok, spec: schema.params.V, onChange: (m) => onChange('V', m) }),
  };
}
