// A drawing of an undirected graph in SVG (built with h(), never
// HTML strings): nodes at positions in the unit square (y pointing down),
// edges as lines, optionally weighted per direction: weight(i, j) draws the
// half of edge i-j that touches node i with that stroke width, so an edge
// can show alpha_ij at one end and alpha_ji at the other; selfWeight(i)
// draws a self loop. Colours come from CSS classes (nodeClass, edgeClass).
//
// Pointer: with `editable`, a click on the empty background reports the spot
// (onBackground), dragging from a node to another reports the pair
// (onConnect), a click on an edge reports it (onEdgeClick). A click on a
// node focuses it and calls onActivate.
// Keyboard: the nodes are one tab stop (roving focus, the `current` node).
// Arrow keys move to the previous / next node, Home / End to the first /
// last, Enter or Space activates (onActivate); any other key goes to
// onNodeKey(i, event), so a lesson can bind its own shortcuts.
//
//   const gv = createGraphView({ariaLabel, name, editable, nodeName: (i) => text,
//     onBackground: ([x, y]) => ..., onConnect: (i, j) => ..., onEdgeClick: (i, j) => ...,
//     onActivate: (i) => ..., onNodeFocus: (i) => ..., onNodeKey: (i, e) => ...})
//   gv.set({n, edges: [[i, j]], pos: [[x, y]], current, nodeClass: (i) => 'a b', edgeClass: (i, j) => '',
//     weight: (i, j) => px | null, selfWeight: (i) => px | null, edgeTitle: (i, j) => text,
//     weightValue: (i, j) => number | null, selfValue: (i) => number | null})
// weightValue / selfValue: the numbers the drawn widths stand for, listed
// in the figure's data table (the widths are pixels, not data).
//   gv.focusNode(i)
// crop: the drawing is as wide as its nodes (plus the margin), not square: a
// tall layout (the karate club's) then fits a phone at its text's minimum size.
// Test hooks: svg[data-name][data-n][data-edges], g.gv-node[data-i],
// g.gv-edge-g[data-i][data-j] (0-based, i < j).
import { h, morph } from '../ui/dom.js';
import { toSvgPoint } from './svg.js';
import { createDataTable } from './data-table.js';

const PAD = 24;
const DRAG_PX = 6;  // pointer travel that turns a click into a drag

