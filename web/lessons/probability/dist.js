// Part 1 of the probability lesson: a discrete distribution the learner
// edits (values and probabilities typed, or the bars dragged), its mean and
// its variance computed both ways by the core (the derived `dist`,
// moments.js), shown on a number line as a balance point and a spread.
// Probabilities that do not add up to 1 are renormalized with a visible
// note, unless the learner switches that off: then they go to the core as
// typed and its error is shown.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createDragBars } from '../../plots/drag-bars.js';
import { createNumberLine, fmtLong } from '../../plots/number-line.js';
import { vectorField } from '../shared/kit.js';
import { renormNote } from './renorm-note.js';
import { padTo, setOne, within } from './norm.js';
import { DSTEPS, momentsFormula } from './moments.js';
import schema from './params.js';

const OFFSET = 1e8;
const PRESETS = {
  loaded: { x: [1, 2, 3, 4], p: [0.1, 0.2, 0.3, 0.4] },
  coin: { x: [0, 1], p: [0.5, 0.5] },
  die: { x: [1, 2, 3, 4, 5, 6], p: [1, 1, 1, 1, 1, 1] },
  offset: { x: [1, 2, 3, 4].map((k) => OFFSET + k), p: [0.1, 0.2, 0.3, 0.4] },
};
const SUB = '₀₁₂₃₄₅₆₇₈₉';
const CARDS = ['mean', 'central', 'shortcut', 'diff', 'sd'];

export function distSection({ lab, t, values, set, control, error, watch, setStep, initialStep }) {
  // An edit writes x, p (as entered; w in the store) and renorm together.
  const save = (patch) => set({ x: values.x, p: values.w, renorm: values.renorm, ...patch });
  const renorm = control('renorm', { label: t('renormLabel') });
  const stopRenorm = watch(['renorm'], () => save({}));
  const xField = vectorField({ label: t('xLabel'), value: values.x, t, spec: schema.params.x, onChange: (v) => {
    const x = within(v, schema.params.x, xField);
    const p = padTo(x, values.w);
    if (p.length !== values.w.length) pField.set(p);
    save({ x, p });
  } });
  const pField = vectorField({ label: t('pLabel'), value: values.w, t, spec: schema.params.p, onChange: (v) => save({ p: within(v, schema.params.p, pField), typedP: true }) });
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, d]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => {
      xField.set(d.x); pField.set(d.p); save({ x: d.x.slice(), p: d.p.slice() });
    } }, t(`dpreset.${k}`))));
  const bars = createDragBars({
    ariaLabel: t('barsFigure'), labels: (i) => (Math.abs(values.x[i]) < 1e4 ? `x = ${fmt(values.x[i], 4)}` : `x${SUB[i + 1]}`),
    valueText: (i, v) => fmt(v, 3), min: 0, max: 1, step: 0.01, bigStep: 0.1, height: 220,
    onChange: (i, q) => { if (!values.dist) return; const p = setOne(lab, values.dist.p, i, q); pField.set(p); save({ p }); },
  });
  const line = createNumberLine({ ariaLabel: t('lineFigure'), labels: { mean: 'E[X]', sd: '±σ' } });
  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerMoments' : k, v), initial: initialStep,
    steps: DSTEPS.map((id) => ({ id, title: t(`ds.${id}.title`), text: t(`ds.${id}.text`), formula: () => (values.dist ? momentsFormula(id, values.dist) : '') })),
    onStep: setStep,
  });

  const status = renormNote(t, 'renormNote');
  const cards = Object.fromEntries(CARDS.map((key) => [key, h('dd', {})]));
  const cardEls = Object.fromEntries(CARDS.map((key) => [key, h('div', {}, h('dt', {}, t(`card.${key}`)), cards[key])]));
  const check = h('p', { class: 'check' });
  const el = h('div', { class: 'panel', 'data-ex': 'dist' },
    h('div', { class: 'controls pb-fields' }, xField.el, pField.el),
    h('div', { class: 'controls' }, renorm.el),
    presets, status.note, status.err,
    h('div', { class: 'pb-figs' },
      h('div', { class: 'pb-fig' }, h('h3', { class: 'h-small' }, t('barsHeading')), bars.el, h('p', { class: 'note pointer-hint' }, t('barsHint'))),
      h('div', { class: 'pb-fig' }, h('h3', { class: 'h-small' }, t('lineHeading')), line.el, h('p', { class: 'note' }, t('lineHint')))),
    player.el,
    h('dl', { class: 'pb-cards' }, ...Object.values(cardEls)), check);

  // The note, the error and the cards: what the core made of the inputs.
  function showResult({ norm, dist }) {
    if (status.show(norm, error('norm'), error('dist'))) {
      for (const c of Object.values(cards)) c.textContent = '—';
      check.textContent = '';
      return;
    }
    const diff = Math.abs(dist.mo.varianceCentral - dist.mo.varianceShortcut);
    cards.mean.textContent = fmtLong(dist.mo.mean, 8);
    cards.central.textContent = fmt(dist.mo.varianceCentral, 8);
    cards.shortcut.textContent = fmt(dist.mo.varianceShortcut, 8);
    cards.diff.textContent = fmt(diff, 2);
    cards.sd.textContent = fmt(dist.sd, 6);
    const close = diff <= 1e-9 * Math.max(1, Math.abs(dist.mo.varianceCentral));
    check.className = `check ${close ? 'good' : 'bad'}`;
    check.textContent = t(diff === 0 ? 'bothWaysExact' : close ? 'bothWaysEqual' : 'bothWaysDiffer', { d: fmt(diff, 2) });
  }

  // The figures and cards of the current step.
  function showStep({ x, dist }) {
    const id = DSTEPS[player.index];
    for (const [key, c] of Object.entries(cardEls))
      c.classList.toggle('on', (id === 'mean' && key === 'mean') || (id === 'central' && key === 'central') || (id === 'shortcut' && key !== 'mean'));
    if (!dist) { bars.set([]); line.set({}); return; }
    const all = x.map((_, i) => i);
    bars.set(dist.p, { highlight: id === 'dist' ? all : [] });
    line.set({ xs: x, ps: dist.p, mean: dist.mo.mean, sd: dist.sd, highlight: id === 'dist' ? all : [],
      show: { mean: id !== 'dist', deviations: id === 'central', sd: id === 'shortcut' } });
  }

  return {
    el,
    reads: ['x', 'norm', 'dist', 'step'],
    draw(v, changed) {
      if (!changed || changed.has('norm') || changed.has('dist')) showResult(v);
      showStep(v);
      player.refresh();
    },
    destroy: () => { stopRenorm(); player.destroy(); },
  };
}
