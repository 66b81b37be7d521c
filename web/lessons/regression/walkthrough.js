// The least-squares walkthrough (steps.js) at gradient descent's iterate
// shown, beside the terms its current step adds up, as bars.
import { h } from '../../ui/dom.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createBars } from '../../plots/bars.js';
import { LS_STEPS, lsFormula, lsBars } from './steps.js';

export function walkthroughSection({ lab, t, values, setStep, initialStep }) {
  const numbers = () => ({ lab, t, pts: values.data, cf: values.cf, run: values.run, it: values.it, lr: values.lr });
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: LS_STEPS.map((id) => ({ id, title: t(`ls.${id}.title`), text: t(`ls.${id}.text`),
      formula: () => (values.run && values.cf ? lsFormula(id, numbers()) : '') })),
    onStep: setStep,
  });
  player.el.setAttribute('aria-label', t('ls.playerLabel'));
  player.el.removeAttribute('data-ex');  // the exercise goes after the player and its figure (the row)
  const chart = createBars({ ariaLabel: t('ls.figLabel'), min: -1, max: 1, height: 200, fill: true });
  const caption = h('h3', { class: 'h-small', 'aria-live': 'polite' });
  return {
    el: h('div', { class: 'row rg-ls-row', 'data-ex': 'steps' }, player.el, h('div', { class: 'rg-ls-fig' }, caption, chart.el)),
    reads: ['run', 'cf', 'it', 'step'],
    draw(v, changed) {
      if (!changed || [...changed].some((name) => name !== 'step')) player.refresh();
      const id = LS_STEPS[player.index];
      const bars = v.run && v.cf ? lsBars(id, numbers()) : null;
      if (!bars) { chart.set([], {}); caption.textContent = ''; return; }
      const top = Math.max(1e-9, ...bars.values.map(Math.abs)) * 1.15;
      const lo = Math.min(0, ...bars.values) < 0 ? -top : 0;
      chart.set(bars.values, { range: [lo, top], labels: bars.labels });
      caption.textContent = t(`ls.fig.${id}`);
    },
    destroy: () => player.destroy(),
  };
}
