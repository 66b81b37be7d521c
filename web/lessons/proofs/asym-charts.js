// The proofs lesson's charts against n (part 3): the entropy H against
// ln n, the gap ln n - H against sigma^2/2, n max_j alpha_j against its
// prediction, and the output against mu +- 2 tau sqrt(sum alpha^2).
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { guard } from '../shared/kit.js';

// err: the error slot a chart that fails writes to.
export function createAsymCharts({ lab, t, err }) {
  const hChart = createXyChart({ ariaLabel: t('entropyNFigure'), xLabel: t('keysAxis'), yLabel: t('entropyAxis'), x: { scale: 'log', base: 2 }, width: 520, height: 250 });
  const gChart = createXyChart({ ariaLabel: t('gapNFigure'), xLabel: t('keysAxis'), yLabel: t('gapAxis'), x: { scale: 'log', base: 2 }, width: 520, height: 250 });
  const mChart = createXyChart({ ariaLabel: t('maxNFigure'), xLabel: t('keysAxis'), yLabel: t('maxAxis'), x: { scale: 'log', base: 2 }, y: { scale: 'log' }, width: 520, height: 250 });
  const oChart = createXyChart({ ariaLabel: t('outputNFigure'), xLabel: t('keysAxis'), yLabel: t('outputAxis'), x: { scale: 'log', base: 2 }, width: 520, height: 250 });
  const el = h('div', { class: 'pf-charts' }, hChart.el, gChart.el, mChart.el, oChart.el);
  hChart.el.dataset.hl = 'entropy';
  gChart.el.dataset.hl = 'entropy';
  mChart.el.dataset.hl = 'lln';
  oChart.el.dataset.hl = 'lln';

  // cur: the numbers at the current n (asymptotics.js computeAsym); pts(f): [k, f(q, k)] for each n = k of the sweep.
  function draw({ n, sigma: sg, mu, tau }, pts) {
    const chart = (c, make) => { const spec = guard(err, t, () => make()); if (spec) c.set(spec); };
    chart(hChart, () => ({
      series: [
        { points: pts((q) => q.logn), className: 'c-bound', label: t('lognSeries') },
        { points: pts((q) => q.logn - (sg * sg) / 2), className: 'c-pred dashed', label: t('lognMinusSeries') },
        { points: pts((q) => q.H), className: 'c-att', label: t('entropySeries'), dots: true },
      ],
      vlines: [{ x: n, className: 'c-now', text: `n = ${n}` }],
      xDomain: [1, 1024],
    }));
    chart(gChart, () => {
      const gaps = pts((q) => q.logn - q.H);
      return {
        series: [{ points: gaps, className: 'c-att', label: t('gapSeries'), dots: true }],
        hlines: [{ y: (sg * sg) / 2, className: 'c-pred', text: `σ²/2 = ${fmt((sg * sg) / 2, 3)}`, label: t('gapLimit') }],
        vlines: [{ x: n, className: 'c-now', text: `n = ${n}` }],
        xDomain: [1, 1024], yDomain: [0, Math.max((sg * sg) / 2, ...gaps.map((q) => q[1])) * 1.2 || 1],
      };
    });
    // The largest weight: n max_j alpha_j grows (slowly), where a weight
    // shrinking like 1/n would keep n alpha_j flat.
    chart(mChart, () => ({
      series: [
        { points: pts((q, k) => Math.exp(sg * Math.sqrt(2 * Math.log(k)) - (sg * sg) / 2)), className: 'c-pred dashed', label: t('maxPred') },
        { points: pts((q, k) => lab.scale(k, [Math.max(...q.w)])[0]), className: 'c-att', label: t('maxSeries'), dots: true },
      ],
      hlines: [{ y: 1, className: 'c-bound', text: '1', label: t('maxFlat') }],
      vlines: [{ x: n, className: 'c-now', text: `n = ${n}` }],
      xDomain: [1, 1024],
    }));
    chart(oChart, () => ({
      bands: [{ points: pts((q) => [mu - 2 * tau * Math.sqrt(q.s2), mu + 2 * tau * Math.sqrt(q.s2)]).map(([k, [a, b]]) => [k, a, b]), className: 'c-pred', label: t('bandSeries') }],
      series: [{ points: pts((q) => q.out), className: 'c-att', label: t('outputSeries'), dots: true }],
      hlines: [{ y: mu, className: 'c-bound', text: 'μ = E[v]', label: t('muSeries') }],
      vlines: [{ x: n, className: 'c-now', text: `n = ${n}` }],
      xDomain: [1, 1024],
    }));
  }

  return { el, draw };
}
