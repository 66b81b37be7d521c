// A 2-D coordinate plane for vectors and linear maps, in SVG. Draggable
// handles (vector tips) move by pointer (mouse, pen, touch) or, once
// focused with Tab, by the arrow keys (Shift: 10x bigger steps). Layers
// under the handles draw arrows, polygons, segments, arcs, circles, dots
// and text, all in data coordinates; colours come from CSS classes (a
// class sets --c). Handles keep their DOM node across updates, so a drag
// survives the figure being redrawn on every move.
//
//   const pl = createVectorPlane({ariaLabel, domain: 5, handles: [{id: 'u', name: 'u', className: 'vp-u',
//     label: (p) => 'u = (3, 1)'}], onMove: (id, [x, y]) => ...})
//   pl.set({handles: {u: [3, 1]}, layers: [
//     {type: 'arrow', from, to, className, dashed}       {type: 'segment', from, to, className}
//     {type: 'polygon', points, className}               {type: 'polyline', points, className, arrow}
//     {type: 'circle', center, r (data units), className} {type: 'dot', at, className}
//     {type: 'arc', center, r (px), a0, a1 (radians), className, arrow}
//     {type: 'rightAngle', at, d1, d2 (data directions), className}
//     {type: 'text', at, text, className, dx, dy, anchor}]})
import { scaleLinear } from 'd3';
import { h } from '../ui/dom.js';
import { fmt } from '../util/format.js';
import { whenRendered } from '../layout/frames.js';
import { s, clipRect, arrowHead, toSvgPoint, clampPx } from './svg.js';
import { createDataTable } from './data-table.js';

const MARGIN = 6;

