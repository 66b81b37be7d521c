// Lesson "Proofs and asymptotics": softmax is Lipschitz with constant
// 1/(2T) in the 2-norm (two draggable logit vectors, the Jacobian's spectral
// norm along the segment between them, a proof sketch, and a random search
// in the core that approaches but never crosses the bound); then attention
// over n random keys as n grows: weights and their entropy (law of large
// numbers) and the output's fluctuations (a central-limit approximation,
// and where it breaks). Every number comes from the core (lab.softmax,
// lipschitzRatio, lipschitzBound, jacobianSpectralNorm, lipschitzSearch,
// attention, entropy, dot, moments); the parts live in their own files.
import { h } from '../../ui/dom.js';
import { besidePlayer, partStepPlayer, prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { lipschitzSection, computeLipschitz, fit } from './lipschitz.js';
import { proofSketch } from './sketch.js';
import { searchSection, searchKey } from './search.js';
import { asymSections, computeAsym, lazySweep, nearestN } from './asymptotics.js';
import { cltSection } from './clt.js';
import { drawSequence } from './random.js';
import { PARTS, stepFormula } from './steps.js';

const round4 = (x) => Math.round(x * 1e4) / 1e4;
const clampZ = (v) => v.map((x) => Math.min(schema.params.z.max, Math.max(schema.params.z.min, round4(x))));

// The parts stand beside the lesson's step player (besidePlayer): its
// formulas read their numbers, its steps highlight their figures.
function partsBesidePlayer(api) {
  const { t, set } = api;
  const lip = lipschitzSection(api);
  // "Use the best pair": the search's worst pair goes to the first part, brought into view.
  const search = searchSection({ ...api, onUseBest: (z1, z2) => { set({ z: clampZ(z1), zp: clampZ(z2) }); lip.el.scrollIntoView({ block: 'start' }); } });
  const [asym, ...asymFigures] = asymSections(api);
  const clt = cltSection(api);
  // The player marks the panels of the page it stands in, made after it.
  let page = null;
  const root = { querySelector: (q) => page.querySelector(q), querySelectorAll: (q) => page.querySelectorAll(q) };
  const res = () => ({ lip: api.values.lip, search: api.values.search, asym: api.values.asym });
  const player = partStepPlayer({ ctx: { t, step: api.initialStep, setStep: api.setStep }, root, parts: PARTS, formula: (id) => stepFormula(id, { res: res(), t }) });
  page = besidePlayer(player, h('h2', {}, t('stepsHeading')),
    h('h2', {}, t('lipHeading')),
    prose(t('lipText1'), t('lipText2')),
    h('div', { 'data-ex': 'lipschitz' }, lip.el),
    h('h2', {}, t('proofHeading')),
    prose(t('proofText')),
    h('div', { 'data-ex': 'proof' }, proofSketch({ t }).el),
    h('div', { 'data-ex': 'caveat' }, prose(t('attentionCaveat'))),
    h('h2', {}, t('searchHeading')),
    prose(t('searchText1'), t('searchText2')),
    h('div', { 'data-ex': 'search' }, search.el),
    h('h2', {}, t('asymHeading')),
    prose(t('asymText1'), t('asymText2'), t('asymText3')),
    asym.el,
    h('h2', {}, t('cltHeading')),
    prose(t('cltText1'), t('cltText2')),
    h('div', { 'data-ex': 'clt' }, clt.el),
    prose(t('chapterNote')));
  const steps = {
    el: page,
    reads: ['lip', 'search', 'asym'],
    draw() { player.refresh(); player.markActive(); },
    destroy: () => player.destroy(),
  };
  // The parts draw first: the player's formulas and highlights follow them.
  return [lip, search, asym, ...asymFigures, clt, steps];
}

export default defineLesson({
  id: 'proofs',
  schema,
  state: { found: null },  // the last finished search: {key (its settings), result}
  derive: (lab) => ({
    zq: { from: ['z', 'zp'], compute: ({ z, zp }) => fit(zp, z.length) },  // z' at the length of z
    lip: { from: ['z', 'zq', 'T'], compute: ({ z, zq, T }) => computeLipschitz(lab, z, zq, T) },
    search: { from: ['found', 'sn', 'spread', 'sseed', 'T'], compute: (v) => (v.found && v.found.key === searchKey(v) ? v.found.result : null) },
    N: { from: ['n'], compute: ({ n }) => nearestN(n) },
    seq: { from: ['seed', 'vals'], compute: ({ seed, vals }) => drawSequence(seed, vals) },
    asym: { from: ['sigma', 'N', 'vals', 'seq'], compute: (v) => computeAsym(lab, v) },
    sweep: { from: ['sigma', 'seq'], compute: (v) => lazySweep(lab, v) },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    partsBesidePlayer,
  ],
});
