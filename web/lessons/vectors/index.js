// Lesson "Vectors and matrices": vectors u, v dragged on a plane (sum,
// scalar multiple, dot product with angle and projection, norms as balls),
// a 2 x 2 matrix as the map h = W x + b with det and trace, and the rules of
// matrix algebra checked on random matrices. Every number comes from the
// core (lab.add, scale, dot, norm, affine, det, trace, matmul, transpose).
import { h } from '../../core/dom.js';
import { prose } from '../shared/kit.js';
import { createVectorPart } from './plane.js';
import { createTransformPart } from './transform.js';
import { createPropsPart } from './props.js';

// Marks an element as the place an exercise card goes after (exercises.js `at`).
const exAt = (node, id) => { node.dataset.ex = id; return node; };

export default {
  id: 'vectors',
  mount(el, ctx) {
    const { t } = ctx;
    const vecs = createVectorPart(ctx);
    const map = createTransformPart(ctx);
    const props = createPropsPart(ctx);
    el.append(
      prose(t('intro1'), t('intro2')),
      h('h2', {}, t('planeHeading')),
      prose(t('planeText')),
      exAt(vecs.el, 'plane'),
      h('h2', {}, t('mapHeading')),
      exAt(prose(t('mapText1'), t('mapText2')), 'mapText'),
      exAt(map.el, 'map'),
      h('h2', {}, t('propsHeading')),
      prose(t('propsText1'), t('propsText2')),
      exAt(props.el, 'props'),
    );
    return { destroy: () => { vecs.destroy(); map.destroy(); } };
  },
};
