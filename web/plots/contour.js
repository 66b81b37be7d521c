// A contour plot of a function of two variables, sampled on a grid (the
// values come from the caller, e.g. lab.objective), drawn as nested filled
// level sets (d3.contours): the lower the value, the darker. On top:
// paths (polylines through iterates), markers, arrows, and optionally one
// movable point (click or drag anywhere, or focus it and use the arrow
// keys; Shift for bigger moves). Generic: knows nothing about optimizers.
//
//   const plot = createContourPlot({ariaLabel, xLabel, yLabel, point: {label: (p) => text, onChange: (p) => ...}})
//   plot.setField({xDomain, yDomain, nx, ny, values, levels: 'log' | 'linear', aspect})
//   plot.setOverlays({paths: [{points, className, label}], markers: [{at, className, shape, label}],
//                     arrows: [{from, to, className, label, dashed}]})
//   plot.setPoint([x, y])
import { contours, scaleLinear } from 'd3';
import { h, clear } from '../ui/dom.js';
import { s, clipRect, arrowHead, toSvgPoint, clampPx, axes, pool, attrs, circlesPath } from './svg.js';
import { createDataTable } from './data-table.js';
import { contourPath } from './contour-path.js';

// The sample points of an nx x ny grid over the rectangle, row by row from
// the bottom (index j * nx + i): the order setField expects the values in.
export function gridPoints([x0, x1], [y0, y1], nx, ny) {
  const pts = [];
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) pts.push([x0 + ((x1 - x0) * i) / (nx - 1), y0 + ((y1 - y0) * j) / (ny - 1)]);
  return pts;
}

const M = { left: 44, right: 12, top: 10, bottom: 42 };

