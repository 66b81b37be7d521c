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
import { h, morph } from '../core/dom.js';
import { s, arrowHead } from './svg.js';
import { createDataTable } from './data-table.js';

function niceStep(domain) {
  for (const st of [0.5, 1, 2, 5, 10]) if (domain / st <= 5) return st;
  return 20;
}

export function createUnitCircle({ ariaLabel = '', size = 320 } = {}) {
  const svg = s('svg', { class: 'uc-plot', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${size} ${size}`, width: size });
  const data = createDataTable();
  const el = h('figure', { class: 'figure uc-figure' }, svg, data.el);
  const pad = 10;

  function set({ domain = 2, curve = [], ghost = null, vectors = [], ghostVectors = [], description = '' } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    const sx = scaleLinear([-domain, domain], [pad, size - pad]);
    const sy = scaleLinear([-domain, domain], [size - pad, pad]);
    const path = (pts) => (pts.length ? `M${pts.map(([x, y]) => `${sx(x).toFixed(2)},${sy(y).toFixed(2)}`).join('L')}Z` : '');
    const defs = s('defs');
    out.appendChild(defs);
    out.appendChild(s('title', {}, description || ariaLabel));

    const st = niceStep(domain);
    const grid = s('g', { class: 'uc-grid' });
    for (let v = -Math.floor(domain / st) * st; v <= domain + 1e-9; v += st) {
      if (Math.abs(v) < 1e-9) continue;
      grid.appendChild(s('line', { x1: sx(v), x2: sx(v), y1: pad, y2: size - pad }));
      grid.appendChild(s('line', { x1: pad, x2: size - pad, y1: sy(v), y2: sy(v) }));
      grid.appendChild(s('text', { x: sx(v), y: sy(0) + 13, 'text-anchor': 'middle', class: 'plot-tick' }, String(Number(v.toFixed(2)))));
    }
    out.appendChild(grid);
    out.appendChild(s('line', { x1: pad, x2: size - pad, y1: sy(0), y2: sy(0), class: 'uc-axis' }));
    out.appendChild(s('line', { x1: sx(0), x2: sx(0), y1: pad, y2: size - pad, class: 'uc-axis' }));
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
        const len = Math.hypot(x, y) || 1;
        const lx = sx(x) + (x / len) * 12, ly = sy(y) - (y / len) * 12 + 4;
        g.appendChild(s('text', { x: lx, y: ly, 'text-anchor': 'middle', class: 'uc-label' }, q.label));
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
