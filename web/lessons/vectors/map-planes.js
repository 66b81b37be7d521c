// The two planes of the vectors lesson's map (part 2): the input plane
// (the unit square, e1, e2 and the point x, dragged) and its image (the
// mapped grid and square, the columns w1 = W e1 and w2 = W e2 drawn from b
// and dragged to edit W, b itself, and h).
import { fmt } from '../../util/format.js';
import { createVectorPlane } from '../../plots/vector-plane.js';
import { inputLayers, outputLayers } from './map.js';
import schema from './params.js';

const P = schema.params;
// A dragged point, on the 0.1 grid and within [-lim, lim].
const snap = (x, lim) => Math.round(Math.max(-lim, Math.min(lim, x)) * 10) / 10;

export function createMapPlanes({ t, values, set }) {
  const label = (name) => (p) => t('tipLabel', { name, x: fmt(p[0], 3), y: fmt(p[1], 3) });
  const inPlane = createVectorPlane({
    ariaLabel: t('inputFigure'), domain: 3.5, size: 320,
    handles: [{ id: 'x', name: 'x', className: 'vt-x', label: label('x') }],
    onMove: (_, p) => set({ x: p.map((c) => snap(c, P.x.max)) }),
  });
  const colLabel = (k, j) => () => t('colLabel', { k, x: fmt(values.Wmap[0][j], 3), y: fmt(values.Wmap[1][j], 3) });
  const outPlane = createVectorPlane({
    ariaLabel: t('outputFigure'), domain: 4, size: 320,
    handles: [
      { id: 'w1', name: 'w₁', className: 'vt-c1', label: colLabel(1, 0) },
      { id: 'w2', name: 'w₂', className: 'vt-c2', label: colLabel(2, 1) },
      { id: 'b', name: 'b', className: 'vt-b', label: label('b') },
    ],
    // A column's tip sits at b + w_j: moving it sets column j of W.
    onMove: (id, p) => {
      const { b } = values;
      if (id === 'b') { set({ b: p.map((c) => snap(c, P.b.max)) }); return; }
      const j = id === 'w1' ? 0 : 1;
      const W = values.Wmap.map((row) => row.slice());
      W[0][j] = snap(p[0] - b[0], P.W.max);
      W[1][j] = snap(p[1] - b[1], P.W.max);
      set({ W });
    },
  });

  // Step id with the core's map m (null: none) of vals {Wmap, b, x}; returns whether there was a map to draw.
  function draw(id, m, { Wmap: W, b, x }) {
    if (!m) { inPlane.set({ handles: { x } }); outPlane.set({}); return false; }
    inPlane.set({ handles: { x }, layers: inputLayers(id, m, { x }) });
    const w1 = [b[0] + W[0][0], b[1] + W[1][0]], w2 = [b[0] + W[0][1], b[1] + W[1][1]];
    outPlane.set({ handles: { w1, w2, b }, tails: { w1: b, w2: b }, layers: outputLayers(id, m, { W, b, x, t }) });
    return true;
  }
  return { inPlane, outPlane, draw };
}
