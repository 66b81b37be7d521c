// The course map's graph: the lessons as nodes laid out in columns by depth
// (a lesson stands one column right of its deepest prerequisite), an arrow
// from each direct prerequisite to the lesson that builds on it: one that
// another path already implies (vectors -> optimization -> regression makes
// vectors -> regression) is left out, or the arrows hide the course's
// shape; the list names every prerequisite. Each node is a
// link (keyboard: Tab through the lessons, Enter opens one). Wide screens
// only: on a phone the list below says the same (course/map.js).
import { s } from '../ui/dom.js';

const W = 128, H = 88, GAP_X = 30, GAP_Y = 12, PAD = 6;
// A node's mastery at a glance (its level in words is its label).
const GLYPH = { attempted: '◔', familiar: '◑', proficient: '◕', mastered: '●' };

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

// The arrows to draw: prerequisite p of lesson l unless p is reached from
// another prerequisite of l.
export function directEdges(lessons) {
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const reach = new Map();
  const reachable = (id, seen = new Set()) => {
    if (reach.has(id)) return reach.get(id);
    const out = new Set();
    for (const p of prereqsOf(byId.get(id) || {})) if (byId.has(p) && !seen.has(p)) { out.add(p); for (const q of reachable(p, new Set([...seen, id]))) out.add(q); }
    reach.set(id, out);
    return out;
  };
  const edges = [];
  for (const l of lessons) {
    const pre = prereqsOf(l).filter((p) => byId.has(p));
    for (const p of pre) if (!pre.some((q) => q !== p && reachable(q).has(p))) edges.push([p, l.id]);
  }
  return edges;
}

// A title in lines of at most `width` units (a Latin letter 1, a Chinese
// character 1.75): Latin words kept whole, Chinese cut between characters.
const CJK = /[\u2E80-\u9FFF\uFF00-\uFFEF]/;
const units = (text) => [...text].reduce((n, c) => n + (CJK.test(c) ? 1.75 : 1), 0);
function lines(text, width, max) {
  const out = [''];
  for (const tok of text.match(/[\u2E80-\u9FFF\uFF00-\uFFEF]|[^\s\u2E80-\u9FFF\uFF00-\uFFEF]+|\s+/g) || []) {
    const cur = out[out.length - 1];
    if (/^\s+$/.test(tok)) { if (cur) out[out.length - 1] = `${cur} `; continue; }
    if (cur.trim() && units(cur + tok) > width) out.push(tok); else out[out.length - 1] = cur + tok;
  }
  const trimmed = out.map((l) => l.trim());
  if (trimmed.length > max) { trimmed.length = max; trimmed[max - 1] = `${trimmed[max - 1].slice(0, -1)}…`; }
  return trimmed;
}

// lessons: the catalog; info(l): {kicker, level, href, onclick, describedBy}
// of a node (its name is its text; describedBy: the id of its level in words).
export function mapGraph(lessons, { lang, title, info }) {
  const depth = depths(lessons);
  const cols = [];
  for (const l of lessons) (cols[depth.get(l.id)] = cols[depth.get(l.id)] || []).push(l);
  const pos = new Map();
  cols.forEach((col, c) => col.forEach((l, r) => pos.set(l.id, { x: PAD + c * (W + GAP_X), y: PAD + r * (H + GAP_Y) })));
  const width = PAD * 2 + cols.length * (W + GAP_X) - GAP_X;
  const height = PAD * 2 + Math.max(...cols.map((c) => c.length)) * (H + GAP_Y) - GAP_Y;
  const edges = [];
  for (const [p, id] of directEdges(lessons)) {
    const a = pos.get(p), b = pos.get(id);
    const x1 = a.x + W, y1 = a.y + H / 2, x2 = b.x - 3, y2 = b.y + H / 2, mid = (x1 + x2) / 2;
    edges.push(s('path', { class: 'map-edge', 'data-from': p, 'data-to': id, d: `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`, 'marker-end': 'url(#map-arrow)' }));
  }
  const nodes = lessons.map((l) => {
    const { x, y } = pos.get(l.id), i = info(l);
    const title = lines(l.title[lang], 15.5, 4);
    return s('a', { class: 'map-node', href: i.href, 'data-lesson': l.id, 'data-level': i.level || 'none', 'aria-describedby': i.describedBy, onclick: i.onclick },
      s('rect', { x, y, width: W, height: H, rx: 7 }),
      s('text', { class: 'map-node-kicker', x: x + 8, y: y + 15 }, i.kicker),
      i.level && i.level !== 'none' ? s('text', { class: 'map-node-level', x: x + W - 7, y: y + H - 7, 'text-anchor': 'end' }, GLYPH[i.level]) : null,
      ...title.map((t, k) => s('text', { class: 'map-node-title', x: x + 8, y: y + 32 + k * 15 }, t)));
  });
  // As wide as the map allows, down to 80 %: narrower, it scrolls sideways in its frame.
  return s('svg', { class: 'map-graph', viewBox: `0 0 ${width} ${height}`, width, height, role: 'group', 'aria-label': title, style: { minWidth: `${Math.round(width * 0.8)}px`, maxWidth: `${width}px` } },
    s('defs', {}, s('marker', { id: 'map-arrow', viewBox: '0 0 8 8', refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: 'auto' },
      s('path', { d: 'M0,0 L8,4 L0,8 z', class: 'map-arrow' }))),
    s('g', { class: 'map-edges', 'aria-hidden': 'true' }, ...edges), ...nodes);
}
