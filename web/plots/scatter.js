// A 2-D scatter plot with draggable points: drag a point, or focus it
// (Tab) and move it with the arrow keys (Shift: bigger steps), Delete or
// Backspace removes it. Clicking the empty plot area reports the spot
// (onBackground), e.g. to add a point. Optional: a vertical handle (a
// query position) dragged left-right or moved by keyboard. Layers under
// the points draw lines, rectangles, vertical lines and markers, all in
// data coordinates. Colours come from CSS classes.
//
//   const sc = createScatter({ariaLabel, xDomain, yDomain, pointLabel: (i, p) => text,
//     onMove: (i, p) => ..., onRemove: (i) => ..., onBackground: (p) => ...,
//     handle: {label: (x) => text, onChange: (x) => ...}})
//   sc.set({points, layers: [{type: 'line', points, className} | {type: 'rect', x0, y0, x1, y1, className}
//     | {type: 'vline', x, className} | {type: 'marker', at, className, label}], sizes, handleX})
import { scaleLinear } from 'd3';
import { h, clear } from '../ui/dom.js';
import { s, axes, clipRect, toSvgPoint, clampPx } from './svg.js';
import { createDataTable } from './data-table.js';

const M = { left: 40, right: 12, top: 10, bottom: 42 };

export function createScatter({ ariaLabel = '', xDomain = [0, 10], yDomain = [0, 10], width = 420, xLabel = 'x', yLabel = 'y',
  pointLabel = (i) => String(i + 1), editable = true, step = 0.1, precision = 0.1, onMove, onRemove, onBackground, handle = null } = {}) {
  const pw = width - M.left - M.right;
  const ph = Math.round(pw * (yDomain[1] - yDomain[0]) / (xDomain[1] - xDomain[0]));
  const height = M.top + ph + M.bottom;
  const sx = scaleLinear(xDomain, [M.left, M.left + pw]);
  const sy = scaleLinear(yDomain, [M.top + ph, M.top]);
  const svg = s('svg', { class: 'scatter', role: 'group', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const data = createDataTable();
  const el = h('figure', { class: 'figure scatter-figure' }, svg, data.el);
  const clip = clipRect(M.left, M.top, pw, ph);
  const hit = s('rect', { x: M.left, y: M.top, width: pw, height: ph, fill: 'transparent', class: onBackground || handle ? 'sc-hit pickable' : 'sc-hit' });
  const layerG = s('g', { 'clip-path': clip.url, class: 'sc-layers' });
  const handleG = handle ? s('g', { class: 'sc-handle', tabindex: '0', role: 'button' }) : null;
  const pointsG = s('g', { class: 'sc-points' });
  svg.append(s('defs', {}, clip.el), s('g', { 'aria-hidden': 'true' }, axes({ sx, sy, xLabel, yLabel })), hit, layerG, handleG || '', pointsG);

  let points = [];
  let handleX = null;
  const els = [];
  const round = (v, lo, hi) => Number((Math.round(Math.min(hi, Math.max(lo, v)) / precision) * precision).toFixed(6));
  const toData = (e) => { const q = toSvgPoint(svg, e.clientX, e.clientY); return [sx.invert(q.x), sy.invert(q.y)]; };
  const clampPoint = ([x, y]) => [round(x, xDomain[0], xDomain[1]), round(y, yDomain[0], yDomain[1])];

  const dragWith = (target, e, f) => dragPointer(target, e, (ev) => f(toData(ev)));

  function makePoint(i) {
    const g = s('g', { class: 'sc-point' }, s('circle', { class: 'sc-ring', r: 13 }), s('circle', { class: 'sc-dot', r: 6 }));
    if (editable) {
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.addEventListener('keydown', (e) => {
        const k = els.indexOf(g);
        if (k < 0) return;
        if ((e.key === 'Delete' || e.key === 'Backspace') && onRemove) { e.preventDefault(); e.stopPropagation(); onRemove(k); return; }
        const d = step * (e.shiftKey ? 10 : 1);
        const mv = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, d], ArrowDown: [0, -d] }[e.key];
        if (!mv || !onMove) return;
        e.preventDefault();
        e.stopPropagation();
        onMove(k, clampPoint([points[k][0] + mv[0], points[k][1] + mv[1]]));
      });
      g.addEventListener('pointerdown', (e) => {
        if (e.button !== undefined && e.button !== 0) return;
        g.focus({ preventScroll: true });
        dragWith(g, e, (p) => { const k = els.indexOf(g); if (k >= 0 && onMove) onMove(k, clampPoint(p)); });
      });
    }
    return g;
  }

  hit.addEventListener('pointerdown', (e) => {
    if (e.button !== undefined && e.button !== 0) return;
    const p = toData(e);
    if (handle) {
      handle.onChange(round(p[0], xDomain[0], xDomain[1]));
      handleG.focus({ preventScroll: true });
      dragWith(hit, e, (q) => handle.onChange(round(q[0], xDomain[0], xDomain[1])));
    } else if (onBackground) {
      e.preventDefault();
      onBackground(clampPoint(p));
    }
  });

  if (handle) keyboardAndDragHandle(handleG, { handle, step, x: () => handleX, toX: (v) => round(v, xDomain[0], xDomain[1]), dragWith });

  function set({ points: pts = points, layers = [], sizes = null, handleX: hx = handleX } = {}) {
    points = pts.map((p) => p.slice());
    while (els.length > points.length) els.pop().remove();
    while (els.length < points.length) { const g = makePoint(els.length); els.push(g); pointsG.appendChild(g); }
    points.forEach((p, i) => {
      const g = els[i];
      const [x, y] = [sx(p[0]), sy(p[1])];
      const r = sizes ? 3 + 9 * Math.sqrt(Math.max(0, Math.min(1, sizes[i]))) : 6;
      g.firstChild.setAttribute('cx', x); g.firstChild.setAttribute('cy', y);
      g.lastChild.setAttribute('cx', x); g.lastChild.setAttribute('cy', y); g.lastChild.setAttribute('r', r);
      g.setAttribute('aria-label', pointLabel(i, p));
    });
    drawLayers(layerG, layers, { sx, sy, ph });
    handleX = hx;
    if (handleG && handleX !== null) {
      clear(handleG);
      const x = sx(handleX);
      handleG.append(s('rect', { x: x - 9, y: M.top, width: 18, height: ph, class: 'sc-handle-hit' }), s('line', { x1: x, x2: x, y1: M.top, y2: M.top + ph, class: 'sc-handle-line' }),
        s('polygon', { points: `${x - 7},${M.top + ph + 1} ${x + 7},${M.top + ph + 1} ${x},${M.top + ph - 10}`, class: 'sc-handle-knob' }));
      handleG.setAttribute('aria-label', handle.label(handleX));
    }
    setData(data, { ariaLabel, xLabel, yLabel, points, layers, sizes, handle, handleX });
  }

  const focusPoint = (i) => { if (els[i]) els[i].focus({ preventScroll: true }); };
  return { el, svg, set, focusPoint, scales: { sx, sy } };
}

