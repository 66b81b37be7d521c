// The layers of the x-y chart (xy-chart.js), each drawn into the plot's
// clipped <g> with its legend entries: shaded bands (x, lo, hi), horizontal
// and vertical reference lines with an optional text, and series (a line
// through the points, dots, a fitted power law). X and Y map data to
// pixels, already kept in a range SVG renders.
import { h } from '../ui/dom.js';
import { s, circlesPath } from './svg.js';
import { textWidth } from './text-width.js';

const cls = (base, c) => `${base} ${c || ''}`;
const tip = (label) => (label ? s('title', {}, label) : null);
const entry = (className, swatch, label) => h('li', { class: className || '' }, h('span', { class: swatch, 'aria-hidden': 'true' }), label);

export function drawBands(g, items, bands, X, Y) {
  for (const b of bands) {
    const pts = b.points.filter((p) => [p[0], p[1], p[2]].every(Number.isFinite));
    if (pts.length < 2) continue;
    const d = `M${pts.map((p) => `${X(p[0])},${Y(p[2])}`).join('L')}L${pts.slice().reverse().map((p) => `${X(p[0])},${Y(p[1])}`).join('L')}Z`;
    g.appendChild(s('path', { d, class: cls('xy-band', b.className) }, tip(b.label)));
    if (b.label) items.appendChild(entry(b.className, 'xy-band-swatch', b.label));
  }
}

// Does a polyline (pixel points) pass through the box [xa, xb] x [ya, yb]?
function crosses(pts, [xa, ya, xb, yb]) {
  for (let k = 1; k < pts.length; k++) {
    const [p, q] = [pts[k - 1], pts[k]];
    if (Math.max(p[0], q[0]) < xa || Math.min(p[0], q[0]) > xb) continue;
    // Sample the segment: the boxes are small, the segments short.
    for (let u = 0; u <= 1; u += 0.125) {
      const x = p[0] + (q[0] - p[0]) * u, y = p[1] + (q[1] - p[1]) * u;
      if (x >= xa && x <= xb && y >= ya && y <= yb) return true;
    }
  }
  return false;
}

// Lines outside the y domain are left out; the text sits above the line's
// right end, or, where a series (paths: pixel polylines) would run through
// it, below it or at the left end.
export function drawHlines(g, items, lines, Y, sy, [x0, x1], paths = []) {
  const [lo, hi] = sy.domain();
  for (const l of lines) {
    if (!Number.isFinite(l.y) || l.y < lo * (1 - 1e-9) || l.y > hi * (1 + 1e-9)) continue;
    const y = Y(l.y);
    g.appendChild(s('line', { x1: x0, x2: x1, y1: y, y2: y, class: cls('xy-hline', l.className) }, tip(l.label)));
    if (l.text) {
      const w = textWidth(l.text);
      const spots = [[x1 - 4, y - 5, 'end'], [x1 - 4, y + 14, 'end'], [x0 + 4, y - 5, 'start'], [x0 + 4, y + 14, 'start']];
      const box = ([x, ty, anchor]) => (anchor === 'end' ? [x - w - 2, ty - 11, x + 2, ty + 3] : [x - 2, ty - 11, x + w + 2, ty + 3]);
      const [tx, ty, anchor] = spots.find((sp) => !paths.some((pts) => crosses(pts, box(sp)))) || spots[0];
      g.appendChild(s('text', { x: tx, y: ty, 'text-anchor': anchor, class: cls('xy-ref-text', l.className) }, l.text));
    }
    if (l.label) items.appendChild(entry(`${l.className || ''} dashed`, 'lc-swatch', l.label));
  }
}

// The text sits right of the line (align: 'end': left of it), in row `row`
// from the top so that two texts at close x do not overlap.
export function drawVlines(g, items, lines, X, [y0, y1]) {
  for (const l of lines) {
    if (!Number.isFinite(l.x)) continue;
    const x = X(l.x), end = l.align === 'end';
    g.appendChild(s('line', { x1: x, x2: x, y1, y2: y0, class: cls('xy-vline', l.className) }, tip(l.label)));
    if (l.text) g.appendChild(s('text', { x: end ? x - 4 : x + 4, y: y1 + 12 + 14 * (l.row || 0), 'text-anchor': end ? 'end' : null, class: cls('xy-ref-text', l.className) }, l.text));
    if (l.label) items.appendChild(entry(`${l.className || ''} dashed`, 'lc-swatch', l.label));
  }
}

// A series: {points, className, label, noLine, dots, r, markers, tip(x, y), fit}.
// A gap where a point cannot be drawn. markers: each point a ringed circle
// with its own title (tip), for points a learner reads one by one; the line
// then only guides the eye. fit: {slope, intercept, from, to}, the power
// law 10^intercept x^slope, dashed from `from` to `to`.
export function drawSeries(g, items, series, X, Y, drawable) {
  for (const q of series) {
    if (q.fit && Number.isFinite(q.fit.slope)) {
      const f = (x) => 10 ** (q.fit.intercept + q.fit.slope * Math.log10(x));
      const { from: a, to: b } = q.fit;
      g.appendChild(s('line', { x1: X(a), y1: Y(f(a)), x2: X(b), y2: Y(f(b)), class: cls('xy-fit', q.className) }));
    }
    let d = '', pen = false;
    for (const p of q.points) {
      if (!drawable(p)) { pen = false; continue; }
      d += `${pen ? 'L' : 'M'}${X(p[0]).toFixed(2)},${Y(p[1]).toFixed(2)}`;
      pen = true;
    }
    if (!q.noLine) g.appendChild(s('path', { d, class: cls(q.markers ? 'xy-line xy-guide' : 'xy-line', q.className) }, tip(q.label)));
    const at = q.points.filter(drawable);
    if (q.markers) {
      for (const [x, y] of at) g.appendChild(s('circle', { cx: X(x), cy: Y(y), r: q.r || 3.2, class: cls('xy-dot xy-marker', q.className) }, s('title', {}, q.tip ? q.tip(x, y) : `${x}, ${y}`)));
    } else if ((q.dots || q.points.length === 1) && at.length) {
      g.appendChild(s('path', { d: circlesPath(at.map(([x, y]) => [X(x), Y(y)]), q.r || 2.6), class: cls('xy-dot', q.className) }));
    }
    if (q.label) items.appendChild(entry(q.className, q.noLine ? 'xy-dot-swatch' : 'lc-swatch', q.label));
  }
}
