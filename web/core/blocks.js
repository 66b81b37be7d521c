// A lesson's blocks far from the screen are neither styled nor laid out
// (content-visibility: auto, style.css): its first layout is the first
// screen's, not the whole lesson's. A block that was never drawn counts
// as 500 px tall, so the page's height is a guess until each has been laid
// out once (its height is then remembered: contain-intrinsic-size: auto);
// an iframe sized to the lesson, or a published height, needs the real
// one. So after the start every block not drawn yet is laid out once, a
// few per frame (.block-once), once the figures it waits for are drawn
// (none carries data-tex-pending: core/tex.js), and the lesson then carries
// data-laid-out.
export const BLOCKS = '.beside-main > *, .lesson-body > :not(.step-player, .beside-player)';
const PER_FRAME = 3;

export function layOutBlocks(lesson) {
  // Every block, also those drawn already: one drawn before its figures
  // were would keep the height it had then.
  const drawn = new WeakSet();
  let frame = 0, shown = [], held = [];
  // A block stays drawn for two frames: what its figures measure in the
  // first (ResizeObserver, figure-fit) is drawn in the second.
  const next = () => {
    for (const b of held) b.classList.remove('block-once');
    held = shown;
    shown = [];
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
    if (shown.length || held.length || waiting) frame = requestAnimationFrame(next);
    else lesson.dataset.laidOut = 'true';
  };
  // From the second frame on: the first draws what is on screen.
  frame = requestAnimationFrame(() => { frame = requestAnimationFrame(next); });
  return () => cancelAnimationFrame(frame);
}
