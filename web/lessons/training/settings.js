// The run's settings: the optimizer (each with its own default rate), the
// learning rate (shared/rate-field.js: a log slider and a typed value), the
// number of updates and the seed of the initial weights.
import { h, nextId } from '../../ui/dom.js';
import { rateField } from '../shared/rate-field.js';
import schema from './params.js';
import { DEFAULT_LR } from './run.js';

const P = schema.params;

export function runSettings({ t, values, set, control, watch }) {
  const method = control('method', { label: t('method'), options: ['gd', 'momentum', 'adam'].map((m) => [m, t(`m.${m}`)]) });
  // A method picked comes with its own rate.
  method.select.addEventListener('change', () => set({ lr: DEFAULT_LR[values.method] }));
  // The field shows a rate set elsewhere, and leaves alone the one the learner typed.
  let typed;
  const lr = rateField({ label: t('lr'), value: values.lr, min: P.lr.min, max: P.lr.max, t, onChange: (x) => { typed = x; set({ lr: x }); } });
  watch(['lr'], () => { if (values.lr !== typed) lr.set(values.lr); typed = undefined; });
  const steps = control('steps', { label: t('steps'), format: String });

  const seedId = nextId('tr-seed');
  const seedIn = h('input', { id: seedId, type: 'number', min: String(P.seed.min), max: String(P.seed.max), value: String(values.seed), class: 'seed' });
  const valid = (s) => Number.isInteger(s) && s >= P.seed.min && s <= P.seed.max;
  seedIn.addEventListener('change', () => {
    const s = Number(seedIn.value);
    if (valid(s)) set({ seed: s }); else seedIn.value = String(values.seed);
  });
  const reseed = h('button', { type: 'button', class: 'btn btn-small', onclick: () => set({ seed: (values.seed + 1) % (P.seed.max + 1) }) }, t('common.randomize'));
  watch(['seed'], () => { seedIn.value = String(values.seed); });

  return h('div', { class: 'controls' }, method.el, lr.el, steps.el,
    h('span', { class: 'tr-seed' }, h('label', { for: seedId }, t('common.seed')), ' ', seedIn, ' ', reseed));
}
