// Lesson "Probability and expectation": a discrete distribution edited by
// hand (mean, variance both ways, on a number line), the link to attention
// (an output row is an expectation under the weights), and a joint table
// with its marginals and conditionals. Every number comes from the core
// (lab.moments, lab.conditional, lab.matmul, lab.dot, lab.scale).
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { normalize, normalizeMatrix, padTo } from './norm.js';
import { distribution } from './moments.js';
import { computeJoint } from './cond.js';
import { distSection } from './dist.js';
import { tieSection, attentionOutput } from './tie.js';
import { jointSection, cellIn } from './joint.js';

export default defineLesson({
  id: 'probability',
  schema,
  // typedP: the learner has typed p; before that a link's p is fitted to x's length.
  state: { typedP: false },
  derive: (lab) => ({
    w: { from: ['x', 'p', 'typedP'], compute: ({ x, p, typedP }) => (typedP ? p : padTo(x, p)) },
    norm: { from: ['w', 'renorm'], compute: ({ w, renorm }) => normalize(lab, w, renorm) },
    dist: { from: ['x', 'norm'], compute: ({ x, norm }) => distribution(lab, x, norm) },
    tie: { from: ['dist'], compute: ({ dist }) => attentionOutput(lab, dist) },
    jnorm: { from: ['J', 'jrenorm'], compute: ({ J, jrenorm }) => normalizeMatrix(lab, J, jrenorm) },
    joint: { from: ['jnorm'], compute: ({ jnorm }) => (jnorm && !jnorm.zero ? computeJoint(lab, jnorm.P) : null) },
    cell: { from: ['J', 'ci', 'cj'], compute: cellIn },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    ({ t }) => ({ el: [h('h2', {}, t('distHeading')), prose(t('distText1'), t('distText2'))] }),
    distSection,
    ({ t }) => ({ el: [h('h2', {}, t('attnHeading')), prose(t('attnText'))] }),
    tieSection,
    ({ t }) => ({ el: [h('h2', {}, t('jointHeading')), prose(t('jointText1'), t('jointText2'))] }),
    jointSection,
  ],
});
