// Lesson "Softmax": logits -> probabilities, step by step (max shift, exp,
// sum, divide), temperature, the naive formula's overflow, the Jacobian
// diag(p) - p p^T and the chain rule through it. Every number comes from
// the core (lab.softmaxSteps, lab.softmaxJacobian, ...).
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { stepsSection } from './steps.js';
import { stabilitySection } from './stability.js';
import { jacobianSection } from './jacobian.js';
import { createChain } from './chain.js';

// The chain rule's table follows z, T and the target class y.
function chainSection({ lab, t, set }) {
  const chain = createChain({ lab, t, onTarget: (y) => set({ y }) });
  return {
    el: [prose(t('chainText1')), chain.formulas[0], prose(t('chainText2')), chain.formulas[1], chain.el],
    reads: ['z', 'T', 'y'],
    draw: ({ z, T, y }) => chain.draw(z, T, y),
  };
}

export default defineLesson({
  id: 'softmax',
  schema,
  derive: (lab) => ({
    r: { from: ['z', 'T'], compute: ({ z, T }) => lab.softmaxSteps(z, { temperature: T }) },
    J: { from: ['z', 'T'], compute: ({ z, T }) => lab.softmaxJacobian(z, { temperature: T }) },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    stepsSection,
    ({ t }) => ({ el: [h('h2', {}, t('temperatureHeading')), h('div', { 'data-ex': 'temperature' }, prose(t('temperatureText')))] }),
    ({ t }) => ({ el: [h('h2', {}, t('stabilityHeading')), prose(t('stabilityText'))] }),
    stabilitySection,
    ({ t }) => ({ el: [h('h2', {}, t('jacobianHeading')), prose(t('jacobianText'))] }),
    jacobianSection,
    ({ t }) => ({ el: h('h2', {}, t('chainHeading')) }),
    chainSection,
    ({ t }) => ({ el: [h('h2', {}, t('propertiesHeading')), prose(t('properties1'), t('properties2'))] }),
  ],
});
