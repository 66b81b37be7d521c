// Part 3 of the svd lesson: Linformer-style attention. The n keys and
// values are mixed down to k rows by E K and F V (E, F: k x n, random
// projections from the seed, segment means, or k landmark keys with F
// fitted to this input), so the weights are n x k and the n x n matrix is
// never formed. The learner changes k and sees the weights, the output and
// its error against exact attention, beside the best rank-k baseline (the
// SVD of the exact weights, lab.lowRankAttention); all numbers from the
// core (lab.linformerAttention, lab.attention, lab.svd, lab.matmul, lab.sub,
// lab.norm).
import { h } from '../../core/dom.js';
import { rich } from '../../core/rich-text.js';
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

// The pseudo-inverse of W (rows x cols) from its SVD: V Sigma^+ U^T.
function pinv(lab, W) {
  const { U, S, Vt } = lab.svd(W);
  const tol = 1e-10 * (S[0] || 0);
  const SiUt = S.map((sg, i) => U.map((row) => (sg > tol ? row[i] / sg : 0)));
  return lab.matmul(lab.transpose(Vt), SiUt);
}

// The projection that does well: E picks the k keys the exact weights A use
// most (largest column sums), F is fitted by least squares so that the
// n x k weights W_E = softmax(Q (EK)^T / sqrt(d_k)) reproduce A: F = W_E^+ A.
// What training finds, here solved for this one input (it needs A, so it is
// a demonstration of what a good projection can reach, not a shortcut).
export function fittedProjection(lab, Q, K, V, A, k) {
  const n = A.length;
  const mass = A[0].map((_, j) => A.reduce((acc, row) => acc + row[j], 0));
  const pick = mass.map((m, j) => [m, j]).sort((a, b) => b[0] - a[0]).slice(0, k).map(([, j]) => j).sort((a, b) => a - b);
  const E = pick.map((j) => Array.from({ length: n }, (_, c) => (c === j ? 1 : 0)));
  const WE = lab.attention(Q, lab.matmul(E, K), lab.matmul(E, V)).weights;
  return [E, lab.matmul(pinv(lab, WE), A)];
}

export function createLinformerPart(ctx, inputs) {
  const { lab, t } = ctx;
  let k = Math.min(ctx.values.k, inputs.n);
  let proj = ctx.values.proj;
  let res = null;

  const err = errorSlot();
  const kSlider = slider({ label: t('kLabel'), min: 1, max: inputs.n, step: 1, value: k, format: (v) => String(v),
    onInput: (v) => { k = v; ctx.setValues({ k }); update(); } });
  const projSelect = select({ label: t('projLabel'), value: proj, options: [['random', t('projRandom')], ['pool', t('projPool')], ['fit', t('projFit')]],
    onChange: (v) => { proj = v; ctx.setValues({ proj }); update(); } });
  const tok = (i) => `${t('common.query')} ${i + 1}`;
  const E = createMatrixView({ caption: '', color: 'signed', digits: 2, rowLabel: (i) => `${t('projRow')} ${i + 1}`, colLabel: (j) => `${t('common.key')} ${j + 1}`, name: 'E' });
  const W = createMatrixView({ caption: '', color: 'weights', digits: 3, rowLabel: tok, colLabel: (j) => `${t('projRow')} ${j + 1}`, name: 'linW' });
  const out = createMatrixView({ caption: t('linOutCaption'), color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'linOut' });
  const exact = createMatrixView({ caption: t('outExactCaption'), color: 'signed', digits: 3, rowLabel: tok, colLabel: (j) => `d${j + 1}`, name: 'linExact' });
  const errLine = h('p', { class: 'sv-big' });
  const bestLine = h('p', { class: 'sv-best' });
  const sizes = h('p', { class: 'note' });
  const kTable = h('table', { class: 'matrix sv-ktable' });

  const el = h('div', { class: 'panel sv-linformer' },
    h('div', { class: 'controls' }, kSlider.el, projSelect.el), err,
    h('div', { class: 'row' }, E.el, W.el),
    h('div', { class: 'row' }, out.el, exact.el),
    errLine, bestLine, sizes,
    h('h3', { class: 'h-small' }, t('kTableHeading')),
    h('div', { class: 'matrix-wrap' }, kTable));

  function sizeChanged() {
    kSlider.input.max = String(inputs.n);
    k = Math.min(k, inputs.n);
    kSlider.set(k);
    update();
  }

  const projections = (kind, kk, n, ex) => (kind === 'pool'
    ? [poolingProjection(kk, n), poolingProjection(kk, n)]
    : kind === 'fit' ? fittedProjection(lab, inputs.Q, inputs.K, inputs.V, ex.weights, kk)
      : [gaussianProjection(inputs.seed + 101, kk, n), gaussianProjection(inputs.seed + 202, kk, n)]);

  // Linformer with projections of the given kind and length kk, and its error against exact attention.
  function run(kind, kk, ex) {
    const [Em, Fm] = projections(kind, kk, inputs.n, ex);
    const lin = lab.linformerAttention(inputs.Q, inputs.K, inputs.V, Em, Fm);
    const e = lab.norm(lab.sub(lin.output.flat(), ex.output.flat()));
    return { lin, e, rel: e / lab.norm(ex.output.flat()), E: Em };
  }

  // The baseline: the exact weights replaced by their best rank-kk approximation (SVD).
  function best(kk, ex) {
    const lr = lab.lowRankAttention(inputs.Q, inputs.K, inputs.V, { rank: kk });
    return lab.norm(lab.sub(lr.output.flat(), ex.output.flat())) / lab.norm(ex.output.flat());
  }

  function update() {
    const n = inputs.n;
    res = guard(err, t, () => {
      const ex = lab.attention(inputs.Q, inputs.K, inputs.V);
      const cur = run(proj, k, ex);
      const table = Array.from({ length: n }, (_, i) => [best(i + 1, ex), run('random', i + 1, ex).rel, run('pool', i + 1, ex).rel, run('fit', i + 1, ex).rel]);
      return { ...cur, ex, table };
    });
    E.set(res ? res.E : []);
    E.el.querySelector('caption').replaceChildren(...rich(t(proj === 'pool' ? 'EcaptionPool' : proj === 'fit' ? 'EcaptionFit' : 'Ecaption', { k, n })));
    if (!res) { W.set([]); out.set([]); exact.set([]); errLine.textContent = ''; bestLine.textContent = ''; kTable.replaceChildren(); return; }
    W.set(res.lin.weights);
    W.el.querySelector('caption').textContent = t('linWCaption', { k, n });
    out.set(res.lin.output);
    exact.set(res.ex.output);
    errLine.replaceChildren(...rich(t('linErr', { e: fmt(res.e, 4), rel: fmt(100 * res.rel, 3) })));
    bestLine.textContent = t('linBest', { k, rel: fmt(100 * res.table[k - 1][0], 3) });
    sizes.textContent = t('linSizes', { n, k, nn: n * n, nk: n * k });
    kTable.replaceChildren(
      h('caption', {}, rich(t('kTableCaption'))),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'k'), ...['colBest', 'projRandom', 'projPool', 'projFit'].map((key) => h('th', { scope: 'col' }, t(key))))),
      h('tbody', {}, ...res.table.map((row, i) => h('tr', { class: i + 1 === k ? 'on' : '' },
        h('th', { scope: 'row' }, String(i + 1)), ...row.map((x, j) => h('td', { class: j === 0 ? 'sv-best-col' : '' }, `${fmt(100 * x, 3)} %`))))));
  }

  inputs.onChange(sizeChanged);
  update();
  return { el };
}
