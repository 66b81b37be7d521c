// The link to attention: the distribution above read as one row of
// weights; out = p V (the derived `tie`, lab.matmul) is its mean.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { texNode } from '../../math/tex.js';

// The derived value `tie`: p times the values as a column, or null without a distribution.
export const attentionOutput = (lab, dist) => (dist ? lab.matmul([dist.p], dist.xs.map((x) => [x]))[0][0] : null);

export function tieSection({ t }) {
  const live = h('p', { class: 'check', 'aria-live': 'polite' });
  return {
    el: h('div', { class: 'panel pb-attn', 'data-ex': 'attn' },
      texNode('\\text{out}_i = \\alpha_i V = \\sum_{j} \\alpha_{ij}\\, v_j = \\mathbb{E}_{j \\sim \\alpha_i}\\!\\left[v_j\\right], \\qquad \\alpha_{ij} \\ge 0,\\ \\sum_j \\alpha_{ij} = 1', true, 'div'),
      live),
    reads: ['dist', 'tie'],
    draw({ dist, tie: out }) {
      if (!dist) { live.className = 'note'; live.textContent = t('attnNoData'); return; }
      const same = Math.abs(out - dist.mo.mean) <= 1e-12 * Math.max(1, Math.abs(out));
      live.className = `check ${same ? 'good' : 'bad'}`;
      live.textContent = t('attnLive', { n: dist.xs.length, out: fmt(out, 8), mean: fmt(dist.mo.mean, 8) });
    },
  };
}
