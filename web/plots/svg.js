// SVG helpers shared by the plots: the element builder (ui/dom.js's s(),
// re-exported so that a plot imports its drawing tools from one place),
// pooled shapes, clip rectangles, arrowhead markers, axis ticks, and
// pointer -> SVG coordinates. Attributes only: never style strings, never
// HTML strings (the page's CSP forbids inline styles).
import { nextId, s } from '../ui/dom.js';
import { fmt } from '../util/format.js';

export { s };

// Exactly n <tag> children in g, reused from the last update (made or
// removed as needed), for the caller to set every attribute of: replacing
// hundreds of shapes on each slider move cost most of a frame.
export function pool(g, n, tag) {
  while (g.childElementCount > n) g.removeChild(g.lastElementChild);
  while (g.childElementCount < n) g.appendChild(s(tag));
  return g.children;
}

// Sets (or, for null / undefined, removes) attributes of a pooled element;
// an unchanged value is not set again (each set invalidates style).
export function attrs(el, a) {
  for (const k in a) {
    const v = a[k];
    if (v === undefined || v === null) { if (el.hasAttribute(k)) el.removeAttribute(k); }
    else {
      const text = String(v);
      if (el.getAttribute(k) !== text) el.setAttribute(k, text);
    }
  }
  return el;
}

// A clip rectangle; returns {el, url} (url for clip-path="..."). A plot that
// redraws through morph passes the same id every time, so that its kept
// nodes keep their clip.
export function clipRect(x, y, width, height, id = nextId('clip')) {
  const el = s('clipPath', { id }, s('rect', { x, y, width, height }));
  return { el, url: `url(#${id})` };
}

// An arrowhead marker whose colour follows the CSS class given (the class
// sets `fill`). Returns {el, url}.
export function arrowHead(className) {
  const id = nextId('ah');
  const el = s('marker', { id, viewBox: '0 0 10 10', refX: '8.5', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse', markerUnits: 'strokeWidth' },
    s('path', { d: 'M0,0 L10,5 L0,10 z', class: `arrowhead ${className || ''}` }));
  return { el, url: `url(#${id})` };
}

// Client (pointer) coordinates -> the SVG's user coordinates.
export function toSvgPoint(svg, clientX, clientY) {
  const m = svg.getScreenCTM();
  if (!m) return { x: 0, y: 0 };
  const pt = svg.createSVGPoint();
  pt.x = clientX;
  pt.y = clientY;
  const p = pt.matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

// Small circles of radius r at pixel points, as one path's d (two half
// arcs each): one element for a run of dots instead of a <circle> each.
export function circlesPath(points, r) {
  const arcs = `a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  let d = '';
  for (const [x, y] of points) d += `M${(x - r).toFixed(2)},${y.toFixed(2)}${arcs}`;
  return d;
}

// Keeps a pixel coordinate in a range SVG renders reliably (a diverging
// optimizer can send x to 1e300).
export const clampPx = (v) => (Number.isFinite(v) ? Math.max(-1e5, Math.min(1e5, v)) : 0);

// Superscript digits for tick labels like 10⁻⁶.
const SUP = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
export const pow10Label = (e) => (e === 0 ? '1' : e === 1 ? '10' : `10${String(e).split('').map((c) => SUP[c] || c).join('')}`);

// Bottom and left axes with ticks for linear d3 scales; returns a <g>.
export function axes({ sx, sy, xTicks = 6, yTicks = 5, xLabel = '', yLabel = '', yFormat, xFormat }) {
  const [x0, x1] = sx.range();
  const [y0, y1] = sy.range();  // y0 bottom, y1 top
  const g = s('g', { class: 'plot-axes' });
  g.appendChild(s('line', { x1: x0, x2: x1, y1: y0, y2: y0, class: 'plot-axis' }));
  g.appendChild(s('line', { x1: x0, x2: x0, y1: y0, y2: y1, class: 'plot-axis' }));
  const xt = Array.isArray(xTicks) ? xTicks : sx.ticks(xTicks);
  for (const v of xt) {
    const x = sx(v);
    g.appendChild(s('line', { x1: x, x2: x, y1: y0, y2: y0 + 4, class: 'plot-axis' }));
    g.appendChild(s('text', { x, y: y0 + 16, 'text-anchor': 'middle', class: 'plot-tick' }, xFormat ? xFormat(v) : fmt(v, 3)));
  }
  const yt = Array.isArray(yTicks) ? yTicks : sy.ticks(yTicks);
  for (const v of yt) {
    const y = sy(v);
    g.appendChild(s('line', { x1: x0 - 4, x2: x0, y1: y, y2: y, class: 'plot-axis' }));
    g.appendChild(s('text', { x: x0 - 7, y: y + 4, 'text-anchor': 'end', class: 'plot-tick' }, yFormat ? yFormat(v) : fmt(v, 3)));
  }
  if (xLabel) g.appendChild(s('text', { x: (x0 + x1) / 2, y: y0 + 34, 'text-anchor': 'middle', class: 'plot-label' }, xLabel));
  if (yLabel) {
    const cy = (y0 + y1) / 2;
    g.appendChild(s('text', { x: 12, y: cy, 'text-anchor': 'middle', class: 'plot-label', transform: `rotate(-90 12 ${cy})` }, yLabel));
  }
  return g;
}
