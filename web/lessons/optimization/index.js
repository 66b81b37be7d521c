// Lesson "Gradient descent, momentum and Adam": a contour plot of a 2-D
// function (a bowl of adjustable conditioning, Rosenbrock's valley, a
// saddle), three optimizers run side by side from a starting point the
// learner clicks (lab.optimize), their losses on a log scale, one update of
// each taken apart formula by formula with arrows on the plot, learning
// rates too large shown diverging, and a map of where momentum converges
// (lab.momentumMap). Every number comes from the core.
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { deriveRuns } from './runs.js';
import { playSection } from './play.js';
import { lossSection, rateDemos } from './loss.js';
import { mapSection } from './map.js';

// Marks an element as the place an exercise card goes after (exercises.js `at`).
const exAt = (node, id) => { node.dataset.ex = id; return node; };

export default defineLesson({
  id: 'optimization',
  schema,
  state: { askVerdict: 0 },
  derive: deriveRuns,
  sections: [
    ({ t }) => ({ el: [prose(t('intro1'), t('intro2')), h('h2', {}, t('playHeading'))] }),
    playSection,
    ({ t }) => ({ el: [h('h2', {}, t('lossHeading')), prose(t('lossText'))] }),
    lossSection,
    ({ t }) => ({ el: [h('h2', {}, t('rateHeading')), exAt(prose(t('rateText1'), t('rateText2')), 'rateText')] }),
    rateDemos,
    ({ t }) => ({ el: [h('h2', {}, t('mapHeading')), prose(t('mapText1'), t('mapText2'))] }),
    mapSection,
    ({ t }) => ({ el: [h('h2', {}, t('adamHeading')), exAt(prose(t('adamText1'), t('adamText2')), 'adam')] }),
  ],
});
