// The inputs of the svd lesson's attention parts: the sizes n, d_k, d_v and
// the seed Q, K, V are drawn from (model.js, as in the attention lesson),
// within the bounds of params.js.
import { h } from '../../ui/dom.js';
import { sizeSelect } from '../shared/inputs.js';
import PARAMS from './params.js';

const { n: N, dk: DK, dv: DV, seed: SEED } = PARAMS.params;

export function inputsSection({ t, values, set }) {
  const seedInput = h('input', { type: 'number', min: String(SEED.min), max: String(SEED.max), value: String(values.seed), class: 'seed' });
  seedInput.addEventListener('change', () => {
    const s = Number(seedInput.value);
    if (Number.isInteger(s) && s >= SEED.min && s <= SEED.max) set({ seed: s }); else seedInput.value = String(values.seed);
  });
  const randomize = h('button', { type: 'button', class: 'btn', onclick: () => {
    const seed = values.seed >= SEED.max ? SEED.min : values.seed + 1;
    seedInput.value = String(seed);
    set({ seed });
  } }, t('common.randomize'));
  const size = (label, name, spec) => sizeSelect(t(label), values[name], spec.min, spec.max, (v) => set({ [name]: v }));
  return {
    el: h('div', { class: 'panel' }, h('p', { class: 'note' }, t('inputsNote')),
      h('div', { class: 'controls sv-inputs' },
        size('nLabel', 'n', N), size('dkLabel', 'dk', DK), size('dvLabel', 'dv', DV),
        h('label', {}, t('common.seed'), seedInput), randomize)),
  };
}
