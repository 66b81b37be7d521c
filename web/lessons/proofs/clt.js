// Proofs lesson, part 4: the output's fluctuations. The weights alpha of
// the current n stay fixed (the same keys as part 3); the values are drawn
// afresh DRAWS times, and the core averages each draw (lab.attention with V
// of shape n x cols: one output per column), in blocks of at most 2^16
// values run as small tasks (slices.js) so the page stays
// responsive for n up to 1024. Histogram of the outputs (binning in JS)
// with the normal density N(mu, tau^2 sum alpha^2) that the central limit
// theorem predicts (the density formula in JS); the measured mean and
// variance from lab.moments.
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { guard, errorSlot, fmtTex } from '../shared/kit.js';
import { DRAWS, VALUE_DISTS, valueStream, valueBlock } from './random.js';
import { runSliced } from './slices.js';

const BLOCK = 1 << 16;  // values per attention call

export function cltSection({ lab, t }) {
  const err = errorSlot();
  const hist = createXyChart({ ariaLabel: t('cltFigure'), xLabel: t('outputAxis'), yLabel: t('density'), width: 560, height: 260, margin: { right: 14 }, y: { ticks: 4 } });
  const readout = h('div', { class: 'info-formula', tabindex: '0' });
  const verdict = h('p', { class: 'check', 'aria-live': 'polite' });
  hist.el.dataset.hl = 'clt';
  readout.dataset.hl = 'breaks';
  verdict.dataset.hl = 'breaks';
  const el = h('div', { class: 'panel', dataset: { part: 'clt' } }, hist.el, readout, verdict, err);
  let job = null;

  // Each new set of weights (or values, or draw) starts the draws again.
  function restart({ sigma, vals, seed }, asym) {
    const n = asym && asym.n;
    if (job) job.cancel();
    job = null;
    clear(readout);
    verdict.textContent = '';
    if (!asym) return;
    const { mu, tau } = VALUE_DISTS[vals];
    const K = asym.seq.g.slice(0, n).map((x) => [x]);
    const v = tau * tau * asym.s2;  // predicted variance of the output
    const sd = Math.sqrt(v);
    const normal = (x) => Math.exp(-((x - mu) ** 2) / (2 * v)) / Math.sqrt(2 * Math.PI * v);
    const cols = Math.max(1, Math.floor(BLOCK / n));
    const next = valueStream(seed);
    const outs = [];
    const drawHist = () => {
      const lo = Math.min(mu - 4 * sd, ...outs), hi = Math.max(mu + 4 * sd, ...outs);
      hist.set({
        bins: { samples: outs, count: 41, domain: [lo, hi], className: 'c-att', label: t('cltBars', { k: outs.length }) },
        series: [{ f: normal, className: 'c-pred', label: t('cltCurve') }],
        vlines: [{ x: mu, className: 'c-bound', text: 'μ', align: 'end' }],
      });
    };
    job = runSliced({
      count: Math.ceil(DRAWS / cols),
      step: (k) => {
        const c = Math.min(cols, DRAWS - k * cols);
        const o = guard(err, t, () => lab.attention([[sigma]], K, valueBlock(next, vals, n, c), { scale: 1 }).output[0]);
        if (!o) return false;
        for (const x of o) outs.push(x);
        return true;
      },
      onTick: drawHist,
      onDone: () => {
        job = null;
        const m = guard(err, t, () => lab.moments(outs, new Array(outs.length).fill(1 / outs.length)));
        if (!m) return;
        const share = (asym.maxW * asym.maxW) / asym.s2;
        readout.append(
          texNode(`\\text{${t('empirical')}}:\\ \\overline{\\text{out}} = ${fmtTex(m.mean, 4)},\\ \\ s^2 = ${fmtTex(m.varianceCentral, 4)}\\qquad \\text{${t('exactGivenWeights')}}:\\ \\mu = ${fmtTex(mu, 4)},\\ \\ \\tau^2 \\textstyle\\sum_j \\alpha_j^2 = ${fmtTex(v, 4)}`, true, 'div'),
          texNode(`\\frac{\\max_j \\alpha_j^2}{\\sum_j \\alpha_j^2} = ${fmtTex(share, 3)}`, true, 'div'));
        // Rough reading guides, not a test: the theorem only says "share -> 0".
        const ok = share < 0.15, broken = share >= 0.4;
        verdict.className = `check ${ok ? 'good' : broken ? 'bad' : ''}`;
        verdict.textContent = t(ok ? 'cltGood' : broken ? 'cltBroken' : 'cltMeh', { share: fmt(share, 2), dist: t(`dist.${vals}`) });
      },
    });
  }

  return { el, reads: ['asym'], draw: (v) => restart(v, v.asym), destroy: () => job && job.cancel() };
}
