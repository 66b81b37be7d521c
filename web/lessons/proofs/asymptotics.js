// Proofs lesson, part 3: attention over n random keys as n grows. One query
// with scores s_j = sigma g_j (g_j i.i.d. N(0, 1)) against n keys with i.i.d.
// values v_j; for each n the core computes the weights and the output
// (lab.attention with Q = [[sigma]], K = [g_1..g_n], V = [v_1..v_n], scale 1),
// the entropy of the weights (lab.entropy, nats), log n (the entropy of
// softmax of equal scores) and sum_j alpha_j^2 (lab.dot).
// Charts: H against ln n; the gap ln n - H against its limit sigma^2/2; the
// output against mu +- 2 tau sqrt(sum alpha^2). The limits and the band are
// plain arithmetic on sigma, mu, tau and the core's numbers (theory curves),
// like sum alpha^2 ~ e^{sigma^2}/n. The weights and the charts below the
// sliders are drawn when near the screen (sections `later`); the sweep over
// every n is made by the first chart drawn for a sigma and a draw.
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { guard, errorSlot, fmtTex } from '../shared/kit.js';
import { VALUE_DISTS } from './random.js';
import { seedField } from './seed-field.js';
import { createAsymCharts } from './asym-charts.js';
import schema from './params.js';

export const NS = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024];
export const nearestN = (n) => NS.reduce((a, b) => (Math.abs(Math.log(b / n)) < Math.abs(Math.log(a / n)) ? b : a));
// The n slider moves over the list NS (a link's n shows as the nearest of it).
const OVER_NS = { to: (n) => NS.indexOf(nearestN(n)), from: (k) => NS[k], step: 1 };

// The core's numbers for one query over the first n keys.
export function attendPrefix(lab, { g, v }, sigma, n) {
  const a = lab.attention([[sigma]], g.slice(0, n).map((x) => [x]), v.slice(0, n).map((x) => [x]), { scale: 1 });
  const w = a.weights[0];
  const uni = lab.softmax(new Array(n).fill(0));
  return { w, out: a.output[0][0], H: lab.entropy(w, { base: Math.E }), logn: lab.entropy(uni, { base: Math.E }), uniform: uni[0], s2: lab.dot(w, w) };
}

// The numbers shown for the current sigma, n (nearest of NS), values and draw.
export function computeAsym(lab, { sigma, N, vals, seq }) {
  const cur = attendPrefix(lab, seq, sigma, N);
  const { mu, tau } = VALUE_DISTS[vals];
  return { ...cur, maxW: Math.max(...cur.w), n: N, sigma, mu, tau, seq };
}

// The sweep over every n of NS, made when first asked for (a failure is not kept).
export function lazySweep(lab, { sigma, seq }) {
  let points = null;
  return () => points || (points = NS.map((k) => [k, attendPrefix(lab, seq, sigma, k)]));
}

export function asymSections({ lab, t, values, set, control, error }) {
  const err = errorSlot();
  const sigma = control('sigma', { label: t('sigma') });
  const nSl = control('n', { label: t('keysN'), scale: OVER_NS, format: String });
  const dist = control('vals', { label: t('valuesDist'), options: Object.keys(VALUE_DISTS).map((k) => [k, t(`dist.${k}`)]) });
  const seed = seedField({ t, value: values.seed, spec: schema.params.seed, onChange: (s) => set({ seed: s }) });
  const btn = (key, f, cls = 'btn btn-small') => h('button', { type: 'button', class: cls, onclick: f }, t(key));
  const weights = createBarChart({ ariaLabel: t('weightsFigure'), width: 520, height: 200 });
  const readout = h('div', { class: 'info-formula', tabindex: '0' });
  const charts = createAsymCharts({ lab, t, err });
  const seedMax = schema.params.seed.max;
  const el = h('div', { class: 'panel', dataset: { part: 'asym' } },
    h('div', { class: 'controls' }, sigma.el, nSl.el),
    h('div', { class: 'controls' }, dist.el, seed.el,
      btn('newDraw', () => set({ seed: values.seed < seedMax ? values.seed + 1 : 0 })),
      btn('presetFlat', () => set({ sigma: 0.5 })), btn('presetPeaked', () => set({ sigma: 3 }))),
    err,
    h('h3', { class: 'h-small' }, t('weightsHeading')), weights.el, readout,
    charts.el);
  weights.el.dataset.hl = 'lln';
  const asym = () => guard(err, t, () => { if (error('asym')) throw error('asym'); return values.asym; });

  return [
    {
      el,
      reads: ['seed', 'asym'],
      draw(v) {
        seed.set(v.seed);
        const cur = asym();
        if (cur) drawReadout(readout, t, cur); else clear(readout);
      },
    },
    {
      el: weights.el,
      later: true,
      reads: ['asym'],
      draw({ asym: cur }) {
        if (!cur) return;
        const { n } = cur;
        weights.set({
          items: cur.w.map((x, j) => ({ label: n <= 16 ? String(j + 1) : '', segments: [{ value: x, className: 'c-att', title: `α${j + 1} = ${fmt(x, 4)}` }] })),
          lines: [{ y: cur.uniform, className: 'c-bound', text: `1/n = ${fmt(cur.uniform, 3)}`, title: t('uniformLine') }],
          showValues: n <= 8,
        });
      },
    },
    {
      el: charts.el,
      later: true,
      reads: ['asym', 'sweep'],
      draw({ asym: cur, sweep }) {
        if (!cur) return;
        const points = guard(err, t, sweep);
        if (points) charts.draw(cur, (f) => points.map(([k, q]) => [k, f(q, k)]));
      },
    },
  ];
}

// The numbers at the current n beside their limits, in readout.
function drawReadout(readout, t, { n, sigma: sg, maxW, s2, H, logn, out, mu, tau }) {
  setTexList(readout, [
    [`n = ${n}:\\quad \\max_j \\alpha_j = ${fmtTex(maxW, 4)} = \\tfrac{${fmtTex(n * maxW, 4)}}{n}\\ \\Big(\\tfrac{e^{\\sigma\\sqrt{2\\ln n} - \\sigma^2/2}}{n} = ${fmtTex(Math.exp(sg * Math.sqrt(2 * Math.log(n)) - (sg * sg) / 2) / n, 3)}\\Big)`, true, 'div'],
    [`\\sum_j \\alpha_j^2 = ${fmtTex(s2, 4)}\\quad \\Big(\\text{${t('limitPrediction')}}\\ \\tfrac{e^{\\sigma^2}}{n} = ${fmtTex(Math.exp(sg * sg) / n, 4)}\\Big)`, true, 'div'],
    [`H(\\alpha) = ${fmtTex(H, 5)},\\quad \\ln n = ${fmtTex(logn, 5)},\\quad \\ln n - H(\\alpha) = ${fmtTex(logn - H, 4)}\\quad \\Big(\\text{${t('limitPrediction')}}\\ \\tfrac{\\sigma^2}{2} = ${fmtTex((sg * sg) / 2, 4)}\\Big)`, true, 'div'],
    [`\\text{out} = \\sum_j \\alpha_j v_j = ${fmtTex(out, 5)},\\quad \\mu = ${fmtTex(mu, 4)},\\quad 2\\tau\\sqrt{\\textstyle\\sum_j \\alpha_j^2} = ${fmtTex(2 * tau * Math.sqrt(s2), 4)}`, true, 'div']]);
}
