// Formulas as MathML Core (core/mathml.js: TeX -> a tree -> DOM nodes, no
// HTML strings), laid out by the browser with the math font of style.css.
// The TeX is our own: a formula that does not convert is a bug, reported on
// the console, and its source is shown as text so that nothing else breaks.
import { texTrees, toDom, TexError } from './mathml.js';
import { morph } from './dom.js';
import { BLOCKS } from './blocks.js';

const LIVE_EVENTS = new Set(['input', 'change', 'click', 'keydown', 'pointerdown', 'pointermove', 'pointerup']);
const SLICE_MS = 8;
// How long input must pause before the figures deferred during it are drawn.
export const MATHML_DEFER_MS = 150;

// What each element shows now: re-rendering the same TeX (a step player's
// formula on a slider move that left its numbers unchanged) is skipped.
const shown = new WeakMap();
let timer = null;
function settleLater() {
  clearTimeout(timer);
  timer = setTimeout(settle, MATHML_DEFER_MS);
}

// window.event: the event being dispatched, if any (DOM standard, legacy).
const live = () => typeof window !== 'undefined' && !!window.event && LIVE_EVENTS.has(window.event.type);

// Formulas out of view during input are typeset when they come into view
// or when input pauses, whichever is first: a drag then lays out only what
// the learner can see (a lesson's other panels show formulas of the same
// numbers). Until then the element keeps its old formula and carries
// data-tex-pending (the e2e helper mathmlSettled waits for none). Only
// formulas updated during input are observed (the static ones never are);
// an element's visibility is known from its first IntersectionObserver
// report, and before that it counts as visible.
const deferred = new Map();  // element -> [source, display, the node it showed then]
const inView = new WeakMap();
const observer = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      inView.set(e.target, e.isIntersecting);
      if (e.isIntersecting && deferred.has(e.target)) flushOne(e.target);
      if (e.isIntersecting && drawsLater.has(e.target)) drawNow(e.target);
    }
  }, { rootMargin: '150px' })
  : null;

// Any figure can follow the same rule: drawWhenShown(el, draw) runs draw
// now, or, during input while el is out of view, when el comes into view or
// input pauses (only the latest draw of an element is kept; el carries
// data-tex-pending meanwhile). A slider that drives several panels then
// redraws the ones the learner sees (the proofs lesson's spread σ redrew
// four charts below the fold on every step).
const drawsLater = new Map();  // element -> its latest draw
function drawNow(el) {
  const draw = drawsLater.get(el);
  drawsLater.delete(el);
  delete el.dataset.texPending;
  // A figure's bug must not keep the others waiting (the e2e tests fail on the console error).
  try { draw(); } catch (e) { console.error('a figure was not drawn:', e); }
}
// A lesson left: what it still had waiting is dropped (its page may stay
// on screen until the next lesson's script has loaded).
export function dropPending(root) {
  for (const map of [drawsLater, deferred])
    for (const el of [...map.keys()]) if (root.contains(el)) { map.delete(el); delete el.dataset.texPending; }
}
export function drawWhenShown(el, draw) {
  drawsLater.delete(el);
  if (mounting && el.isConnected) {
    drawsLater.set(el, draw);
    el.dataset.texPending = '';
    mounting.add(el);
    return;
  }
  const later = live();
  if (later && observer) observer.observe(el);
  if (later && inView.get(el) === false && el.isConnected) {
    drawsLater.set(el, draw);
    el.dataset.texPending = '';
    settleLater();
    return;
  }
  delete el.dataset.texPending;
  draw();
}
// A lesson's start follows the same rule: the figures it draws with
// drawWhenShown are drawn at once if they are near the screen, the others
// when they come near it or, a moment later, in slices (the attention
// lesson drew 9,000 px of figures before its first frame). Near: its block
// (the lesson's blocks off screen are not laid out, style.css) within a
// screen's height of the viewport; one layout measures them all.
let mounting = null;
export function mountWithFiguresLater(mount) {
  mounting = new Set();
  let els;
  try { return mount(); } finally {
    els = [...mounting];
    mounting = null;
    const vh = window.innerHeight || 800;
    const near = els.map((el) => {
      const r = (el.closest(BLOCKS) || el).getBoundingClientRect();
      return r.bottom > -vh && r.top < 2 * vh;
    });
    els.forEach((el, k) => {
      if (!drawsLater.has(el)) return;
      if (near[k] || !observer) drawNow(el);
      else observer.observe(el);
    });
    if (drawsLater.size) settleLater();
  }
}
// Printing draws everything still waiting.
export function drawAllNow() {
  clearTimeout(timer);
  timer = null;
  for (const el of [...deferred.keys()]) flushOne(el);
  for (const el of [...drawsLater.keys()]) drawNow(el);
}

