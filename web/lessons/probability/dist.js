// Part 1 of the probability lesson: a discrete distribution the learner
// edits (values and probabilities typed, or the bars dragged), its mean and
// its variance computed both ways by the core (lab.moments), shown on a
// number line as a balance point and a spread. Probabilities that do not add
// up to 1 are renormalized with a visible note, unless the learner switches
// that off: then they go to the core as typed and its error is shown.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createDragBars } from '../../plots/drag-bars.js';
import { createNumberLine, fmtLong } from '../../plots/number-line.js';
import { toggle, vectorField, guard, errorSlot } from '../shared/kit.js';
import { normalize, setOne } from './norm.js';
import { DSTEPS, momentsFormula } from './moments.js';
import schema from './params.js';

const OFFSET = 1e8;
const X_LIM = 1e9, P_LIM = 1e6;  // as in params/probability.js
const PRESETS = {
  loaded: { x: [1, 2, 3, 4], p: [0.1, 0.2, 0.3, 0.4] },
  coin: { x: [0, 1], p: [0.5, 0.5] },
  die: { x: [1, 2, 3, 4, 5, 6], p: [1, 1, 1, 1, 1, 1] },
  offset: { x: [1, 2, 3, 4].map((k) => OFFSET + k), p: [0.1, 0.2, 0.3, 0.4] },
};

export function createDistPart(ctx, { onResult }) {
  const { lab, t } = ctx;
  let xs = ctx.values.x.slice();
  let w = ctx.values.p.slice();  // as entered (the URL keeps what the learner typed)
  // A link may give x and p of different lengths (?x=-1): p follows x, as
  // when x is typed (missing probabilities are 0).
  if (w.length !== xs.length) w = xs.map((_, i) => (i < w.length ? w[i] : 0));
  let renorm = ctx.values.renorm;
  let r = null;

  const err = errorSlot();
  const note = h('p', { class: 'pb-note', 'aria-live': 'polite', hidden: true });
  // Typed numbers are kept within the URL schema's bounds (params/probability.js).
  const within = (v, lim, field) => { const c = v.map((a) => Math.max(-lim, Math.min(lim, a))); if (c.some((a, i) => a !== v[i])) field.set(c); return c; };
  const xField = vectorField({ label: t('xLabel'), value: xs, t, spec: schema.params.x, onChange: (v) => {
    xs = within(v, X_LIM, xField);
    if (w.length !== xs.length) { w = xs.map((_, i) => (i < w.length ? w[i] : 0)); pField.set(w); }
    save(); update();
  } });
  const pField = vectorField({ label: t('pLabel'), value: w, t, spec: schema.params.p, onChange: (v) => { w = within(v, P_LIM, pField); save(); update(); } });
  const renormToggle = toggle({ label: t('renormLabel'), checked: renorm, onChange: (v) => { renorm = v; save(); update(); } });
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, d]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => {
      xs = d.x.slice(); w = d.p.slice(); xField.set(xs); pField.set(w); save(); update();
    } }, t(`dpreset.${k}`))));
  const SUB = '₀₁₂₃₄₅₆₇₈₉';
  const xName = (i) => (Math.abs(xs[i]) < 1e4 ? `x = ${fmt(xs[i], 4)}` : `x${SUB[i + 1]}`);
  const bars = createDragBars({
    ariaLabel: t('barsFigure'), labels: xName, valueText: (i, v) => fmt(v, 3), min: 0, max: 1, step: 0.01, bigStep: 0.1, height: 220,
    onChange: (i, q) => { if (!r) return; w = setOne(lab, r.p, i, q); pField.set(w); save(); update(); },
  });
  const line = createNumberLine({ ariaLabel: t('lineFigure'), labels: { mean: 'E[X]', sd: '±σ' } });

  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerMoments' : k, v), initial: ctx.step,
    steps: DSTEPS.map((id) => ({ id, title: t(`ds.${id}.title`), text: t(`ds.${id}.text`), formula: () => (r ? momentsFormula(id, r) : '') })),
    onStep: (i) => { ctx.setStep(i); draw(); },
  });

  const cards = {};
  for (const key of ['mean', 'central', 'shortcut', 'diff', 'sd']) cards[key] = h('dd', {});
  const cardEls = Object.fromEntries(Object.keys(cards).map((key) => [key, h('div', {}, h('dt', {}, t(`card.${key}`)), cards[key])]));
  const check = h('p', { class: 'check' });

  const el = h('div', { class: 'panel' },
    h('div', { class: 'controls pb-fields' }, xField.el, pField.el),
    h('div', { class: 'controls' }, renormToggle.el),
    presets, note, err,
    h('div', { class: 'pb-figs' },
      h('div', { class: 'pb-fig' }, h('h3', { class: 'h-small' }, t('barsHeading')), bars.el, h('p', { class: 'note pointer-hint' }, t('barsHint'))),
      h('div', { class: 'pb-fig' }, h('h3', { class: 'h-small' }, t('lineHeading')), line.el, h('p', { class: 'note' }, t('lineHint')))),
    player.el,
    h('dl', { class: 'pb-cards' }, ...Object.values(cardEls)), check);

  function save() { ctx.setValues({ x: xs, p: w, renorm }); }

  function draw() {
    const id = DSTEPS[player.index];
    for (const [key, c] of Object.entries(cardEls))
      c.classList.toggle('on', (id === 'mean' && key === 'mean') || (id === 'central' && key === 'central') || (id === 'shortcut' && key !== 'mean'));
    if (!r) { bars.set([]); line.set({}); return; }
    const all = xs.map((_, i) => i);
    bars.set(r.p, { highlight: id === 'dist' ? all : [] });
    line.set({ xs, ps: r.p, mean: r.mo.mean, sd: r.sd, highlight: id === 'dist' ? all : [],
      show: { mean: id !== 'dist', deviations: id === 'central', sd: id === 'shortcut' } });
  }

  function update() {
    r = guard(err, t, () => {
      const nr = normalize(lab, w, renorm);
      note.hidden = !nr.scaled;
      note.textContent = nr.zero ? t('zeroNote') : nr.scaled ? t('renormNote', { s: fmt(nr.sum, 6) }) : '';
      if (nr.zero) throw new Error(t('zeroError'));
      const mo = lab.moments(xs, nr.p);
      return { xs, p: nr.p, sum: lab.dot(nr.p, nr.p.map(() => 1)), mo, sd: Math.sqrt(mo.varianceCentral) };
    });
    if (r) {
      const diff = Math.abs(r.mo.varianceCentral - r.mo.varianceShortcut);
      cards.mean.textContent = fmtLong(r.mo.mean, 8);
      cards.central.textContent = fmt(r.mo.varianceCentral, 8);
      cards.shortcut.textContent = fmt(r.mo.varianceShortcut, 8);
      cards.diff.textContent = fmt(diff, 2);
      cards.sd.textContent = fmt(r.sd, 6);
      const close = diff <= 1e-9 * Math.max(1, Math.abs(r.mo.varianceCentral));
      check.className = `check ${close ? 'good' : 'bad'}`;
      check.textContent = t(diff === 0 ? 'bothWaysExact' : close ? 'bothWaysEqual' : 'bothWaysDiffer', { d: fmt(diff, 2) });
    } else {
      for (const c of Object.values(cards)) c.textContent = '—';
      check.textContent = '';
    }
    draw();
    player.refresh();
    onResult && onResult(r);
  }

  update();
  return { el, destroy: () => player.destroy() };
}