// caption: the data tables' caption (default ariaLabel; an editable view's
// label also tells how to edit it, which a printed table must not say).
export function createGraphView({ ariaLabel = '', caption = ariaLabel, name = '', size = 440, editable = false, crop = false, nodeName = (i) => String(i + 1),
  onBackground, onConnect, onEdgeClick, onActivate, onNodeFocus, onNodeKey } = {}) {
  const svg = h('svg', { class: `graph-view${editable ? ' editable' : ''}`, viewBox: `0 0 ${size} ${size}`, width: String(size), role: 'group', 'aria-label': ariaLabel });
  svg.dataset.name = name;
  const bg = h('rect', { class: 'gv-bg', x: '0', y: '0', width: String(size), height: String(size) });
  const edgesG = h('g', { class: 'gv-edges' });
  const rubber = h('line', { class: 'gv-rubber', visibility: 'hidden' });
  const nodesG = h('g', { class: 'gv-nodes' });
  svg.append(bg, edgesG, rubber, nodesG);
  const data = createDataTable();
  const el = h('figure', { class: 'figure graph-figure' }, svg, data.el);

  let n = 0;
  let pos = [];
  let edgeList = [];
  let R = 16;
  let current = 0;
  let drag = null;
  const nodes = [];
  const px = (q) => [PAD + q[0] * (size - 2 * PAD), PAD + q[1] * (size - 2 * PAD)];
  const at = (e) => toSvgPoint(svg, e.clientX, e.clientY);

  function nodeAt(p, except) {
    let best = null, dist = R + 8;
    for (let i = 0; i < n; i++) {
      if (i === except) continue;
      const [x, y] = px(pos[i]);
      const d = Math.hypot(x - p.x, y - p.y);
      if (d <= dist) { dist = d; best = i; }
    }
    return best;
  }

  // The edge nearest to p (within the hit stroke): where edges cross, the
  // click goes to the one the pointer is closest to, not the one on top.
  function edgeAt(p) {
    let best = null, dist = 8;
    for (const [i, j] of edgeList) {
      const [x1, y1] = px(pos[i]), [x2, y2] = px(pos[j]);
      const dx = x2 - x1, dy = y2 - y1;
      const u = Math.max(0, Math.min(1, ((p.x - x1) * dx + (p.y - y1) * dy) / (dx * dx + dy * dy || 1)));
      const d = Math.hypot(p.x - x1 - u * dx, p.y - y1 - u * dy);
      if (d <= dist) { dist = d; best = [i, j]; }
    }
    return best;
  }

  function makeNode(k) {
    const g = h('g', { class: 'gv-node', role: 'button', tabindex: '-1' },
      h('circle', { class: 'gv-focus' }), h('circle', { class: 'gv-dot' }), h('text', { class: 'gv-label', 'text-anchor': 'middle' }), h('title'));
    g.dataset.i = String(k);
    g.addEventListener('focus', () => { setCurrent(k); onNodeFocus && onNodeFocus(k); });
    g.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const move = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      let to = null;
      if (move) to = (k + move + n) % n;
      else if (e.key === 'Home') to = 0;
      else if (e.key === 'End') to = n - 1;
      if (to !== null) { e.preventDefault(); e.stopPropagation(); focusNode(to); return; }
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault(); e.stopPropagation();
        onActivate && onActivate(k);
        return;
      }
      onNodeKey && onNodeKey(k, e);
    });
    return g;
  }

  function setCurrent(i) {
    current = i;
    nodes.forEach((g, k) => g.setAttribute('tabindex', k === current ? '0' : '-1'));
  }

  function focusNode(i) {
    if (i < 0 || i >= n) return;
    setCurrent(i);
    nodes[i].focus({ preventScroll: true });
  }

  // Pointer: one handler on the SVG, pointer captured until release.
  svg.addEventListener('pointerdown', (e) => {
    if (e.button !== undefined && e.button !== 0) return;
    const node = e.target.closest && e.target.closest('.gv-node');
    const edge = e.target.closest && e.target.closest('.gv-edge-g');
    if (node) {
      const i = Number(node.dataset.i);
      node.focus({ preventScroll: true });
      drag = { kind: 'node', i };
    } else if (edge && editable && onEdgeClick) {
      const [i, j] = edgeAt(at(e)) || [Number(edge.dataset.i), Number(edge.dataset.j)];
      drag = { kind: 'edge', i, j };
    }
    else if (e.target === bg && editable && onBackground) drag = { kind: 'bg' };
    else return;
    Object.assign(drag, { x0: e.clientX, y0: e.clientY, moved: false, target: null, id: e.pointerId });
    e.preventDefault();
    try { svg.setPointerCapture(e.pointerId); } catch { /* not capturable: plain events still arrive */ }
  });

  svg.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) > DRAG_PX) drag.moved = true;
    if (!drag.moved || drag.kind !== 'node' || !editable || !onConnect) return;
    const p = at(e);
    const [x, y] = px(pos[drag.i]);
    const target = nodeAt(p, drag.i);
    const end = target === null ? [p.x, p.y] : px(pos[target]);
    for (const [k, v] of Object.entries({ x1: x, y1: y, x2: end[0], y2: end[1] })) rubber.setAttribute(k, String(v));
    rubber.setAttribute('visibility', 'visible');
    if (target !== drag.target) {
      if (drag.target !== null && nodes[drag.target]) nodes[drag.target].classList.remove('gv-target');
      if (target !== null) nodes[target].classList.add('gv-target');
      drag.target = target;
    }
  });

  function endDrag(e, cancelled) {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    rubber.setAttribute('visibility', 'hidden');
    if (d.target !== null && nodes[d.target]) nodes[d.target].classList.remove('gv-target');
    if (cancelled) return;
    if (d.kind === 'node') {
      if (!d.moved) onActivate && onActivate(d.i);
      else if (editable && onConnect && d.target !== null) onConnect(d.i, d.target);
    } else if (d.kind === 'edge' && !d.moved) onEdgeClick(d.i, d.j);
    else if (d.kind === 'bg' && !d.moved) {
      const p = at(e);
      const u = (v) => Math.min(0.97, Math.max(0.03, (v - PAD) / (size - 2 * PAD)));
      onBackground([u(p.x), u(p.y)]);
    }
  }
  svg.addEventListener('pointerup', (e) => endDrag(e, false));
  svg.addEventListener('pointercancel', (e) => endDrag(e, true));

  function line([a, b, cls, width]) {
    const l = h('line', { x1: String(a[0]), y1: String(a[1]), x2: String(b[0]), y2: String(b[1]), class: cls });
    if (width !== undefined) l.setAttribute('stroke-width', String(width));
    return l;
  }

  // The edges (under the nodes) and self loops, as data first: one item per
  // edge (its lines and title) and per loop. When the items have the shapes
  // of those shown (same edges, same parts), only the attributes and texts
  // that changed are set: drawing the karate club's 78 edges afresh and
  // merging them (morph) on every scrub step was most of that update.
  let shapes = [];
  const shapeOf = (it) => (it.loop ? `o${it.i}` : `${it.i}-${it.j}:${it.lines.map((l) => l[2]).join('|')}`) + (it.title === null ? '' : 't');
  function build(it) {
    if (it.loop) return h('circle', { cx: String(it.cx), cy: String(it.cy), r: String(it.r), class: 'gv-loop', 'stroke-width': String(it.w) }, it.title === null ? null : h('title', {}, it.title));
    const g = h('g', { class: it.cls }, ...it.lines.map(line), it.title === null ? null : h('title', {}, it.title));
    g.dataset.i = String(it.i);
    g.dataset.j = String(it.j);
    return g;
  }
  const setIf = (el, name, v) => { const s = String(v); if (el.getAttribute(name) !== s) el.setAttribute(name, s); };
  function refresh(el, it) {
    if (it.title !== null && el.lastChild.textContent !== it.title) el.lastChild.textContent = it.title;
    if (it.loop) {
      setIf(el, 'cx', it.cx); setIf(el, 'cy', it.cy); setIf(el, 'r', it.r); setIf(el, 'stroke-width', it.w);
      return;
    }
    setIf(el, 'class', it.cls);
    it.lines.forEach(([a, b, , width], k) => {
      const l = el.childNodes[k];
      setIf(l, 'x1', a[0]); setIf(l, 'y1', a[1]); setIf(l, 'x2', b[0]); setIf(l, 'y2', b[1]);
      if (width !== undefined) setIf(l, 'stroke-width', width);
    });
  }

  function set({ n: count, edges = [], pos: positions, current: cur, nodeClass = () => '', edgeClass = () => '',
    weight = null, selfWeight = null, edgeTitle = null, weightValue = null, selfValue = null } = {}) {
    n = count;
    pos = positions;
    edgeList = edges;
    R = n <= 10 ? 16 : n <= 20 ? 12 : 9;
    svg.dataset.n = String(n);
    svg.dataset.edges = String(edges.length);
    svg.classList.toggle('gv-small', n > 20);
    const items = edges.map(([i, j]) => {
      const a = px(pos[i]), b = px(pos[j]);
      const wi = weight ? weight(i, j) : null, wj = weight ? weight(j, i) : null;
      const lines = [];
      if (wi === null && wj === null) lines.push([a, b, 'gv-edge']);
      else {
        const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        lines.push([a, b, 'gv-edge gv-under']);
        if (wi) lines.push([a, mid, 'gv-half', wi]);
        if (wj) lines.push([mid, b, 'gv-half', wj]);
      }
      if (editable && onEdgeClick) lines.push([a, b, 'gv-edge-hit']);
      return { i, j, cls: `gv-edge-g ${edgeClass(i, j) || ''}`, lines, title: edgeTitle ? edgeTitle(i, j) : null };
    });
    if (selfWeight) {
      for (let i = 0; i < n; i++) {
        const w = selfWeight(i);
        if (!w) continue;
        const [x, y] = px(pos[i]);
        const rr = R * 0.7;
        items.push({ loop: true, i, cx: x, cy: y - R - rr + 3, r: rr, w, title: edgeTitle ? edgeTitle(i, i) : null });
      }
    }
    const next = items.map(shapeOf);
    if (next.length === shapes.length && next.every((x, k) => x === shapes[k]) && edgesG.childNodes.length === items.length) {
      items.forEach((it, k) => refresh(edgesG.childNodes[k], it));
    } else {
      const fresh = document.createDocumentFragment();
      for (const it of items) fresh.appendChild(build(it));
      morph(edgesG, fresh);
      shapes = next;
    }
    // Nodes: elements are kept (a focused node stays focused across updates).
    while (nodes.length > n) nodes.pop().remove();
    while (nodes.length < n) { const g = makeNode(nodes.length); nodes.push(g); nodesG.appendChild(g); }
    if (cur !== undefined && cur !== null) current = cur;
    current = Math.max(0, Math.min(current, n - 1));
    nodes.forEach((g, i) => {
      const [x, y] = px(pos[i]);
      const [focusRing, dot, label, title] = g.childNodes;
      setIf(focusRing, 'cx', x); setIf(focusRing, 'cy', y); setIf(focusRing, 'r', R + 4);
      setIf(dot, 'cx', x); setIf(dot, 'cy', y); setIf(dot, 'r', R);
      setIf(label, 'x', x); setIf(label, 'y', y + R * 0.36);
      if (label.textContent !== String(i + 1)) label.textContent = String(i + 1);
      const cls = nodeClass(i) || '';
      setIf(g, 'class', `gv-node ${cls}`);
      const name = nodeName(i);
      setIf(g, 'aria-label', name);
      if (/\bsel\b/.test(cls)) setIf(g, 'aria-current', 'true'); else g.removeAttribute('aria-current');
      if (title.textContent !== name) title.textContent = name;
      setIf(g, 'tabindex', i === current ? '0' : '-1');
    });
    if (crop) cropTo(pos.map((q) => px(q)[0]));
    setData(edges, weightValue, selfValue);
  }

  function cropTo(xs) {
    const margin = PAD + R + 4;  // the focus ring
    const x0 = Math.max(0, Math.floor(Math.min(...xs) - margin)), x1 = Math.min(size, Math.ceil(Math.max(...xs) + margin));
    if (!(x1 > x0)) return;
    setIf(svg, 'viewBox', `${x0} 0 ${x1 - x0} ${size}`);
    setIf(svg, 'width', x1 - x0);
    setIf(bg, 'x', x0); setIf(bg, 'width', x1 - x0);
  }

  function setData(edges, weightValue, selfValue) {
    const t = data.t;
    const rows = edges.map(([i, j]) => [`${i + 1} – ${j + 1}`, ...(weightValue ? [weightValue(i, j), weightValue(j, i)] : [])]);
    if (selfValue) for (let i = 0; i < n; i++) { const v = selfValue(i); if (v !== null && v !== undefined) rows.push([`${i + 1} – ${i + 1}`, v, v]); }
    data.set([
      { caption: `${caption}: ${t('figure.nodes')}`, head: [t('figure.node'), t('figure.name')], rows: Array.from({ length: n }, (_, i) => [String(i + 1), nodeName(i)]) },
      { caption: `${caption}: ${t('figure.edges')}`, head: [t('figure.edge'), ...(weightValue ? [t('figure.weightI'), t('figure.weightJ')] : [])], rows },
    ]);
  }

  return { el, svg, set, focusNode, get current() { return current; } };
}
