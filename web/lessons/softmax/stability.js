// The stable softmax beside the naive formula exp(z/T) / sum exp(z/T) and
// log-softmax: the naive one overflows to NaN once a logit passes ~709 T.
import { h, clear } from '../../ui/dom.js';
import { fmt, sub } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { fmtTex } from '../shared/kit.js';

export function stabilitySection({ lab, t, control }) {
  const naive = control('naive', { label: t('showNaive') });
  const compare = h('div', { class: 'matrix-wrap' });
  return {
    el: h('div', { class: 'panel', 'data-ex': 'stability' }, h('div', { class: 'controls' }, naive.el), compare),
    reads: ['naive', 'r'],
    draw({ z, T, r, naive: showNaive }) {
      if (!r) return;
      clear(compare);
      const rows = [[t('colStable'), r.probs]];
      if (showNaive) rows.push([t('colNaive'), lab.softmaxNaive(z, { temperature: T })]);
      rows.push([t('colLog'), lab.logSoftmax(z, { temperature: T })]);
      compare.appendChild(h('table', { class: 'matrix' }, h('caption', {}, t('compareCaption')),
        h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), ...z.map((_, i) => h('th', { scope: 'col' }, `z${sub(i + 1)} = ${fmt(z[i], 4)}`)))),
        h('tbody', {}, ...rows.map(([name, v]) => h('tr', {}, h('th', { scope: 'row' }, name),
          ...v.map((x) => h('td', { class: Number.isFinite(x) ? '' : 'nonfinite' }, fmt(x, 4))))))));
      if (!showNaive) return;
      const broken = rows[1][1].some((x) => !Number.isFinite(x));
      compare.appendChild(h('p', { class: `check ${broken ? 'bad' : 'good'}` }, broken ? t('naiveBroken') : t('naiveFine')));
      if (broken) compare.appendChild(texNode(`e^{${fmtTex(Math.max(...z) / T)}} = \\infty \\;\\Rightarrow\\; \\frac{\\infty}{\\infty} = \\text{NaN}`, true, 'div'));
    },
  };
}
