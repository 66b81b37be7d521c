// Lesson "Entropy, KL divergence and mutual information": the entropy of
// an editable distribution against its bounds 0 and log n; KL(P || Q) and
// KL(Q || P) side by side (asymmetric, infinite where Q rules out what P
// allows); cross-entropy = H(P) + KL(P || Q); mutual information of an
// editable joint table computed both ways, and 0 for independent variables;
// the entropy of each row of an attention matrix as the temperature moves.
// Every number comes from the core (lab.entropy, klDivergence,
// crossEntropy, conditional, conditionalEntropy, mutualInformation,
// attention).
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { pqInUse, jointInUse, normalizeJoint } from './state.js';
import { entropyPart, entropies } from './entropy.js';
import { klPart, divergences } from './kl.js';
import { miPart, mutualInformation } from './mi.js';
import { attentionPart, attentionEntropy, entropySweep } from './attention.js';
import { walkthrough } from './walkthrough.js';

export default defineLesson({
  id: 'information',
  schema,
  // The learner's last edits, exact (the URL holds them rounded: state.js).
  state: { exactPQ: null, exactJoint: null },
  derive: (lab) => ({
    pq: { from: ['P', 'Q', 'exactPQ'], compute: pqInUse },
    ent: { from: ['pq', 'unit'], compute: ({ pq, unit }) => entropies(lab, pq, unit) },
    kl: { from: ['pq', 'unit', 'ent'], compute: ({ pq, unit, ent }) => divergences(lab, pq, unit, ent) },
    jt: { from: ['joint', 'exactJoint'], compute: jointInUse },
    jn: { from: ['jt'], compute: ({ jt }) => normalizeJoint(jt) },
    mi: { from: ['jn', 'unit'], compute: ({ jn, unit }) => mutualInformation(lab, jn, unit) },
    att: { from: ['T', 'seed', 'tokens', 'unit'], compute: (v) => attentionEntropy(lab, v) },
    sweep: { from: ['seed', 'tokens', 'unit'], compute: (v) => entropySweep(lab, v) },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    walkthrough([
      ({ t }) => ({ el: [h('h2', {}, t('entropyHeading')), prose(t('entropyText1'), t('entropyText2'))] }),
      entropyPart,
      ({ t }) => ({ el: [h('div', { 'data-ex': 'bounds' }, prose(t('boundsText'))), h('h2', {}, t('klHeading')), prose(t('klText1'), t('klText2'))] }),
      klPart,
      ({ t }) => ({ el: [h('h2', {}, t('miHeading')), prose(t('miText1'), t('miText2'))] }),
      miPart,
      ({ t }) => ({ el: [h('h2', {}, t('attHeading')), prose(t('attText1'), t('attText2'))] }),
      attentionPart,
      ({ t }) => ({ el: prose(t('attText3'), t('chapterNote')) }),
    ]),
  ],
});
