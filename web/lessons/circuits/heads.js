// Every head's attention on one held-out sequence at the checkpoint shown:
// the 2-layer model's heads and the 1-layer control's. Each
// title carries the head's scores over all the held-out sequences.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { SETTING, tokenName } from './setting.js';

export function headsSection({ lab, t, control }) {
  const seq = control('seq', { label: t('seq'), format: String });
  const tokensLine = h('p', { class: 'ci-tokens' });
  const heads = Array.from({ length: SETTING.H }, (_, hd) => hd);
  const maps = {
    two: [0, 1].map((l) => heads.map((hd) => createHeatmap({ title: t('headTitle', { l: l + 1, h: hd + 1 }), xLabel: t('keys'), yLabel: t('queries') }))),
    one: [heads.map((hd) => createHeatmap({ title: t('controlHead', { h: hd + 1 }), xLabel: t('keys'), yLabel: t('queries') }))],
  };
  const cell = (model, l, hd) => {
    const m = maps[model][l][hd];
    m.caption = h('p', { class: 'ci-head-scores' });
    return h('div', { class: 'ci-head' }, m.el, m.caption);
  };
  const el = h('div', { class: 'panel', 'data-ex': 'heads' },
    h('div', { class: 'controls' }, seq.el), tokensLine,
    h('h3', { class: 'h-small' }, t('twoHeading')),
    h('div', { class: 'ci-grid' }, ...[0, 1].flatMap((l) => heads.map((hd) => cell('two', l, hd)))),
    h('h3', { class: 'h-small' }, t('oneHeading')),
    h('div', { class: 'ci-grid' }, ...heads.map((hd) => cell('one', 0, hd))));

  return {
    el,
    later: true,
    reads: ['shown', 'seq'],
    draw(v) {
      if (!v.run) return;
      const c = v.shown;
      const b = Math.min(v.seq, v.run.test.tokens.length) - 1;
      const tokens = v.run.test.tokens[b], start = v.run.test.starts[b];
      const names = tokens.map((k, i) => `${tokenName(k)}${i >= start ? '′' : ''}`);
      tokensLine.textContent = t('tokensLine', { tokens: tokens.map(tokenName).join(' '), start: start + 1, L: tokens.length - start });
      for (const model of ['two', 'one']) {
        const { attention } = lab.transformerForward([tokens], c[model].params);
        maps[model].forEach((row, l) => row.forEach((m, hd) => {
          m.set(attention[0][l][hd], { rowLabels: names, colLabels: names });
          m.caption.textContent = t('scores', { prev: fmt(c[model].previousToken[l][hd], 2), pm: fmt(c[model].prefixMatch[l][hd], 2) });
        }));
      }
      el.dataset.step = String(c.step);
    },
  };
}
