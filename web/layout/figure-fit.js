// Small screens: a figure is never drawn so small that its text falls
// under MIN_TEXT_PX CSS pixels. Every SVG figure in the lesson gets a
// minimum width (its viewBox width × MIN_TEXT_PX / its smallest font
// size); a figure wider than its column then scrolls sideways inside its
// own box (its parent gets .fig-scroll), never the page. Boxes that scroll
// (figures, matrices, formulas) get a visible cue: .more-left / .more-right
// fade the edge where more content lies (style.css), updated on scroll.
//
//   const stop = watchFigures(lessonRoot)   // until stop()
import { nextFrame } from './frames.js';

export const MIN_TEXT_PX = 11;
const SCROLLERS = '.fig-scroll, .figure, .matrix-wrap, .step-formula, .tex-display, .fig-data-body, pre.code, .arith';

// The font size of an SVG text in user units, cached by its class and font-size attribute.
function fontOf(text, cache) {
  const key = `${text.getAttribute('class') || ''}|${text.getAttribute('font-size') || ''}|${text.parentNode && text.parentNode.getAttribute && (text.parentNode.getAttribute('class') || '')}`;
  let v = cache.get(key);
  if (v === undefined) { v = parseFloat(getComputedStyle(text).fontSize) || 0; cache.set(key, v); }
  return v;
}

// What fitSvg writes, measured first: reads and writes interleaved over a
// lesson's figures forced a layout for each (tens of ms at a lesson's start).
function svgWant(svg, cache) {
  const vb = svg.viewBox && svg.viewBox.baseVal;
  if (!vb || !vb.width) return null;
  let min = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.firstChild) continue;
    const f = fontOf(t, cache);
    if (f > 0 && f < min) min = f;
  }
  return Number.isFinite(min) ? Math.ceil((vb.width * MIN_TEXT_PX) / min) : 0;
}
function fitSvg(svg, want) {
  const px = want ? `${want}px` : '';
  if (svg.style.minWidth !== px) svg.style.minWidth = px;
  if (want && svg.parentElement && !svg.parentElement.classList.contains('fig-scroll')) svg.parentElement.classList.add('fig-scroll');
}

const measure = (box) => {
  const over = box.scrollWidth - box.clientWidth > 2;
  return [over, over && box.scrollLeft > 2, over && box.scrollLeft < box.scrollWidth - box.clientWidth - 2];
};
function mark(box, [over, left, right]) {
  // A box that scrolls can be reached and scrolled from the keyboard.
  if (over && !box.hasAttribute('tabindex')) box.setAttribute('tabindex', '0');
  if (box.classList.contains('more-left') !== left) box.classList.toggle('more-left', left);
  if (box.classList.contains('more-right') !== right) box.classList.toggle('more-right', right);
}
const cue = (box) => mark(box, measure(box));

// Blocks far from the screen are not laid out (content-visibility: auto in
// style.css). A figure's minimum width needs only styles, so every figure
// gets it, drawn or not (one drawn later must not show small text for a
// frame, nor to a reader of its layout). A box's scroll cue needs layout:
// boxes in such blocks wait until they are drawn
// (contentvisibilityautostatechange, which does not bubble: listened to in
// the capture phase).
const drawn = (el) => !el.checkVisibility || el.checkVisibility({ contentVisibilityAuto: true });
export function watchFigures(root) {
  const cache = new Map();
  const run = () => {
    // Reads, then writes: one style pass for the figures, one layout for the drawn boxes.
    const svgs = [...root.querySelectorAll('svg[viewBox]')].filter((svg) => !svg.ownerSVGElement && !svg.closest('math, button'));
    const wants = svgs.map((svg) => svgWant(svg, cache));
    svgs.forEach((svg, k) => { if (wants[k] !== null) fitSvg(svg, wants[k]); });
    const boxes = [...root.querySelectorAll(SCROLLERS)].filter(drawn);
    const cues = boxes.map(measure);
    boxes.forEach((box, k) => mark(box, cues[k]));
  };
  const queue = () => nextFrame(run);
  const mo = new MutationObserver(queue);
  mo.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['viewBox', 'class', 'hidden', 'open'] });
  const onScroll = (e) => { if (e.target instanceof Element && e.target.matches(SCROLLERS)) cue(e.target); };
  const onShown = (e) => { if (!e.skipped) queue(); };
  root.addEventListener('scroll', onScroll, true);
  root.addEventListener('contentvisibilityautostatechange', onShown, true);
  window.addEventListener('resize', queue);
  run();
  return () => {
    mo.disconnect();
    root.removeEventListener('scroll', onScroll, true);
    root.removeEventListener('contentvisibilityautostatechange', onShown, true);
    window.removeEventListener('resize', queue);
  };
}
