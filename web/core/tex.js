// KaTeX through katex.render (DOM nodes, no HTML strings), with trust off and
// bounded sizes so that even learner-typed TeX cannot run or blow up.
//
// Every formula carries MathML for screen readers next to its HTML. A
// formula rendered from inside a handler of the learner's input (a drag,
// a key, a click on Next) gets its MathML once input pauses
// (MATHML_DEFER_MS after the last such render), in slices of a few ms:
// building and laying out both trees on every move took a third of the
// update in the formula-heavy lessons. Renders outside those handlers
// (page start, timers) are complete at once.
import katex from 'katex';
import { h, morph } from './dom.js';

const OPTIONS = { throwOnError: false, trust: false, maxSize: 20, maxExpand: 200, strict: 'ignore', output: 'htmlAndMathml' };
const LIVE_EVENTS = new Set(['input', 'change', 'click', 'keydown', 'pointerdown', 'pointermove', 'pointerup']);
const SLICE_MS = 8;
export const MATHML_DEFER_MS = 150;

// What each element shows now: re-rendering the same TeX (a step player's
// formula on a slider move that left its numbers unchanged) is skipped.
const shown = new WeakMap();
// The last formulas rendered, by key: a slider moved back to a position
// shown before gets a copy (cloneNode) instead of a new typeset, ~10x
// cheaper. The nodes are detached copies of KaTeX's output, never shown and
// never changed (the shown formula is updated in place). Bounded by trees
// and by their nodes in all: 256 trees of a formula-heavy lesson were up to
// 130,000 detached nodes that a long session kept alive.
const CACHE_MAX = 64;
const CACHE_NODES = 12000;
const cache = new Map();  // key -> [node, its node count]
let cachedNodes = 0;
const nodeCount = (node) => (node.nodeType === 1 ? node.getElementsByTagName('*').length + 1 : 1);
function forget(key) {
  const had = cache.get(key);
  if (!had) return;
  cache.delete(key);
  cachedNodes -= had[1];
}
function remember(key, node) {
  forget(key);
  const n = nodeCount(node);
  if (n > CACHE_NODES / 4) return;  // one huge formula is not kept
  cache.set(key, [node, n]);
  cachedNodes += n;
  while (cache.size > CACHE_MAX || cachedNodes > CACHE_NODES) forget(cache.keys().next().value);
}
const cached = (key) => { const had = cache.get(key); return had ? had[0] : undefined; };
const complete = (node) => !!node.querySelector('.katex-mathml');
const pending = new Map();  // element -> its key when its MathML was deferred
let timer = null;

function settleLater() {
  clearTimeout(timer);
  timer = setTimeout(settle, MATHML_DEFER_MS);
}

// window.event: the event being dispatched, if any (DOM standard, legacy).
const live = () => typeof window !== 'undefined' && !!window.event && LIVE_EVENTS.has(window.event.type);

// Formulas out of view during input are typeset when they come into view
// or when input pauses, whichever is first: a drag then typesets only what
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
  draw();
}
export function drawWhenShown(el, draw) {
  drawsLater.delete(el);
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
// Typeset unless something else has replaced the element's content since.
function flushOne(el) {
  const [source, display, node] = deferred.get(el);
  deferred.delete(el);
  delete el.dataset.texPending;
  if (el.firstChild === node) renderTex(el, source, display);
}

// Once input pauses: the deferred typesets and figures, then the missing MathML.
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
  for (const [el, key] of pending) {
    if (performance.now() - start > SLICE_MS) { timer = setTimeout(settle, 0); return; }
    pending.delete(el);
    const now = shown.get(el);
    if (!el.isConnected || !now || now.key !== key || el.firstChild !== now.node) continue;
    const html = el.querySelector('.katex-html');
    const math = document.createElement('span');
    try {
      katex.render(key.slice(1), math, { ...OPTIONS, output: 'mathml', displayMode: key[0] === 'D' });
    } catch (e) {
      continue;  // the HTML stays; only the spoken form is missing
    }
    const node = math.querySelector('math');
    if (html && node) {
      html.parentNode.insertBefore(h('span', { class: 'katex-mathml' }, node), html);
      remember(key, el.firstChild.cloneNode(true));
    }
  }
}

// A new formula in place of the one shown, during input: the shown one is
// updated in place (morph) when both are KaTeX output of the same kind, so
// that a drag which changes a few digits restyles and re-lays out those
// digits instead of a whole new tree (optimization's step formula: layout
// and style 15 -> 6 ms per update). Its stale MathML goes (the fresh one's,
// if any, comes in). Otherwise, and outside input, the node is replaced.
function show(el, fresh, inPlace) {
  const old = el.firstChild;
  const oldHtml = inPlace && old && old.nodeType === 1 && !old.nextSibling && old.className === fresh.className
    ? old.querySelector('.katex-html') : null;
  const freshHtml = oldHtml && fresh.querySelector('.katex-html');
  if (!freshHtml) {
    while (el.firstChild) el.removeChild(el.firstChild);
    el.appendChild(fresh);
    return;
  }
  morph(oldHtml, freshHtml);
  const oldMath = old.querySelector('.katex-mathml'), freshMath = fresh.querySelector('.katex-mathml');
  if (oldMath) oldMath.remove();
  if (freshMath) oldHtml.parentNode.insertBefore(freshMath, oldHtml);
}

// key: 'D' (display) or 'I' (inline), then the TeX source.
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
  let fresh = cached(key);
  if (fresh && !later && !complete(fresh)) fresh = null;  // outside input: complete at once
  if (fresh) remember(key, fresh);
  else {
    const box = document.createElement('span');
    try {
      katex.render(source, box, { ...OPTIONS, displayMode: display, output: later ? 'html' : OPTIONS.output });
    } catch (e) {
      box.textContent = source;  // never fatal: show the source as text
    }
    fresh = box.firstChild;
    if (!fresh) {
      while (el.firstChild) el.removeChild(el.firstChild);
      shown.set(el, { key, node: null });
      pending.delete(el);
      return el;
    }
    if (fresh.nodeType === 1) remember(key, fresh);
  }
  const whole = fresh.nodeType !== 1 || complete(fresh);
  show(el, fresh.nodeType === 1 ? fresh.cloneNode(true) : fresh, later);
  shown.set(el, { key, node: el.firstChild });
  if (!whole) {
    pending.set(el, key);
    settleLater();
  } else pending.delete(el);
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