// The layers under the points: lines (a gap at a missing or infinite y),
// rectangles, vertical lines and markers, in layerG.
function drawLayers(layerG, layers, { sx, sy, ph }) {
  clear(layerG);
  for (const l of layers) {
    if (l.type === 'line') {
      let d = '';
      let pen = false;
      for (const p of l.points) {
        if (!p || !Number.isFinite(p[1])) { pen = false; continue; }
        d += `${pen ? 'L' : 'M'}${clampPx(sx(p[0])).toFixed(2)},${clampPx(sy(p[1])).toFixed(2)}`;
        pen = true;
      }
      layerG.appendChild(s('path', { d, class: `sc-line ${l.className || ''}` }, l.label ? s('title', {}, l.label) : null));
    } else if (l.type === 'rect') {
      const x = clampPx(sx(Math.min(l.x0, l.x1))), y = clampPx(sy(Math.max(l.y0, l.y1)));
      const w = clampPx(sx(Math.max(l.x0, l.x1))) - x, hh = clampPx(sy(Math.min(l.y0, l.y1))) - y;
      layerG.appendChild(s('rect', { x, y, width: Math.max(0, w), height: Math.max(0, hh), class: `sc-rect ${l.className || ''}` }, l.label ? s('title', {}, l.label) : null));
    } else if (l.type === 'vline') {
      const x = sx(l.x);
      layerG.appendChild(s('line', { x1: x, x2: x, y1: M.top, y2: M.top + ph, class: `sc-vline ${l.className || ''}` }));
    } else if (l.type === 'marker') {
      layerG.appendChild(s('circle', { cx: clampPx(sx(l.at[0])), cy: clampPx(sy(l.at[1])), r: l.r || 5, class: `sc-marker ${l.className || ''}` }, l.label ? s('title', {}, l.label) : null));
    }
  }
}

// A drag that started with pointer event e on target: f(ev) for each move until the pointer is up.
function dragPointer(target, e, f) {
  e.preventDefault();
  if (target.setPointerCapture) target.setPointerCapture(e.pointerId);
  const move = (ev) => f(ev);
  const up = () => { target.removeEventListener('pointermove', move); target.removeEventListener('pointerup', up); target.removeEventListener('pointercancel', up); };
  target.addEventListener('pointermove', move);
  target.addEventListener('pointerup', up);
  target.addEventListener('pointercancel', up);
}

// The points (with their sizes, when drawn by size), the labelled lines'
// points, the markers, and the handle's position.
function setData(data, { ariaLabel, xLabel, yLabel, points, layers, sizes, handle, handleX }) {
  const t = data.t;
  const head = [t('figure.point'), xLabel, yLabel];
  const tables = [{ caption: ariaLabel, head: sizes ? [...head, t('figure.size')] : head,
    rows: points.map((p, i) => [String(i + 1), p[0], p[1], ...(sizes ? [sizes[i]] : [])]) }];
  for (const l of layers)
    if (l.type === 'line' && l.label) tables.push({ caption: l.label, head: [xLabel, yLabel], rows: l.points.filter(Boolean).map((p) => [p[0], p[1]]) });
  const marks = layers.filter((l) => l.type === 'marker').map((l) => [l.label || '', l.at[0], l.at[1]]);
  if (handle && handleX !== null) marks.push([t('figure.handle'), handleX, null]);
  tables.push({ caption: t('figure.markers'), head: [t('figure.name'), xLabel, yLabel], rows: marks });
  data.set(tables);
}

// The handle (a vertical line at x() on the x axis) moved by the arrow keys
// (step, 10 steps with Shift) or dragged; toX: a value on the axis's grid.
function keyboardAndDragHandle(handleG, { handle, step, x, toX, dragWith }) {
  handleG.addEventListener('keydown', (e) => {
    const d = step * (e.shiftKey ? 10 : 1);
    const mv = { ArrowLeft: -d, ArrowRight: d, ArrowDown: -d, ArrowUp: d }[e.key];
    if (mv === undefined || x() === null) return;
    e.preventDefault();
    e.stopPropagation();
    handle.onChange(toX(x() + mv));
  });
  handleG.addEventListener('pointerdown', (e) => {
    if (e.button !== undefined && e.button !== 0) return;
    handleG.focus({ preventScroll: true });
    dragWith(handleG, e, (q) => handle.onChange(toX(q[0])));
  });
}
