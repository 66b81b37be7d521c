// The typed inputs of the attention lesson (src 'numbers'): sizes (their
// <label>s, each holding its <select>), seed, and the Q, K, V editors.
import { h } from '../../ui/dom.js';
import { seeded, sizeSelect } from '../shared/inputs.js';
import { createEditors, resized, tokenWord } from './inputs.js';
import schema from './params.js';

const { n: N, dk: DK, dv: DV, seed: SEED } = schema.params;

// apply(patch, focus): a change of the inputs; refocus(i): the cell
// explained for query i; num: the numbers at the start.
export function numbersPart({ t, values, apply, refocus, num }) {
  const word = (i) => tokenWord(values, t, i);
  const editors = createEditors(t, word, (name, m) => apply({ num: { ...values.num, [name]: m } }));
  const seedInput = h('input', { type: 'number', min: String(SEED.min), max: String(SEED.max), value: String(values.seed), 'aria-label': t('common.seed'), class: 'seed' });
  // A new seed: new numbers at the current sizes.
  const regenerate = (seed) => {
    seedInput.value = String(seed);
    apply({ seed, num: seeded(seed, values.num.Q.length, values.num.Q[0].length, values.num.V[0].length) }, refocus(0));
  };
  seedInput.addEventListener('change', () => {
    const s = Number(seedInput.value);
    if (Number.isInteger(s) && s >= SEED.min && s <= SEED.max) regenerate(s); else seedInput.value = String(values.seed);
  });
  const randomize = h('button', { type: 'button', class: 'btn', onclick: () => regenerate((values.seed + 1) % (SEED.max + 1)) }, t('common.randomize'));
  const size = (label, name, spec, k) => sizeSelect(t(label), k, spec.min, spec.max, (v) => apply({ num: resized(values.num, values.seed, { [name]: v }) }));
  const sizes = {
    n: size('nLabel', 'n', N, num.Q.length), dk: size('dkLabel', 'dk', DK, num.Q[0].length), dv: size('dvLabel', 'dv', DV, num.V[0].length),
  };

  const el = h('div', { class: 'numbers-part' },
    h('div', { class: 'controls' }, sizes.n, sizes.dk, sizes.dv, h('label', {}, t('common.seed'), seedInput), randomize),
    h('p', { class: 'note' }, t('editHint')),
    h('div', { class: 'row' }, editors.Q.el, editors.K.el, editors.V.el));
  const draw = (m) => {
    editors.Q.set(m.Q); editors.K.set(m.K); editors.V.set(m.V);
    const now = { n: m.Q.length, dk: m.Q[0].length, dv: m.V[0].length };
    for (const [k, v] of Object.entries(now)) sizes[k].querySelector('select').value = String(v);
  };
  return { el, draw };
}
