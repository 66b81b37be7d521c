// Drawing put off until it is seen. During input (a drag, a key held on a
// slider) an element out of view is not redrawn: its latest drawing waits
// until the element comes into view or input pauses, whichever is first, and
// it carries data-tex-pending meanwhile (layout/settled.js waits
// for none). A lesson that drives several panels from one slider then lays
// out only what the learner sees. Formulas (tex.js) and figures
// (drawWhenShown) follow the same rule; formulas are drawn first.
import { BLOCKS } from './blocks.js';

const LIVE_EVENTS = new Set(['input', 'change', 'click', 'keydown', 'pointerdown', 'pointermove', 'pointerup']);
const SLICE_MS = 8;
// How long input must pause before what was put off during it is drawn.
export const DEFER_MS = 150;

// window.event: the event being dispatched, if any (DOM standard, legacy).
export const duringInput = () => typeof window !== 'undefined' && !!window.event && LIVE_EVENTS.has(window.event.type);

// element -> its latest drawing still to do.
const formulas = new Map();
const figures = new Map();
const QUEUES = [formulas, figures];

function run(queue, el) {
  const draw = queue.get(el);
  queue.delete(el);
  delete el.dataset.texPending;
  // One drawing's bug must not keep the others waiting (the e2e tests fail on the console error).
  try { draw(); } catch (e) { console.error('not drawn:', e); }
}

// Only elements updated during input are observed (static ones never are);
// an element's visibility is known from its first report, and before that
// it counts as visible.
const inView = new WeakMap();
const observer = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      inView.set(e.target, e.isIntersecting);
      if (e.isIntersecting) for (const q of QUEUES) if (q.has(e.target)) run(q, e.target);
    }
  }, { rootMargin: '150px' })
  : null;

let timer = null;
function settleLater() {
  clearTimeout(timer);
  timer = setTimeout(settle, DEFER_MS);
}
// Once input pauses: everything put off, in slices.
function settle() {
  timer = null;
  const start = performance.now();
  for (const q of QUEUES) {
    for (const el of q.keys()) {
      if (performance.now() - start > SLICE_MS) { timer = setTimeout(settle, 0); return; }
      run(q, el);
    }
  }
}

// During input with el out of view: keeps draw as el's latest and says true.
function putOff(queue, el, draw) {
  const during = duringInput();
  if (during && observer) observer.observe(el);
  if (!(during && inView.get(el) === false && el.isConnected)) return false;
  queue.set(el, draw);
  el.dataset.texPending = '';
  settleLater();
  return true;
}

// For tex.js: a formula's typesetting put off, or one typeset now cancelling it.
export const putOffFormula = (el, typeset) => putOff(formulas, el, typeset);
export function cancelFormula(el) {
  if (formulas.delete(el)) delete el.dataset.texPending;
}

// drawWhenShown(el, draw): draw now or, during input while el is out of
// view and at a lesson's start far from the screen, later.
export function drawWhenShown(el, draw) {
  figures.delete(el);
  if (mounting && el.isConnected) {
    figures.set(el, draw);
    el.dataset.texPending = '';
    mounting.add(el);
    return;
  }
  if (putOff(figures, el, draw)) return;
  delete el.dataset.texPending;
  draw();
}

// A lesson's start: the figures it draws with drawWhenShown are drawn at
// once if they are near the screen, the others when they come near it or,
// a moment later, in slices (the attention lesson drew 9,000 px of figures
// before its first frame). Near: its block (the lesson's blocks off screen
// are not laid out, style.css) within a screen's height of the viewport;
// one layout measures them all.
let mounting = null;
export function mountWithFiguresLater(mount) {
  mounting = new Set();
  try { return mount(); } finally {
    const els = [...mounting];
    mounting = null;
    const vh = window.innerHeight || 800;
    const near = els.map((el) => {
      const r = (el.closest(BLOCKS) || el).getBoundingClientRect();
      return r.bottom > -vh && r.top < 2 * vh;
    });
    els.forEach((el, k) => {
      if (!figures.has(el)) return;
      if (near[k] || !observer) run(figures, el);
      else observer.observe(el);
    });
    if (figures.size) settleLater();
  }
}

// Printing draws everything still waiting.
export function drawAllNow() {
  clearTimeout(timer);
  timer = null;
  for (const q of QUEUES) for (const el of [...q.keys()]) run(q, el);
}

// A lesson left: what it still had waiting is dropped (its page may stay
// on screen until the next lesson's script has loaded).
export function dropPending(root) {
  for (const q of QUEUES)
    for (const el of [...q.keys()]) if (root.contains(el)) { q.delete(el); delete el.dataset.texPending; }
}
