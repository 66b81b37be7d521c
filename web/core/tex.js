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
import { h } from './dom.js';

const OPTIONS = { throwOnError: false, trust: false, maxSize: 20, maxExpand: 200, strict: 'ignore', output: 'htmlAndMathml' };
const LIVE_EVENTS = new Set(['input', 'change', 'click', 'keydown', 'pointerdown', 'pointermove', 'pointerup']);
const SLICE_MS = 8;
export const MATHML_DEFER_MS = 150;

// What each element shows now: re-rendering the same TeX (a step player's
// formula on a slider move that left its numbers unchanged) is skipped.
const shown = new WeakMap();
// The last CACHE_MAX formulas rendered, by key: a slider moved back to a
// position shown before gets a copy (cloneNode) instead of a new typeset,
// ~10x cheaper. The nodes are KaTeX's output, never changed afterwards
// except by addMathml completing them.
const CACHE_MAX = 256;
const cache = new Map();
function remember(key, node) {
  cache.delete(key);
  cache.set(key, node);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value);
}
const complete = (node) => !!node.querySelector('.katex-mathml');
const pending = new Map();  // element -> its key when its MathML was deferred
let timer = null;

// window.event: the event being dispatched, if any (DOM standard, legacy).
const live = () => typeof window !== 'undefined' && !!window.event && LIVE_EVENTS.has(window.event.type);

function addMathml() {
  timer = null;
  const start = performance.now();
  for (const [el, key] of pending) {
    if (performance.now() - start > SLICE_MS) { timer = setTimeout(addMathml, 0); return; }
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
      remember(key, el.firstChild);
    }
  }
}

// key: 'D' (display) or 'I' (inline), then the TeX source.
export function renderTex(el, source, display = false) {
  const key = (display ? 'D' : 'I') + source;
  const last = shown.get(el);
  if (last && last.key === key && el.firstChild === last.node) return el;  // untouched since
  const later = live();
  const hit = cache.get(key);
  let whole = !later;
  if (hit && (later || complete(hit))) {
    while (el.firstChild) el.removeChild(el.firstChild);
    el.appendChild(hit.cloneNode(true));
    whole = complete(hit);
    remember(key, hit);
  } else {
    try {
      katex.render(source, el, { ...OPTIONS, displayMode: display, output: later ? 'html' : OPTIONS.output });
      if (el.firstChild) remember(key, el.firstChild);
    } catch (e) {
      el.textContent = source;  // never fatal: show the source as text
    }
  }
  shown.set(el, { key, node: el.firstChild });
  if (!whole) {
    pending.set(el, key);
    clearTimeout(timer);
    timer = setTimeout(addMathml, MATHML_DEFER_MS);
  } else pending.delete(el);
  return el;
}

export function texNode(source, display = false, tag = 'span') {
  const el = document.createElement(tag);
  el.className = display ? 'tex tex-display' : 'tex';
  return renderTex(el, source, display);
}