export function createVectorPlane({ ariaLabel = '', domain = 5, size = 340, handles = [], step = 0.1, precision = 0.1, onMove } = {}) {
  const lo = MARGIN, hi = size - MARGIN;
  const sx = scaleLinear([-domain, domain], [lo, hi]);
  const sy = scaleLinear([-domain, domain], [hi, lo]);
  const unit = sx(1) - sx(0);
  const px = ([x, y]) => [clampPx(sx(x)), clampPx(sy(y))];
  // Labels stay inside the frame even when what they name is near its edge.
  const inX = (x) => Math.max(lo + 14, Math.min(hi - 14, x));
  const inY = (y) => Math.max(lo + 14, Math.min(hi - 5, y));
  const svg = s('svg', { class: 'vplane', role: 'group', 'aria-label': ariaLabel, viewBox: `0 0 ${size} ${size}`, width: size });
  const data = createDataTable();
  const el = h('figure', { class: 'figure vplane-figure' }, svg, data.el);
  const clip = clipRect(lo, lo, hi - lo, hi - lo);
  const defs = s('defs', {}, clip.el);
  const layerG = s('g', { 'clip-path': clip.url, class: 'vp-layers', 'aria-hidden': 'true' });
  const handleG = s('g', { class: 'vp-handles' });
  svg.append(defs, s('g', { 'aria-hidden': 'true' }, grid()), layerG, handleG);

  // One arrowhead marker per colour class, made on first use.
  const markers = new Map();
  function marker(className) {
    if (!markers.has(className)) {
      const m = arrowHead(className);
      defs.appendChild(m.el);
      markers.set(className, m.url);
    }
    return markers.get(className);
  }

  function grid() {
    const g = s('g', { class: 'vp-grid' });
    const every = unit >= 24 ? 1 : 2;
    for (let k = Math.ceil(-domain); k <= Math.floor(domain); k++) {
      const cls = k === 0 ? 'vp-axis' : 'vp-gridline';
      g.appendChild(s('line', { x1: sx(k), x2: sx(k), y1: lo, y2: hi, class: cls, 'data-own': `x${k}` }));
      g.appendChild(s('line', { x1: lo, x2: hi, y1: sy(k), y2: sy(k), class: cls, 'data-own': `y${k}` }));
      if (k !== 0 && k % every === 0 && Math.abs(k) < domain) {
        g.appendChild(s('text', { x: sx(k), y: sy(0) + 13, 'text-anchor': 'middle', class: 'vp-tick', 'data-own': `x${k}`, 'data-alt': `0,-18` }, fmt(k)));
        g.appendChild(s('text', { x: sx(0) - 5, y: sy(k) + 4, 'text-anchor': 'end', class: 'vp-tick', 'data-own': `y${k}`, 'data-alt': `${10 + 7 * fmt(k).length},0` }, fmt(k)));
      }
    }
    g.appendChild(s('rect', { x: lo, y: lo, width: hi - lo, height: hi - lo, class: 'vp-frame' }));
    return g;
  }

  const round = (v) => Number((Math.round(Math.min(domain, Math.max(-domain, v)) / precision) * precision).toFixed(6));
  const toData = (e) => { const q = toSvgPoint(svg, e.clientX, e.clientY); return [sx.invert(q.x), sy.invert(q.y)]; };

  const pos = {};
  const nodes = {};
  for (const hd of handles) {
    const text = s('text', { class: `vp-name ${hd.className || ''}`, 'text-anchor': 'middle' }, hd.name || hd.id);
    const g = s('g', { class: `vp-handle ${hd.className || ''}`, tabindex: '0', role: 'button' },
      s('circle', { class: 'vp-hit', r: 20 }), s('circle', { class: 'vp-knob', r: 9 }));
    handleG.append(s('g', { 'aria-hidden': 'true' }, text), g);
    nodes[hd.id] = { g, text, hd };
    g.addEventListener('keydown', (e) => {
      const d = step * (e.shiftKey ? 10 : 1);
      const mv = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, d], ArrowDown: [0, -d] }[e.key];
      if (!mv || !pos[hd.id]) return;
      e.preventDefault();
      e.stopPropagation();
      onMove && onMove(hd.id, [round(pos[hd.id][0] + mv[0]), round(pos[hd.id][1] + mv[1])]);
    });
    // A touch that starts on a handle drags it instead of scrolling the page.
    g.addEventListener('touchstart', (e) => e.preventDefault(), { passive: false });
    g.addEventListener('pointerdown', (e) => {
      if ((e.button !== undefined && e.button !== 0) || !pos[hd.id]) return;
      e.preventDefault();
      g.focus({ preventScroll: true });
      if (g.setPointerCapture) g.setPointerCapture(e.pointerId);
      const start = toData(e);
      const offset = [pos[hd.id][0] - start[0], pos[hd.id][1] - start[1]];
      g.classList.add('dragging');
      const move = (ev) => {
        const p = toData(ev);
        onMove && onMove(hd.id, [round(p[0] + offset[0]), round(p[1] + offset[1])]);
      };
      const up = () => {
        g.classList.remove('dragging');
        g.removeEventListener('pointermove', move);
        g.removeEventListener('pointerup', up);
        g.removeEventListener('pointercancel', up);
      };
      g.addEventListener('pointermove', move);
      g.addEventListener('pointerup', up);
      g.addEventListener('pointercancel', up);
    });
  }

  function drawLayer(L) {
    const cls = L.className || '';
    switch (L.type) {
      case 'arrow': {
        const [x1, y1] = px(L.from), [x2, y2] = px(L.to);
        if (Math.hypot(x2 - x1, y2 - y1) < 1) return s('circle', { cx: x1, cy: y1, r: 3, class: `vp-dot ${cls}` });
        return s('line', { x1, y1, x2, y2, class: `vp-arrow ${L.dashed ? 'dashed' : ''} ${cls}`, 'marker-end': marker(cls) });
      }
      case 'segment': {
        const [x1, y1] = px(L.from), [x2, y2] = px(L.to);
        return s('line', { x1, y1, x2, y2, class: `vp-seg ${cls}` });
      }
      case 'polygon':
        return s('polygon', { points: L.points.map((p) => px(p).join(',')).join(' '), class: `vp-poly ${cls}` });
      case 'polyline':
        return s('polyline', { points: L.points.map((p) => px(p).join(',')).join(' '), class: `vp-line ${cls}`, 'marker-end': L.arrow ? marker(cls) : null });
      case 'circle': {
        const [cx, cy] = px(L.center);
        return s('circle', { cx, cy, r: Math.max(0, Math.min(1e5, L.r * unit)), class: `vp-ring ${cls}` });
      }
      case 'dot': {
        const [cx, cy] = px(L.at);
        return s('circle', { cx, cy, r: L.r || 4, class: `vp-dot ${cls}` });
      }
      case 'arc': {
        const [cx, cy] = px(L.center);
        let d = L.a1 - L.a0;
        if (Math.abs(d) < 1e-9) return null;
        const p0 = [cx + L.r * Math.cos(L.a0), cy - L.r * Math.sin(L.a0)];
        const p1 = [cx + L.r * Math.cos(L.a1), cy - L.r * Math.sin(L.a1)];
        const large = Math.abs(d) > Math.PI ? 1 : 0;
        const sweep = d > 0 ? 0 : 1;
        return s('path', { d: `M${p0.join(',')} A${L.r},${L.r} 0 ${large} ${sweep} ${p1.join(',')}`, class: `vp-arc ${cls}`, 'marker-end': L.arrow ? marker(cls) : null });
      }
      case 'rightAngle': {
        const [fx, fy] = px(L.at);
        const dir = ([a, b]) => { const n = Math.hypot(a, b) || 1; return [(a / n) * 9, (-b / n) * 9]; };
        const a = dir(L.d1), b = dir(L.d2);
        return s('polyline', { points: `${fx + a[0]},${fy + a[1]} ${fx + a[0] + b[0]},${fy + a[1] + b[1]} ${fx + b[0]},${fy + b[1]}`, class: `vp-right ${cls}` });
      }
      case 'text': {
        const [x, y] = px(L.at);
        return s('text', { x: inX(x + (L.dx || 0)), y: inY(y + (L.dy || 0)), 'text-anchor': L.anchor || 'middle', class: `vp-label ${cls}` }, L.text);
      }
      default:
        return null;
    }
  }

  // Place a handle's name a little beyond its tip, away from the origin it
  // is drawn from (from: the arrow's tail, default the origin).
  function placeName(node, p, from = [0, 0]) {
    const [x, y] = px(p), [x0, y0] = px(from);
    const dx = x - x0, dy = y - y0, n = Math.hypot(dx, dy);
    const ox = n > 1 ? (dx / n) * 20 : 14, oy = n > 1 ? (dy / n) * 20 : -14;
    node.text.setAttribute('x', String(inX(x + ox)));
    node.text.setAttribute('y', String(inY(y + oy + 5)));
    delete node.text.dataset.x;
  }

  // Labels clear of lines and of each other: each label takes
  // the first of its candidate places (its own place first) where no line
  // of the figure (the axes, the layers; not the faint grid) crosses its glyphs and no label placed before it lies;
  // handle names first, then the layers' texts, then the axis ticks (a
  // tick tries the other side of its axis, else it is left out). Boxes
  // come from one getBBox per label, moved by the candidates' offsets.
  const RING = [[0, 0]];
  for (const r of [7, 12, 18, 26]) for (let a = 0; a < 16; a++) RING.push([Math.round(r * Math.cos((a * Math.PI) / 8)), Math.round(r * Math.sin((a * Math.PI) / 8))]);
  function crosses([x1, y1, x2, y2], b) {
    // Liang–Barsky: does the segment enter the box?
    let t0 = 0, t1 = 1;
    const dx = x2 - x1, dy = y2 - y1;
    for (const [p, q] of [[-dx, x1 - b.l], [dx, b.r - x1], [-dy, y1 - b.t], [dy, b.b - y1]]) {
      if (p === 0) { if (q < 0) return false; continue; }
      const r = q / p;
      if (p < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
    }
    return true;
  }
  function layout() {
    if (!svg.isConnected) return;
    const labels = [...handleG.querySelectorAll('text.vp-name'), ...layerG.querySelectorAll('text.vp-label'), ...svg.querySelectorAll('text.vp-tick')]
      .filter((t) => !t.closest('[display="none"]') && t.textContent);
    // Every label back at its own place first, then all boxes read in one
    // layout, then every label moved: a read after each move forced a
    // layout per label (vectors' α slider: 5-20 ms of an update).
    for (const t of labels) {
      t.removeAttribute('display');
      if (t.dataset.x === undefined) { t.dataset.x = t.getAttribute('x'); t.dataset.y = t.getAttribute('y'); }
      t.setAttribute('x', t.dataset.x); t.setAttribute('y', t.dataset.y);
    }
    if (!svg.getClientRects().length) return;
    const segs = [];
    for (const l of svg.querySelectorAll('line')) {
      if (l.closest('[display="none"]') || l.classList.contains('vp-gridline')) continue;  // the faint background grid may pass behind a label
      segs.push({ own: l.dataset.own, c: ['x1', 'y1', 'x2', 'y2'].map((k) => l[k].baseVal.value) });
    }
    for (const pl of svg.querySelectorAll('polyline')) {
      const pts = [...pl.points];
      for (let i = 1; i < pts.length; i++) segs.push({ c: [pts[i - 1].x, pts[i - 1].y, pts[i].x, pts[i].y] });
    }
    const sizes = new Map();  // font size by class: one style read each
    const boxes = labels.map((t) => {
      const bb = t.getBBox(), k = t.getAttribute('class') || '';
      if (!sizes.has(k)) sizes.set(k, parseFloat(getComputedStyle(t).fontSize) || 12);
      const f = sizes.get(k);
      return { l: bb.x + 1, r: bb.x + bb.width - 1, t: bb.y + 0.2 * f, b: bb.y + bb.height - 0.1 * f };
    });
    const placed = [];
    labels.forEach((t, k) => {
      const box = boxes[k];
      const x = Number(t.dataset.x), y = Number(t.dataset.y);
      const tick = t.classList.contains('vp-tick');
      const cands = tick ? [[0, 0], t.dataset.alt.split(',').map(Number)] : RING;
      const free = ([ox, oy]) => {
        const b = { l: box.l + ox, r: box.r + ox, t: box.t + oy, b: box.b + oy };
        if (b.l < lo || b.r > hi || b.t < lo || b.b > hi) return null;
        if (segs.some((sg) => sg.own !== (tick ? t.dataset.own : '-') && crosses(sg.c, b))) return null;
        if (placed.some((q) => q.l < b.r && b.l < q.r && q.t < b.b && b.t < q.b)) return null;
        return b;
      };
      let got = null, at = [0, 0];
      for (const c of cands) { got = free(c); if (got) { at = c; break; } }
      if (!got && tick) { t.setAttribute('display', 'none'); return; }
      if (at[0] || at[1]) { t.setAttribute('x', String(x + at[0])); t.setAttribute('y', String(y + at[1])); }
      if (tick && at[0] && t.getAttribute('text-anchor') === 'end') { t.setAttribute('text-anchor', 'start'); t.setAttribute('x', String(sx(0) + 5)); }
      placed.push(got || { l: box.l, r: box.r, t: box.t, b: box.b });
    });
  }

  function set({ handles: hp = {}, tails = {}, layers = [] }) {
    while (layerG.firstChild) layerG.removeChild(layerG.firstChild);
    for (const L of layers) { const n = L && drawLayer(L); if (n) layerG.appendChild(n); }
    for (const [id, node] of Object.entries(nodes)) {
      const p = hp[id];
      pos[id] = p ? p.slice() : null;
      for (const n of [node.g, node.text]) if (p) n.removeAttribute('display'); else n.setAttribute('display', 'none');
      if (!p) continue;
      const [x, y] = px(p);
      node.g.setAttribute('transform', `translate(${x},${y})`);
      node.g.setAttribute('aria-label', node.hd.label ? node.hd.label(p) : node.hd.id);
      placeName(node, p, tails[id]);
    }
    // Now if the figure is on screen (a drag), else once it is (a plane made before it is mounted).
    if (svg.isConnected && svg.getClientRects().length) layout();
    else whenRendered(svg, layout);
    // The handles (the vectors one can move) and the arrows drawn, tail and tip.
    const t = data.t;
    data.set([
      { caption: ariaLabel, head: [t('figure.name'), 'x', 'y'],
        rows: Object.values(nodes).filter((nd) => pos[nd.hd.id]).map((nd) => [nd.hd.name || nd.hd.id, ...pos[nd.hd.id]]) },
      { caption: t('figure.arrows'), head: ['#', `${t('figure.from')} x`, `${t('figure.from')} y`, `${t('figure.to')} x`, `${t('figure.to')} y`],
        rows: layers.filter((L) => L && L.type === 'arrow').map((L, k) => [String(k + 1), L.from[0], L.from[1], L.to[0], L.to[1]]) },
    ]);
  }

  return { el, svg, set, domain };
}
