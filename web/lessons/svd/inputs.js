// Shared inputs of the svd lesson's attention parts: Q, K, V drawn from a
// seed exactly as in the attention lesson (seeded(seed, n, dk, dv)), with
// the sizes and seed as URL parameters. Parts subscribe with onChange.
import { h } from '../../core/dom.js';
import { seeded, sizeSelect } from '../shared/inputs.js';

export function createSvdInputs(ctx) {
  const { t } = ctx;
  let { n, dk, dv, seed } = ctx.values;
  let qkv = seeded(seed, n, dk, dv);
  const listeners = [];

  const seedInput = h('input', { type: 'number', min: '0', max: '999999', value: String(seed), class: 'seed' });
  seedInput.addEventListener('change', () => {
    const s = Number(seedInput.value);
    if (Number.isInteger(s) && s >= 0 && s <= 999999) { seed = s; regenerate(); } else seedInput.value = String(seed);
  });
  const randomize = h('button', { type: 'button', class: 'btn', onclick: () => { seed = (seed + 1) % 1000000; seedInput.value = String(seed); regenerate(); } }, t('common.randomize'));

  const el = h('div', { class: 'controls sv-inputs' },
    sizeSelect(t('nLabel'), n, 2, 8, (v) => { n = v; regenerate(); }),
    sizeSelect(t('dkLabel'), dk, 1, 8, (v) => { dk = v; regenerate(); }),
    sizeSelect(t('dvLabel'), dv, 1, 8, (v) => { dv = v; regenerate(); }),
    h('label', {}, t('common.seed'), seedInput), randomize);

  function regenerate() {
    qkv = seeded(seed, n, dk, dv);
    ctx.setValues({ n, dk, dv, seed });
    for (const f of listeners) f();
  }

  return {
    el,
    get n() { return n; },
    get seed() { return seed; },
    get Q() { return qkv.Q; },
    get K() { return qkv.K; },
    get V() { return qkv.V; },
    onChange(f) { listeners.push(f); },
  };
}
