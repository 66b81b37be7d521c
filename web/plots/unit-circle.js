// A plane view of a 2 x 2 linear map acting on the unit circle: the image
// of the circle (a closed curve of points, drawn filled), optionally the
// previous stage as a dashed ghost, and marked vectors from the origin with
// arrowheads and labels. The caller passes points already mapped (by the
// core); this file only draws. Colours follow CSS classes (`--c`).
//
//   const view = createUnitCircle({ariaLabel, size: 320})
//   view.set({domain: 3, curve: [[x, y], ...], ghost: [[x, y], ...] | null,
//             vectors: [{v: [x, y], className, label}], ghostVectors: [...]})
import { scaleLinear } from 'd3';
import { h, morph } from '../ui/dom.js';
import { s, arrowHead } from './svg.js';
import { createDataTable } from './data-table.js';

function niceStep(domain) {
  for (const st of [0.5, 1, 2, 5, 10]) if (domain / st <= 3) return st;  // at most 13 labels per axis
  return 20;
}

export function createUnitCircle({ ariaLabel = '', size = 320 } = {}) {
  const svg = s('svg', { class: 'uc-plot', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${size} ${size}`, width: size });
  const data = createDataTable();
  const el = h('figure', { class: 'figure uc-figure' }, svg, data.el);
  // The plot is a square; its tick labels sit in margins outside it (on the
  // axes they crowded the unit circle where it crosses them).
  const padL = 28, padB = 22, padT = 6;
  const side = size - padL - padT;

  function set({ domain = 2, curve = [], ghost = null, vectors = [], ghostVectors = [], description = '' } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    const sx = scaleLinear([-domain, domain], [padL, padL + side]);
    const sy = scaleLinear([-domain, domain], [padT + side, padT]);
    const [xa, xb] = [padL, padL + side], [ya, yb] = [padT, padT + side];
    const path = (pts) => (pts.length ? `M${pts.map(([x, y]) => `${sx(x).toFixed(2)},${sy(y).toFixed(2)}`).join('L')}Z` : '');
    const defs = s('defs');
    out.appendChild(defs);
    out.appendChild(s('title', {}, description || ariaLabel));

    const st = niceStep(domain);
    const grid = s('g', { class: 'uc-grid' });
    grid.appendChild(s('rect', { x: xa, y: ya, width: side, height: side, class: 'uc-frame' }));
    for (let v = -Math.floor(domain / st) * st; v <= domain + 1e-9; v += st) {
      const label = String(Number(v.toFixed(2))).replace('-', '−');
      if (Math.abs(v) > 1e-9) {
        grid.appendChild(s('line', { x1: sx(v), x2: sx(v), y1: ya, y2: yb }));
        grid.appendChild(s('line', { x1: xa, x2: xb, y1: sy(v), y2: sy(v) }));
      }
      grid.appendChild(s('text', { x: sx(v), y: yb + 15, 'text-anchor': 'middle', class: 'plot-tick' }, label));
      // At the bottom corner the x axis's label stands for both.
      if (Math.abs(v + domain) > 1e-9) grid.appendChild(s('text', { x: xa - 5, y: sy(v) + 4, 'text-anchor': 'end', class: 'plot-tick' }, label));
    }
    out.appendChild(grid);
    out.appendChild(s('line', { x1: xa, x2: xb, y1: sy(0), y2: sy(0), class: 'uc-axis' }));
    out.appendChild(s('line', { x1: sx(0), x2: sx(0), y1: ya, y2: yb, class: 'uc-axis' }));
    // The unit circle, always, as the reference every stage started from.
    out.appendChild(s('circle', { cx: sx(0), cy: sy(0), r: sx(1) - sx(0), class: 'uc-ref' }));

    if (ghost) out.appendChild(s('path', { d: path(ghost), class: 'uc-ghost' }));
    out.appendChild(s('path', { d: path(curve), class: 'uc-curve' }));

    const arrow = (q, ghostly) => {
      const head = arrowHead(q.className);
      defs.appendChild(head.el);
      const [x, y] = q.v;
      const g = s('g', { class: `uc-vec ${q.className || ''} ${ghostly ? 'ghost' : ''}` });
      g.appendChild(s('line', { x1: sx(0), y1: sy(0), x2: sx(x), y2: sy(y), 'marker-end': ghostly ? null : head.url }));
      if (q.label && !ghostly) {
        // Beyond the tip, on the side the vector points to (start- or
        // end-anchored, never centred on an axis); a nearly horizontal
        // vector's label sits above or below the x axis, not on it.
        const len = Math.hypot(x, y) || 1, dx = x / len, dy = y / len;
        const flat = Math.abs(dy) < 0.35;
        // flat: over the shaft near its tip (the tip is on the curve, the axis under it; a
        // previous stage's vectors leave the origin at other angles)
        const lx = flat ? sx(0.78 * x) : sx(x) + dx * 8 + (dx >= 0 ? 3 : -3);
        const ly = flat ? sy(0.78 * y) + (dy >= 0 ? -7 : 15) : sy(y) - dy * 10 + (dy >= 0 ? -3 : 13);
        g.appendChild(s('text', { x: lx, y: ly, 'text-anchor': flat ? 'middle' : dx >= 0 ? 'start' : 'end', class: 'uc-label' }, q.label));
      }
      out.appendChild(g);
    };
    ghostVectors.forEach((q) => arrow(q, true));
    vectors.forEach((q) => arrow(q, false));
    const t = data.t;
    morph(svg, out);
    data.set([
      { caption: t('figure.vectors'), head: [t('figure.name'), 'x', 'y'], rows: vectors.map((q, i) => [q.label || String(i + 1), q.v[0], q.v[1]]) },
      { caption: t('figure.curvePoints'), head: [t('figure.point'), 'x', 'y'], rows: curve.map(([x, y], i) => [String(i + 1), x, y]) },
    ]);
  }

  return { el, svg, set };
}
