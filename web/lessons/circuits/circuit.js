// The circuit, one step at a time, on the held-out sequence shown: at the
// first repeated token i (an earlier copy at i − L), the model should say
// the token that followed that copy, at j = i − L + 1. Layer 1's
// previous-token head has written t_{j−1} into position j; layer 2's
// induction head, querying with t_i, finds j; its output copies t_j.
// The figure is the head each step is about, with the cells it uses.
import { h } from '../../ui/dom.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { tex as fmtTex } from '../../util/format.js';
import { SETTING, tokenName } from './setting.js';
import { bestHead } from './checkpoint.js';

const STEPS = ['repeat', 'previous', 'match', 'copy'];
const name = (k) => `\\text{${tokenName(k)}}`;

export function circuitSection({ lab, t, values, setStep, initialStep }) {
  let at = null;  // the numbers of the current drawing
  const heat = createHeatmap({ title: t('circuitFigure'), xLabel: t('keys'), yLabel: t('queries') });
  const caption = h('p', { class: 'ci-head-scores' });
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: STEPS.map((id, k) => ({
      id, title: t(`c${k + 1}.title`), text: t(`c${k + 1}.text`),
      formula: () => {
        const { x, i, j, L, A1, A2, p, q, prob } = at;
        if (id === 'repeat') return `t_{${i + 1}} = t_{${i + 1 - L}} = ${name(x[i])},\\qquad t_{${i + 2}} = t_{${j + 1}} = ${name(x[j])}`;
        if (id === 'previous') return `A^{(1,${p + 1})}_{${j + 1},\\,${j}} = ${fmtTex(A1[j][j - 1], 3)}\\quad(t_{${j}} = ${name(x[j - 1])})`;
        if (id === 'match') return `A^{(2,${q + 1})}_{${i + 1},\\,${j + 1}} = ${fmtTex(A2[i][j], 3)}\\quad(t_{${j}} = t_{${i + 1}} = ${name(x[i])})`;
        return `P(t_{${i + 2}} = ${name(x[j])}) = ${fmtTex(prob, 3)}\\qquad \\tfrac{1}{V} = ${fmtTex(1 / SETTING.V, 3)}`;
      },
    })),
    onStep: setStep,
  });
  const el = h('div', { class: 'ci-circuit', 'data-ex': 'circuit' }, h('div', { class: 'panel' }, heat.el, caption), player.el);

  return {
    el,
    reads: ['shown', 'seq', 'step'],
    draw(v) {
      if (!v.run) return;
      const c = v.shown;
      const b = Math.min(v.seq, v.run.test.tokens.length) - 1;
      const x = v.run.test.tokens[b], i = v.run.test.starts[b], L = x.length - i, j = i - L + 1;
      const p = bestHead(c.two.previousToken[0]).h, q = bestHead(c.two.prefixMatch[1]).h;
      const f = lab.transformerForward([x], c.two.params);
      const prob = lab.softmax(f.logits[0][i])[x[j]];
      at = { x, i, j, L, p, q, prob, A1: f.attention[0][0][p], A2: f.attention[0][1][q] };
      const id = STEPS[player.index];
      const names = x.map(tokenName);
      const first = id === 'previous';
      const highlight = id === 'repeat' ? { cells: [[i, i - L], [i, i]] } : first ? { cells: [[j, j - 1]] }
        : id === 'match' ? { cells: [[i, j]] } : { rows: [i], cols: [j] };
      heat.set(first ? at.A1 : at.A2, { rowLabels: names, colLabels: names, highlight });
      caption.textContent = t(first ? 'circuitL1' : 'circuitL2', { h: (first ? p : q) + 1, k: c.step });
      heat.el.dataset.step = id;
      player.refresh();
    },
    destroy: () => player.destroy(),
  };
}