// Typeset unless something else has replaced the element's content since.
function flushOne(el) {
  const [source, display, node] = deferred.get(el);
  deferred.delete(el);
  delete el.dataset.texPending;
  if (el.firstChild === node) renderTex(el, source, display);
}

// Once input pauses: the deferred typesets and figures, in slices.
function settle() {
  timer = null;
  const start = performance.now();
  for (const el of deferred.keys()) {
    if (performance.now() - start > SLICE_MS) { timer = setTimeout(settle, 0); return; }
    flushOne(el);
  }
  for (const el of drawsLater.keys()) {
    if (performance.now() - start > SLICE_MS) { timer = setTimeout(settle, 0); return; }
    drawNow(el);
  }
}

// source -> one <span class="tex-math"> holding the formula's <math>
// (a display formula's pieces, with a break opportunity between them and
// a line break where the TeX has \\).
function build(source, display) {
  const box = document.createElement('span');
  box.className = display ? 'tex-math tex-math-display' : 'tex-math';
  try {
    const trees = texTrees(source, display);
    trees.forEach((tree, k) => {
      if (k) box.appendChild(tree.attrs['data-newline'] !== undefined ? document.createElement('br') : document.createElement('wbr'));
      box.appendChild(toDom(tree));
    });
  } catch (e) {
    if (!(e instanceof TexError)) throw e;
    console.error(`formula not shown (${e.message}): ${source}`);
    box.className = 'tex-math tex-error';
    box.textContent = source;
  }
  return box;
}

// key: 'D' (display) or 'I' (inline), then the TeX source. During input
// the shown formula is updated in place (morph): a drag that changes a few
// digits then restyles and lays out those digits, not a new tree.
export function renderTex(el, source, display = false) {
  const key = (display ? 'D' : 'I') + source;
  if (deferred.delete(el)) delete el.dataset.texPending;
  const last = shown.get(el);
  if (last && last.key === key && el.firstChild === last.node) return el;  // untouched since
  const later = live();
  if (later && observer) observer.observe(el);
  if (later && inView.get(el) === false && el.isConnected) {
    deferred.set(el, [source, display, el.firstChild]);
    el.dataset.texPending = '';
    settleLater();
    return el;
  }
  const fresh = build(source, display);
  const old = el.firstChild;
  if (later && old && !old.nextSibling && old.nodeType === 1 && old.className === fresh.className) morph(old, fresh);
  else el.replaceChildren(fresh);
  shown.set(el, { key, node: el.firstChild });
  return el;
}

const texClass = (display) => (display ? 'tex tex-display' : 'tex');
export function texNode(source, display = false, tag = 'span') {
  const el = document.createElement(tag);
  el.className = texClass(display);
  return renderTex(el, source, display);
}

// The formulas of a readout redrawn on every update: items = [[source,
// display, tag], ...]. The elements of the last call are kept, one per
// formula, so each is updated in place (renderTex) instead of typeset and
// laid out anew; anything else in container is removed.
const listed = new WeakSet();
export function setTexList(container, items) {
  let node = container.firstChild;
  for (const [source, display = false, tag = 'span'] of items) {
    if (node && listed.has(node) && node.localName === tag) {
      node.className = texClass(display);
      renderTex(node, source, display);
      node = node.nextSibling;
    } else {
      const el = texNode(source, display, tag);
      listed.add(el);
      container.insertBefore(el, node);
    }
  }
  while (node) {
    const next = node.nextSibling;
    container.removeChild(node);
    node = next;
  }
  return container;
}
