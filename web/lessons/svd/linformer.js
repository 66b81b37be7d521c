// Part 3 of the svd lesson: Linformer-style attention. The n keys and
// values are mixed down to k rows by E K and F V (E, F: k x n, random
// projections from the seed, or segment means), so the weights are n x k
// and the n x n matrix is never formed. The learner changes k and sees the
// weights, the output and its error against exact attention; all numbers
// from the core (lab.linformerAttention, lab.attention, lab.sub, lab.norm).
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { rng } from '../../core/random.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { slider, select, guard, errorSlot } from '../shared/kit.js';

// k x n Gaussian entries with variance 1/k (Box-Muller on the seeded stream).
export function gaussianProjection(seed, k, n) {
  const next = rng(seed);
  const g = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return Array.from({ length: k }, () => Array.from({ length: n }, () => Math.round((g() / Math.sqrt(k)) * 1000) / 1000));
}

// k x n: row i averages the i-th of k contiguous, nearly equal segments.
export function poolingProjection(k, n) {
  return Array.from({ length: k }, (_, i) => {
    const a = Math.floor((i * n) / k), b = Math.floor(((i + 1) * n) / k);
    return Array.from({ length: n }, (_, j) => (j >= a && j < b ? 1 / (b - a) : 0));
  });
}

export function createLinformerPart(ctx, inputs) {
  const { lab, t } = ctx;
  let k = Math.min(ctx.values.k, inputs.n);
  let proj = ctx.values.proj;
  let res = null;

  const err = errorSlot();
  const kSlider = slider({ label: t('kLabel'), min: 1, max: inputs.n, step: 1, value: k, format: (v) => String(v),
    onInput: (v) => { k = v; ctx.setValues({ k }); update(); } });
  const projSelect = select({ label: t('projLabel'), value: proj, options: [['random', t('projRandom')], ['pool', t('projPool')]],
    onChange: (v) => { proj = v; ctx.setValues({ proj }); update(); } });
  const tok = (i) => `${t('common.query')} ${i + 1}`;
  const E = createMatrixView({ caption: '', color: 'signed', digits: 2, rowLabel: (i) => `${t('projRow')} ${i + 1}`, colLabel: (j) => `${t('common.key')} ${j + 1}`, name: 'E' });
  const W = createMatrixView({ caption: '', color: 'weights', digits: 3, rowLabel: tok, colLabel: (j) => `${t('projRow')} ${j + 1}`, name: 'linW' });
  const out = createMatrixView({ caption: t('linOutCaption'), color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'linOut' });
  const exact = createMatrixView({ caption: t('outExactCaption'), color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'linExact' });
  const errLine = h('p', { class: 'sv-big' });
  const sizes = h('p', { class: 'note' });
  const kTable = h('table', { class: 'matrix sv-ktable' });

  const el = h('div', { class: 'panel sv-linformer' },
    h('div', { class: 'controls' }, kSlider.el, projSelect.el), err,
    h('div', { class: 'row' }, E.el, W.el),
    h('div', { class: 'row' }, out.el, exact.el),
    errLine, sizes,
    h('h3', { class: 'h-small' }, t('kTableHeading')),
    h('div', { class: 'matrix-wrap' }, kTable));

  function sizeChanged() {
    kSlider.input.max = String(inputs.n);
    k = Math.min(k, inputs.n);
    kSlider.set(k);
    update();
  }

  const projections = (kind, kk, n) => (kind === 'pool'
    ? [poolingProjection(kk, n), poolingProjection(kk, n)]
    : [gaussianProjection(inputs.seed + 101, kk, n), gaussianProjection(inputs.seed + 202, kk, n)]);

  // Linformer with projections of the given kind and length kk, and its error against exact attention.
  function run(kind, kk, ex) {
    const [Em, Fm] = projections(kind, kk, inputs.n);
    const lin = lab.linformerAttention(inputs.Q, inputs.K, inputs.V, Em, Fm);
    const e = lab.norm(lab.sub(lin.output.flat(), ex.output.flat()));
    return { lin, e, rel: e / lab.norm(ex.output.flat()) };
  }

  function update() {
    const n = inputs.n;
    const [Em] = projections(proj, k, n);
    res = guard(err, t, () => {
      const ex = lab.attention(inputs.Q, inputs.K, inputs.V);
      const cur = run(proj, k, ex);
      const table = Array.from({ length: n }, (_, i) => [run('random', i + 1, ex).rel, run('pool', i + 1, ex).rel]);
      return { ...cur, ex, table };
    });
    E.set(Em);
    E.el.querySelector('caption').textContent = t(proj === 'pool' ? 'EcaptionPool' : 'Ecaption', { k, n });
    if (!res) { W.set([]); out.set([]); exact.set([]); errLine.textContent = ''; kTable.replaceChildren(); return; }
    W.set(res.lin.weights);
    W.el.querySelector('caption').textContent = t('linWCaption', { k, n });
    out.set(res.lin.output);
    exact.set(res.ex.output);
    errLine.textContent = t('linErr', { e: fmt(res.e, 4), rel: fmt(100 * res.rel, 3) });
    sizes.textContent = t('linSizes', { n, k, nn: n * n, nk: n * k });
    kTable.replaceChildren(
      h('caption', {}, t('kTableCaption')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'k'), h('th', { scope: 'col' }, t('projRandom')), h('th', { scope: 'col' }, t('projPool')))),
      h('tbody', {}, ...res.table.map(([a, b], i) => h('tr', { class: i + 1 === k ? 'on' : '' },
        h('th', { scope: 'row' }, String(i + 1)), h('td', {}, `${fmt(100 * a, 3)} %`), h('td', {}, `${fmt(100 * b, 3)} %`)))));
  }

  inputs.onChange(sizeChanged);
  update();
  return { el };
}
