// Information lesson, part 4: the entropy of each row of an attention
// matrix (the attention lesson's default inputs: seeded(7, 4, 3, 2) from
// shared/inputs.js), and how it moves with a temperature T that divides
// the scaled scores: weights = softmax(Q K^T / (T sqrt(d_k))). T = 1 is the
// standard 1/sqrt(d_k) scale; T = 1/sqrt(d_k) is the same as dropping it.
// Numbers: lab.attention (weights), lab.entropy (row entropies, log n).
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { errorSlot, showCoreError, fmtTex, vecTex } from '../shared/kit.js';
import { seeded } from '../shared/inputs.js';
import schema from './params.js';
import { baseOf, logTex, logText } from './entropy.js';
import { uniform } from './dist.js';

export const DK = 3, DV = 2;
const SWEEP = Array.from({ length: 49 }, (_, k) => 10 ** (-1.3 + (2.6 * k) / 48));  // T from 0.05 to 20

// The derived value `att`: the weights at T, each row's entropy, and log n.
export function attentionEntropy(lab, { T, seed, tokens: n, unit }) {
  const { Q, K, V } = seeded(seed, n, DK, DV);
  const base = baseOf(unit);
  const scale = 1 / (T * Math.sqrt(DK));
  const a = lab.attention(Q, K, V, { scale });
  return { a, H: a.weights.map((row) => lab.entropy(row, { base })), logn: lab.entropy(uniform(n), { base }), T, n, scale };
}

// The derived value `sweep`: each row's entropy over the sweep of T. It
// depends on the draw, n and the unit only: kept while T moves (49
// attention calls and 49 n entropies saved a move).
export function entropySweep(lab, { seed, tokens: n, unit }) {
  const { Q, K, V } = seeded(seed, n, DK, DV);
  const base = baseOf(unit);
  return SWEEP.map((T2) => lab.attention(Q, K, V, { scale: 1 / (T2 * Math.sqrt(DK)) }).weights.map((row) => lab.entropy(row, { base })));
}

export function attentionPart({ t, values, set, control, error }) {
  const tSlider = control('T', { label: t('attT') });
  const tokens = control('tokens', { label: t('attTokens'), options: range(schema.params.tokens).map((k) => [k, String(k)]) });
  const seedSpec = schema.params.seed;
  const seedInput = h('input', { type: 'number', min: String(seedSpec.min), max: String(seedSpec.max), class: 'seed', 'aria-label': t('common.seed') });
  seedInput.addEventListener('change', () => {
    const s = Number(seedInput.value);
    if (Number.isInteger(s) && s >= seedSpec.min && s <= seedSpec.max) set({ seed: s }); else seedInput.value = String(values.seed);
  });
  const err = errorSlot();
  const btn = (key, T) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => set({ T }) }, t(key));
  const heatmap = createHeatmap({ title: t('attHeatmap'), xLabel: t('common.keyPosition'), yLabel: t('common.queryPosition') });
  const bars = createBarChart({ ariaLabel: t('attBarsFigure'), width: 340, height: 220 });
  const chart = createXyChart({ ariaLabel: t('attSweepFigure'), xLabel: t('attSweepX'), yLabel: t('attSweepY'), x: { scale: 'log' }, width: 520, height: 250 });
  const formula = h('div', { class: 'info-formula', tabindex: '0' });
  const el = h('div', { class: 'panel', dataset: { part: 'attention', ex: 'attention' } },
    h('div', { class: 'controls' }, tSlider.el, h('span', {}, tokens.el), h('label', {}, t('common.seed'), seedInput)),
    h('div', { class: 'controls' }, btn('attStandard', 1), btn('attNoScale', Number((1 / Math.sqrt(DK)).toPrecision(3))),
      btn('attCold', 0.1), btn('attHot', 10)),
    err, formula,
    h('div', { class: 'row' }, heatmap.el, bars.el),
    chart.el);

  return {
    el,
    reads: ['seed', 'att', 'sweep'],
    draw({ seed, unit, att: r, sweep }) {
      seedInput.value = String(seed);
      const failed = error('att') || error('sweep');
      if (failed) showCoreError(err, t, failed); else { err.textContent = ''; err.hidden = true; }
      if (!r) { clear(formula); return; }
      const { T, n, scale } = r;
      const u = t(unit);
      heatmap.set(r.a.weights);
      bars.set({
        items: r.H.map((x, i) => ({ label: `${t('common.query')} ${i + 1}`, segments: [{ value: x, className: 'c-att', title: `H(α${i + 1}) = ${fmt(x, 6)} ${u}` }] })),
        lines: [{ y: r.logn, className: 'c-bound', text: `${logText(unit)} ${n} = ${fmt(r.logn, 4)}`, title: t('maxEntropy') }],
        max: Math.max(r.logn, 0.1) * 1.18,
      });
      setTexList(formula, [
        [`\\alpha_i = \\operatorname{softmax}\\!\\Big(\\frac{q_i K^\\top}{T\\sqrt{d_k}}\\Big),\\quad T = ${fmtTex(T, 3)},\\ \\ \\frac{1}{T\\sqrt{${DK}}} = ${fmtTex(scale, 4)}`, true, 'div'],
        [`H(\\alpha_i) = -\\sum_j \\alpha_{ij} ${logTex(unit)} \\alpha_{ij}:\\quad ${vecTex(r.H, 4)}\\ \\text{${u}},\\qquad ${logTex(unit)} ${n} = ${fmtTex(r.logn, 4)}`, true, 'div']]);
      // Each row's entropy over the sweep of T (log axis), the current T marked.
      if (!sweep) return;
      chart.set({
        series: Array.from({ length: n }, (_, i) => ({ points: SWEEP.map((T2, k) => [T2, sweep[k][i]]), className: `row-${i % 8}`, label: `${t('common.query')} ${i + 1}` })),
        hlines: [{ y: r.logn, className: 'c-bound', text: `${logText(unit)} ${n}`, label: t('maxEntropy') }],
        // Each line's text on the side away from the other line, so that neither line crosses the other's text.
        vlines: [{ x: T, className: 'c-now', text: `T = ${fmt(T, 3)}`, align: T < 1 / Math.sqrt(DK) ? 'end' : undefined },
          { x: 1 / Math.sqrt(DK), className: 'c-ref', text: t('attNoScaleShort'), row: 1, align: T > 1 / Math.sqrt(DK) ? 'end' : undefined }],
        xDomain: [SWEEP[0], SWEEP[SWEEP.length - 1]], yDomain: [0, r.logn * 1.3],
      });
    },
  };
}

const range = ({ min, max }) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
