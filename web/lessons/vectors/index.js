// Lesson "Vectors and matrices": vectors u, v dragged on a plane (sum,
// scalar multiple, dot product with angle and projection, norms as balls),
// a 2 x 2 matrix as the map h = W x + b with det and trace, and the rules of
// matrix algebra checked on random matrices. Every number comes from the
// core (lab.add, scale, dot, norm, affine, det, trace, matmul, transpose).
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { compute } from './ops.js';
import { computeMap, mapW } from './map.js';
import { checkRules } from './rules.js';
import { planeSection } from './plane.js';
import { transformSection } from './transform.js';
import { propsSection } from './props.js';

// Marks an element as the place an exercise card goes after (exercises.js `at`).
const exAt = (node, id) => { node.dataset.ex = id; return node; };

export default defineLesson({
  id: 'vectors',
  schema,
  derive: (lab) => ({
    ops: { from: ['u', 'v', 'alpha'], compute: ({ u, v, alpha }) => compute(lab, u, v, alpha) },
    Wmap: { from: ['W'], compute: ({ W }) => mapW(W) },
    map: { from: ['Wmap', 'b', 'x'], compute: ({ Wmap, b, x }) => computeMap(lab, Wmap, b, x) },
    rules: { from: ['seed', 'm', 'k', 'n', 'q', 'c'], compute: (v) => checkRules(lab, v) },
  }),
  sections: [
    ({ t }) => ({ el: [prose(t('intro1'), t('intro2')), h('h2', {}, t('planeHeading')), prose(t('planeText'))] }),
    planeSection,
    ({ t }) => ({ el: [h('h2', {}, t('mapHeading')), exAt(prose(t('mapText1'), t('mapText2')), 'mapText')] }),
    transformSection,
    ({ t }) => ({ el: [h('h2', {}, t('propsHeading')), prose(t('propsText1'), t('propsText2'))] }),
    propsSection,
  ],
});
