// The three steps (scores, softmax, output) with the live numbers; the
// results (results.js) mark the row the current step is about.
import { h } from '../../ui/dom.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { formulaScores, formulaSoftmax, formulaOutput, isSmall } from './formulas.js';

export const STEP_COUNT = 3;
// The player's step for the store's (the player keeps a step from the URL within its steps).
export const stepIndex = (step) => Math.min(Math.max(0, step), STEP_COUNT - 1);

export function walkthroughSection({ t, values, setStep, initialStep }) {
  // Before any result could be computed the formulas are empty.
  const of = (formula) => () => (values.shown ? formula(values.shown) : '');
  const steps = [
    { id: 'scores', title: t('s1.title'), text: '', formula: of(formulaScores) },
    { id: 'softmax', title: t('s2.title'), text: '', formula: of(formulaSoftmax) },
    { id: 'output', title: t('s3.title'), text: '', formula: of(formulaOutput) },
  ];
  const player = createStepPlayer({ t, steps, initial: initialStep, onStep: setStep });
  return {
    el: [h('h2', {}, t('walkHeading')), player.el],
    reads: ['shown'],
    draw({ shown: res }) {
      if (!res) return;
      const big = !isSmall(res);
      steps[0].text = [t('s1.text'), res.scale !== null ? t('s1.custom') : '', res.causal ? t('s1.causal') : '', big ? t('s1.big') : ''].filter(Boolean).join(t('sep'));
      steps[1].text = t('s2.text');
      steps[2].text = [t('s3.text'), big ? '' : t('s3.rowOne')].filter(Boolean).join(t('sep'));
      player.refresh();
    },
    destroy: () => player.destroy(),
  };
}
