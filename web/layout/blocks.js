// A lesson's blocks far from the screen are neither styled nor laid out
// (content-visibility: auto, style.css): its first layout is the first
// screen's, not the whole lesson's. A block that was never drawn counts
// as 500 px tall, so the page's height is a guess until each has been laid
// out once (its height is then remembered: contain-intrinsic-size: auto);
// an iframe sized to the lesson, or a published height, needs the real
// one. So after the start every block not drawn yet is laid out once, a
// few per frame (.block-once), once the figures it waits for are drawn
// (none carries data-tex-pending: layout/draw-later.js), and the lesson then carries
// data-laid-out; again after a change it did not show.
export const BLOCKS = '.beside-main > *, .lesson-body > :not(.step-player, .beside-player)';
const PER_FRAME = 3;

export function layOutBlocks(lesson) {
  // Every block, also those drawn already: one drawn before its figures
  // were would keep the height it had then.
  const drawn = new WeakSet();
  let frame = 0, shown = [], held = [], held2 = [];
  // A block stays drawn for three frames: what its figures measure in the
  // first (ResizeObserver, figure-fit) is drawn in the second, or in the
  // third by a figure that redraws a frame after its observer reports
  // (plots/heatmap.js, bars.js: a redraw inside the callback was a
  // "ResizeObserver loop" error).
  const next = () => {
    for (const b of held2) b.classList.remove('block-once');
    held2 = held;
    held = shown;
    shown = [];
    frame = 0;
    if (!lesson.isConnected) return;
    let waiting = false;
    for (const b of lesson.querySelectorAll(BLOCKS)) {
      if (drawn.has(b)) continue;
      if (b.matches('[data-tex-pending]') || b.querySelector('[data-tex-pending]')) { waiting = true; continue; }
      drawn.add(b);
      b.classList.add('block-once');
      shown.push(b);
      if (shown.length === PER_FRAME) break;
    }
    if (shown.length || held.length || held2.length || waiting) frame = requestAnimationFrame(next);
    else lesson.dataset.laidOut = 'true';
  };
  const again = (b) => { drawn.delete(b); if (!frame) frame = requestAnimationFrame(next); };

  // Later, a block whose content changes while it is not drawn (a run that
  // finishes in the background, a figure drawn once input pauses) is laid
  // out again, as is every block once a font has loaded: its remembered
  // height would be stale. Only skipped blocks are watched (one observer
  // each, while skipped): the changes a learner's drag makes on screen cost
  // nothing here.
  const watchers = new Map();  // skipped block -> its MutationObserver
  const onState = (e) => {
    const b = e.target;
    if (!b.matches || !b.matches(BLOCKS)) return;
    let mo = watchers.get(b);
    if (!e.skipped) { if (mo) mo.disconnect(); return; }
    if (!mo) { mo = new MutationObserver(() => { mo.disconnect(); again(b); }); watchers.set(b, mo); }
    mo.observe(b, { childList: true, characterData: true, subtree: true });
  };
  lesson.addEventListener('contentvisibilityautostatechange', onState, true);
  // Blocks added later (a lesson that rebuilds a section).
  const added = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 && n.matches(BLOCKS)) again(n);
  });
  for (const parent of lesson.querySelectorAll('.lesson-body, .beside-main')) added.observe(parent, { childList: true });
  const onFonts = () => { for (const b of lesson.querySelectorAll(BLOCKS)) again(b); };
  const fonts = typeof document !== 'undefined' && document.fonts && document.fonts.addEventListener ? document.fonts : null;
  if (fonts) fonts.addEventListener('loadingdone', onFonts);

  // From the second frame on: the first draws what is on screen.
  frame = requestAnimationFrame(() => { frame = requestAnimationFrame(next); });
  return () => {
    cancelAnimationFrame(frame);
    added.disconnect();
    for (const mo of watchers.values()) mo.disconnect();
    lesson.removeEventListener('contentvisibilityautostatechange', onState, true);
    if (fonts) fonts.removeEventListener('loadingdone', onFonts);
  };
}