export function createContourPlot({ ariaLabel = '', xLabel = 'x', yLabel = 'y', width = 480, point = null, precision = 0.01 } = {}) {
  const svg = s('svg', { class: 'contour-plot', role: 'group', 'aria-label': ariaLabel });
  const data = createDataTable();
  const el = h('figure', { class: 'figure contour-figure' }, svg, data.el);
  const defs = s('defs');
  const fieldLayer = s('g', { class: 'ct-field', 'aria-hidden': 'true' });
  const axisLayer = s('g', { 'aria-hidden': 'true' });
  const overlayLayer = s('g', { class: 'ct-overlays' });
  const pointLayer = s('g');
  const hit = s('rect', { class: 'ct-hit', fill: 'transparent' });
  svg.append(defs, fieldLayer, axisLayer, hit, overlayLayer, pointLayer);

  let sx = null, sy = null, W = width, H = width;
  let field = null;
  let overlays = { paths: [], markers: [], arrows: [] };
  let pt = null;
  let clip = null;
  let frameKey = '';
  const heads = new Map();
  // Reused between updates (only attributes change): the level sets, and
  // the paths' lines and dots.
  const bandsG = s('g');
  const linesG = s('g');
  const dotsG = s('g');
  const marksG = s('g');
  fieldLayer.appendChild(bandsG);

  function layout() {
    const [x0, x1] = field.xDomain, [y0, y1] = field.yDomain;
    const aspect = field.aspect || (y1 - y0) / (x1 - x0);
    const pw = W - M.left - M.right;
    const ph = Math.round(pw * aspect);
    H = M.top + ph + M.bottom;
    sx = scaleLinear([x0, x1], [M.left, M.left + pw]);
    sy = scaleLinear([y0, y1], [M.top + ph, M.top]);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', String(W));
    for (const [k, v] of Object.entries({ x: M.left, y: M.top, width: pw, height: ph })) hit.setAttribute(k, String(v));
    clear(defs);
    heads.clear();
    clip = clipRect(M.left, M.top, pw, ph);
    defs.appendChild(clip.el);
    bandsG.setAttribute('clip-path', clip.url);
    clear(overlayLayer).appendChild(s('g', { 'clip-path': clip.url }, linesG, dotsG, marksG));
    clear(axisLayer).appendChild(axes({ sx, sy, xLabel, yLabel }));
  }

  function setField(f) {
    field = { levels: 'log', count: 16, ...f };
    // A new field on the same frame (a conditioning slider) keeps the axes.
    const key = JSON.stringify([field.xDomain, field.yDomain, field.aspect]);
    if (key !== frameKey) {
      frameKey = key;
      layout();
      drawField();
      drawOverlays();  // (their pixels depend on the frame only)
      drawPoint();
    } else drawField();
    setData();
  }

  // The level sets are a picture of the field; the numbers listed are the
  // ones placed on it: the paths' points, markers, arrows and the point.
  function setData() {
    const t = data.t;
    const tables = (overlays.paths || []).filter((p) => p.points && p.points.length)
      .map((p) => ({ caption: p.label || t('figure.path'), head: ['k', xLabel, yLabel], rows: p.points.map((q, k) => [String(k), q[0], q[1]]) }));
    const marks = (overlays.markers || []).map((m) => [m.label || '', m.at[0], m.at[1]]);
    if (point && pt) marks.push([t('figure.handle'), pt[0], pt[1]]);
    tables.push({ caption: t('figure.markers'), head: [t('figure.name'), xLabel, yLabel], rows: marks });
    tables.push({ caption: t('figure.arrows'), head: [t('figure.name'), `${t('figure.from')} ${xLabel}`, `${t('figure.from')} ${yLabel}`, `${t('figure.to')} ${xLabel}`, `${t('figure.to')} ${yLabel}`],
      rows: (overlays.arrows || []).map((a) => [a.label || '', a.from[0], a.from[1], a.to[0], a.to[1]]) });
    data.set(tables);
  }

  function thresholds(vals) {
    const finite = vals.filter(Number.isFinite);
    const hi = Math.max(...finite), lo = Math.min(...finite);
    const n = field.count;
    if (field.levels === 'log' && hi > 0) {
      const minPos = Math.min(...finite.filter((v) => v > 0));
      const a = Math.max(minPos, hi * 1e-5);
      return Array.from({ length: n }, (_, k) => a * Math.pow(hi / a, k / n));
    }
    return Array.from({ length: n }, (_, k) => lo + ((hi - lo) * (k + 0.5)) / n);
  }

  function drawField() {
    const { nx, ny, values } = field;
    const [x0, x1] = field.xDomain, [y0, y1] = field.yDomain;
    const dx = (x1 - x0) / (nx - 1), dy = (y1 - y0) / (ny - 1);
    // Negated so that each level set {f <= level} is one region: stacking
    // them makes the low valleys darkest.
    const neg = values.map((v) => (Number.isFinite(v) ? -v : -1e300));
    const levels = thresholds(values).sort((a, b) => b - a);
    const gen = contours().size([nx, ny]).thresholds(levels.map((l) => -l));
    const to = (gx, gy) => [clampPx(sx(x0 + (gx - 0.5) * dx)), clampPx(sy(y0 + (gy - 0.5) * dy))];
    const sets = gen(neg);
    const bands = pool(bandsG, sets.length, 'path');
    sets.forEach((c, k) => attrs(bands[k], { d: contourPath(c, to), class: 'ct-band' }));
  }

  function px([x, y]) { return [clampPx(sx(x)), clampPx(sy(y))]; }

  function head(className) {
    if (!heads.has(className)) {
      const m = arrowHead(className);
      defs.appendChild(m.el);
      heads.set(className, m.url);
    }
    return heads.get(className);
  }

  function marker({ at, className = '', shape = 'circle', label, size = 6 }) {
    const [x, y] = px(at);
    const r = size;
    let el;
    if (shape === 'square') el = s('rect', { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7 });
    else if (shape === 'triangle') el = s('polygon', { points: `${x},${y - r * 1.1} ${x - r},${y + r * 0.75} ${x + r},${y + r * 0.75}` });
    else if (shape === 'star') {
      const pts = [];
      for (let k = 0; k < 10; k++) {
        const a = -Math.PI / 2 + (k * Math.PI) / 5, rr = k % 2 ? r * 0.45 : r * 1.2;
        pts.push(`${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`);
      }
      el = s('polygon', { points: pts.join(' ') });
    } else el = s('circle', { cx: x, cy: y, r });
    el.setAttribute('class', `ct-marker ${className}`);
    if (label) el.appendChild(s('title', {}, label));
    return el;
  }

  function drawOverlays() {
    if (!field) return;
    const paths = (overlays.paths || []).filter((p) => p.points && p.points.length);
    const lines = pool(linesG, paths.length, 'polyline');
    const dotted = paths.filter((p) => p.points.length <= 150);
    // Each run's iterates as one path of small circles, not a <circle> each
    // (300 elements to compare and set on every update).
    const dots = pool(dotsG, dotted.length, 'path');
    let k = 0;
    paths.forEach((p, i) => {
      const line = attrs(lines[i], { points: p.points.map((q) => px(q).join(',')).join(' '), class: `ct-path ${p.className || ''}` });
      if (p.label) (line.firstChild || line.appendChild(s('title'))).textContent = p.label;
      else clear(line);
      if (p.points.length > 150) return;
      attrs(dots[k++], { d: circlesPath(p.points.map(px), 1.8), class: `ct-dot ${p.className || ''}` });
    });
    // Arrows and markers are few: drawn anew.
    clear(marksG);
    for (const a of overlays.arrows || []) {
      const [xa, ya] = px(a.from), [xb, yb] = px(a.to);
      if (Math.hypot(xb - xa, yb - ya) < 0.5) continue;
      const line = s('line', { x1: xa, y1: ya, x2: xb, y2: yb, class: `ct-arrow ${a.dashed ? 'dashed' : ''} ${a.className || ''}`, 'marker-end': head(a.className || '') });
      if (a.label) line.appendChild(s('title', {}, a.label));
      marksG.appendChild(line);
    }
    for (const m of overlays.markers || []) marksG.appendChild(marker(m));
  }

  function setOverlays(o) { overlays = o || {}; drawOverlays(); setData(); }

  // ---- the movable point -------------------------------------------------
  const handle = point ? s('g', { class: 'ct-handle', tabindex: '0', role: 'button' }) : null;
  if (handle) {
    pointLayer.appendChild(handle);
    const round = (v) => Math.round(v / precision) * precision;
    const clampX = (v) => Math.min(field.xDomain[1], Math.max(field.xDomain[0], v));
    const clampY = (v) => Math.min(field.yDomain[1], Math.max(field.yDomain[0], v));
    const emit = (x, y) => point.onChange([Number(round(clampX(x)).toFixed(6)), Number(round(clampY(y)).toFixed(6))]);
    handle.addEventListener('keydown', (e) => {
      if (!field || !pt) return;
      const stepX = (field.xDomain[1] - field.xDomain[0]) / 40 * (e.shiftKey ? 5 : 1);
      const stepY = (field.yDomain[1] - field.yDomain[0]) / 40 * (e.shiftKey ? 5 : 1);
      const d = { ArrowLeft: [-stepX, 0], ArrowRight: [stepX, 0], ArrowUp: [0, stepY], ArrowDown: [0, -stepY] }[e.key];
      if (!d) return;
      e.preventDefault();
      e.stopPropagation();
      emit(pt[0] + d[0], pt[1] + d[1]);
    });
    const drag = (e) => {
      if (!field || (e.button !== undefined && e.button !== 0)) return;
      e.preventDefault();
      const target = e.currentTarget;
      if (target.setPointerCapture) target.setPointerCapture(e.pointerId);
      const move = (ev) => { const q = toSvgPoint(svg, ev.clientX, ev.clientY); emit(sx.invert(q.x), sy.invert(q.y)); };
      move(e);
      handle.focus({ preventScroll: true });
      const up = () => { target.removeEventListener('pointermove', move); target.removeEventListener('pointerup', up); target.removeEventListener('pointercancel', up); };
      target.addEventListener('pointermove', move);
      target.addEventListener('pointerup', up);
      target.addEventListener('pointercancel', up);
    };
    hit.addEventListener('pointerdown', drag);
    handle.addEventListener('pointerdown', drag);
    hit.classList.add('pickable');
  }

  function drawPoint() {
    if (!handle || !field || !pt) return;
    clear(handle);
    const [x, y] = px(pt);
    handle.appendChild(s('circle', { cx: x, cy: y, r: 11, class: 'ct-handle-ring' }));
    handle.appendChild(s('circle', { cx: x, cy: y, r: 5, class: 'ct-handle-dot' }));
    handle.setAttribute('aria-label', point.label(pt));
  }

  function setPoint(p) { pt = p.slice(); drawPoint(); setData(); }

  return { el, svg, setField, setOverlays, setPoint, get scales() { return { sx, sy }; } };
}
