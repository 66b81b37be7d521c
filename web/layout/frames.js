// When a figure redraws for its box: the page's one place that asks the
// browser for animation frames on the plots' behalf.
//
//   nextFrame(fn)                     fn runs in the next frame (once, however often asked)
//   fitToBox(el, { measure, redraw }) measure() when the browser reports a new
//                                     size of el (layout is clean then), redraw() in
//                                     the next frame
//   whenRendered(el, fn)              fn in the next frame once el has a box
//                                     (now, or when it is shown)
//   everyFrame(fn) -> stop            fn(now) every frame while it returns true
//
// A redraw waits for the next frame: drawn inside the ResizeObserver
// callback, a figure resizes the box being observed and the browser reports
// "ResizeObserver loop completed with undelivered notifications", an error
// event that hosts' window.onerror trackers log. Each figure has its own
// observer, so that a figure removed from the page is freed with it.
const due = new Set();
let frame = 0;

function flush() {
  frame = 0;
  const run = [...due];
  due.clear();
  for (const fn of run) fn();
}

export function nextFrame(fn) {
  due.add(fn);
  if (!frame) frame = requestAnimationFrame(flush);
}

export function fitToBox(el, { measure, redraw }) {
  if (typeof ResizeObserver !== 'function') return;
  new ResizeObserver(() => { measure(); nextFrame(redraw); }).observe(el);
}

const rendered = (el) => el.isConnected && el.getClientRects().length > 0;

// One observer per element however often asked (a figure updated while hidden).
const waiting = new WeakMap();
export function whenRendered(el, fn) {
  if (rendered(el)) { nextFrame(fn); return; }
  if (typeof ResizeObserver !== 'function') return;
  let fns = waiting.get(el);
  if (!fns) {
    fns = new Set();
    waiting.set(el, fns);
    const ro = new ResizeObserver(() => {
      if (!rendered(el)) return;
      ro.disconnect();
      waiting.delete(el);
      for (const f of fns) nextFrame(f);
    });
    ro.observe(el);
  }
  fns.add(fn);
}

// fn(now) once a frame for as long as it returns true, until stop() (a
// training loop, an animation).
export function everyFrame(fn) {
  let id = 0, on = true;
  const tick = (now) => { id = 0; if (fn(now) && on) id = requestAnimationFrame(tick); };
  id = requestAnimationFrame(tick);
  return () => { on = false; if (id) cancelAnimationFrame(id); id = 0; };
}
