// The three costs side by side, one step each, at n = 4096 (from the
// core), and beside the steps their operation counts on a log scale: the
// current step's kind in full colour, the others faded.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { fmtTex } from '../shared/kit.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { KINDS, KIND_CLASS, kindOptions } from './kinds.js';

const N = 4096;

// The derived value `atN`: each kind's cost at n = N, in KINDS order.
export const costsAtN = (lab, p) => KINDS.map((kind) => lab.attentionCost(N, p.d, kindOptions(kind, p)));

// Flops as 1.2 G: the bar labels must fit their bars.
const fmtFlops = (v) => { const e = Math.floor(Math.log10(v) / 3); const u = ['', 'k', 'M', 'G', 'T', 'P'][Math.min(5, Math.max(0, e))]; return `${fmt(v / 1000 ** Math.min(5, Math.max(0, e)), 3)} ${u}`.trim(); };

export function stepsSection({ t, values, setStep, initialStep }) {
  const flops = (kind) => fmtTex(values.atN[KINDS.indexOf(kind)].flops, 3);
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: [
      { id: 'full', title: t('st1.title'), text: t('st1.text'),
        formula: () => `\\underbrace{QK^\\top}_{n\\times n}:\\ O(n^2 d)\\quad n=${N},\\ d=${values.d}:\\ ${flops('full')}\\ \\text{flops}` },
      { id: 'sparse', title: t('st2.title'), text: t('st2.text'),
        formula: () => `O(n\\,(2w+1)\\,d)\\quad w=${values.w}:\\ ${flops('sparse')}\\ \\text{flops}` },
      { id: 'lowRank', title: t('st3.title'), text: t('st3.text'),
        formula: () => `O(n\\,r\\,d)\\quad r=${values.r}:\\ ${flops('lowRank')}\\ \\text{flops}` },
    ],
    onStep: setStep,
  });
  const bars = createBarChart({ ariaLabel: t('stepFigure', { n: N }), yLabel: t('flopsAxis'), height: 230, minWidth: 260,
    margin: { left: 54, right: 10, top: 18, bottom: 30 }, y: { scale: 'log' } });
  player.el.removeAttribute('data-ex');  // the exercise goes after the player and its figure (the row)

  return {
    el: h('div', { class: 'row cx-step-row', 'data-ex': 'steps' }, player.el,
      h('div', { class: 'cx-step-fig' }, h('h3', { class: 'h-small' }, t('stepFigure', { n: N })), bars.el)),
    reads: ['d', 'w', 'r', 'atN', 'step'],
    draw({ atN }) {
      if (!atN) return;
      player.refresh();
      const now = KINDS[player.index];
      bars.set({
        items: KINDS.map((kind, i) => ({ label: t(`kind.${kind}`), bars: [{ value: atN[i].flops, className: `${KIND_CLASS[kind]} ${kind === now ? 'cx-now' : 'cx-faded'}`,
          title: `${t(`kind.${kind}`)}: ${fmtFlops(atN[i].flops)}` }] })),
        format: (v) => fmtFlops(v),
      });
    },
    destroy: () => player.destroy(),
  };
}
