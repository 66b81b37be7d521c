// The course map's graph: the lessons as nodes laid out in columns by depth
// (a lesson stands one column right of its deepest prerequisite), an arrow
// from each prerequisite to the lesson that builds on it. Each node is a
// link (keyboard: Tab through the lessons, Enter opens one). Wide screens
// only: on a phone the list below says the same (course/map.js).
import { s } from '../ui/dom.js';

const W = 176, H = 64, GAP_X = 52, GAP_Y = 14, PAD = 8;

export const prereqsOf = (l) => ((l.course && l.course.prereqs) || []);

// lesson id -> depth (0: no prerequisites); unknown ids and cycles ignored.
export function depths(lessons) {
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const depth = new Map();
  const visit = (l, path) => {
    if (depth.has(l.id)) return depth.get(l.id);
    let d = 0;
    for (const p of prereqsOf(l)) if (byId.has(p) && !path.has(p)) d = Math.max(d, 1 + visit(byId.get(p), new Set([...path, l.id])));
    depth.set(l.id, d);
    return d;
  };
  for (const l of lessons) visit(l, new Set([l.id]));
  return depth;
}

// A title in lines of about `width` characters (words kept whole; Chinese,
// with no spaces, cut by characters).
function lines(text, width, max) {
  const words = /\s/.test(text) ? text.split(/\s+/) : [...text];
  const sep = /\s/.test(text) ? ' ' : '';
  const out = [''];
  for (const w of words) {
    const cur = out[out.length - 1];
    if (cur && (cur + sep + w).length > width) out.push(w); else out[out.length - 1] = cur ? cur + sep + w : w;
  }
  if (out.length > max) { out.length = max; out[max - 1] = `${out[max - 1].slice(0, width - 1)}…`; }
  return out;
}

// lessons: the catalog; info(l): {label, level, href, onclick} of a node.
export function mapGraph(lessons, { lang, title, info }) {
  const depth = depths(lessons);
  const cols = [];
  for (const l of lessons) (cols[depth.get(l.id)] = cols[depth.get(l.id)] || []).push(l);
  const pos = new Map();
  cols.forEach((col, c) => col.forEach((l, r) => pos.set(l.id, { x: PAD + c * (W + GAP_X), y: PAD + r * (H + GAP_Y) })));
  const width = PAD * 2 + cols.length * (W + GAP_X) - GAP_X;
  const height = PAD * 2 + Math.max(...cols.map((c) => c.length)) * (H + GAP_Y) - GAP_Y;
  const edges = [];
  for (const l of lessons) for (const p of prereqsOf(l)) {
    const a = pos.get(p), b = pos.get(l.id);
    if (!a || !b) continue;
    const x1 = a.x + W, y1 = a.y + H / 2, x2 = b.x - 4, y2 = b.y + H / 2, mid = (x1 + x2) / 2;
    edges.push(s('path', { class: 'map-edge', 'data-from': p, 'data-to': l.id, d: `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`, 'marker-end': 'url(#map-arrow)' }));
  }
  const nodes = lessons.map((l) => {
    const { x, y } = pos.get(l.id), i = info(l);
    const title = lines(l.title[lang], lang === 'en' ? 22 : 11, 2);
    return s('a', { class: 'map-node', href: i.href, 'data-lesson': l.id, 'data-level': i.level || 'none', 'aria-label': i.label, onclick: i.onclick },
      s('rect', { x, y, width: W, height: H, rx: 8 }),
      s('text', { class: 'map-node-kicker', x: x + 10, y: y + 17 }, i.kicker),
      ...title.map((t, k) => s('text', { class: 'map-node-title', x: x + 10, y: y + 35 + k * 16 }, t)));
  });
  return s('svg', { class: 'map-graph', viewBox: `0 0 ${width} ${height}`, width, height, role: 'group', 'aria-label': title },
    s('defs', {}, s('marker', { id: 'map-arrow', viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto' },
      s('path', { d: 'M0,0 L8,4 L0,8 z', class: 'map-arrow' }))),
    s('g', { class: 'map-edges', 'aria-hidden': 'true' }, ...edges), ...nodes);
}
