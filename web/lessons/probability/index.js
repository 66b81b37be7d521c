// Lesson "Probability and expectation": a discrete distribution edited by
// hand (mean, variance both ways, on a number line), the link to attention
// (an output row is an expectation under the weights), and a joint table
// with its marginals and conditionals. Every number comes from the core
// (lab.moments, lab.conditional, lab.matmul, lab.dot, lab.scale).
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { texNode } from '../../core/tex.js';
import { prose } from '../shared/kit.js';
import { createDistPart } from './dist.js';
import { createJointPart } from './joint.js';

// Marks an element as the place an exercise card goes after (exercises.js `at`).
const exAt = (node, id) => { node.dataset.ex = id; return node; };

export default {
  id: 'probability',
  mount(el, ctx) {
    const { lab, t } = ctx;
    // Attention tie-in: the distribution above read as one row of weights.
    const live = h('p', { class: 'check', 'aria-live': 'polite' });
    const showTie = (r) => {
      if (!r) { live.className = 'note'; live.textContent = t('attnNoData'); return; }
      const out = lab.matmul([r.p], r.xs.map((x) => [x]))[0][0];
      const same = Math.abs(out - r.mo.mean) <= 1e-12 * Math.max(1, Math.abs(out));
      live.className = `check ${same ? 'good' : 'bad'}`;
      live.textContent = t('attnLive', { n: r.xs.length, out: fmt(out, 8), mean: fmt(r.mo.mean, 8) });
    };
    const dist = createDistPart(ctx, { onResult: (r) => showTie(r) });
    const joint = createJointPart(ctx);
    el.append(
      prose(t('intro1'), t('intro2')),
      h('h2', {}, t('distHeading')),
      prose(t('distText1'), t('distText2')),
      exAt(dist.el, 'dist'),
      h('h2', {}, t('attnHeading')),
      prose(t('attnText')),
      h('div', { class: 'panel pb-attn', 'data-ex': 'attn' },
        texNode('\\text{out}_i = \\alpha_i V = \\sum_{j} \\alpha_{ij}\\, v_j = \\mathbb{E}_{j \\sim \\alpha_i}\\!\\left[v_j\\right], \\qquad \\alpha_{ij} \\ge 0,\\ \\sum_j \\alpha_{ij} = 1', true, 'div'),
        live),
      h('h2', {}, t('jointHeading')),
      prose(t('jointText1'), t('jointText2')),
      exAt(joint.el, 'joint'),
    );
    return { destroy: () => { dist.destroy(); joint.destroy(); } };
  },
};
