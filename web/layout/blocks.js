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
// A block stays drawn for three frames: what its figures measure in the
// first (ResizeObserver, figure-fit) is drawn in the second, or in the
// third by a figure that redraws a frame after its observer reports
// (plots/heatmap.js, bars.js: a redraw inside the callback was a
// "ResizeObserver loop" error).
const HOLD_FRAMES = 3;
// A block that changes while drawn (a figure's data table is built a
// moment after the figure) is held again, at most this many times: a block
// animating on screen must not keep the lesson from being laid out.
const MAX_REHOLDS = 3;
// Attributes whose change may change a block's height.
const SIZE_ATTRIBUTES = ['hidden', 'class', 'style', 'open', 'viewBox'];

// Is b's content skipped (off screen)? Without checkVisibility (older
// engines) assumed so: laying a block out again costs only time.
function isSkipped(b) {
  const c = b.firstElementChild;
  return !c || typeof c.checkVisibility !== 'function' || !c.checkVisibility({ contentVisibilityAuto: true });
}

export function layOutBlocks(lesson) {
  // Every block, also those drawn already: one drawn before its figures
  // were would keep the height it had then.
  const drawn = new WeakSet();
  const held = new Map();  // block drawn now -> { frames, dirty, reholds }
  let frame = 0;
  const next = () => {
    frame = 0;
    if (!lesson.isConnected) return;
    for (const [b, s] of held) {
      if (++s.frames < HOLD_FRAMES) continue;
      if (s.dirty && s.reholds < MAX_REHOLDS) { Object.assign(s, { frames: 0, dirty: false, reholds: s.reholds + 1 }); continue; }
      held.delete(b);
      quietly(b, () => b.classList.remove('block-once'));
    }
    let waiting = false, added = 0;
    for (const b of lesson.querySelectorAll(BLOCKS)) {
      if (added === PER_FRAME) break;
      if (drawn.has(b)) continue;
      if (b.matches('[data-tex-pending]') || b.querySelector('[data-tex-pending]')) { waiting = true; continue; }
      drawn.add(b);
      held.set(b, { frames: 0, dirty: false, reholds: 0 });
      quietly(b, () => b.classList.add('block-once'));
      added++;
    }
    if (held.size || waiting || added) frame = requestAnimationFrame(next);
    else lesson.dataset.laidOut = 'true';
  };
  const again = (b) => { drawn.delete(b); if (!frame) frame = requestAnimationFrame(next); };

  // A block is watched from when it is drawn until it is seen on screen,
  // and again whenever it is skipped: a change while drawn holds it again,
  // a change while skipped (a run that finishes in the background, a figure
  // drawn once input pauses, a data table built late) lays it out again,
  // as does every block once a font has loaded. A change on screen needs
  // nothing, so the learner's drags cost nothing here.
  const watchers = new Map();  // block -> its MutationObserver
  const onChange = (b) => {
    const s = held.get(b);
    if (s) { s.dirty = true; return; }
    watchers.get(b).disconnect();
    if (isSkipped(b)) again(b);
  };
  function watch(b) {
    let mo = watchers.get(b);
    if (!mo) { mo = new MutationObserver(() => onChange(b)); watchers.set(b, mo); }
    mo.observe(b, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: SIZE_ATTRIBUTES });
  }
  // Our own class change is not a change of the block's content.
  function quietly(b, change) {
    if (watchers.has(b)) watchers.get(b).disconnect();
    change();
    watch(b);
  }
  const onState = (e) => {
    const b = e.target;
    if (!b.matches || !b.matches(BLOCKS)) return;
    if (e.skipped) watch(b);
    else if (watchers.has(b) && !held.has(b)) watchers.get(b).disconnect();
  };
  lesson.addEventListener('contentvisibilityautostatechange', onState, true);
  // Blocks added later (a lesson that rebuilds a section).
  const addedBlocks = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1 && n.matches(BLOCKS)) again(n);
  });
  for (const parent of lesson.querySelectorAll('.lesson-body, .beside-main')) addedBlocks.observe(parent, { childList: true });
  const onFonts = () => { for (const b of lesson.querySelectorAll(BLOCKS)) again(b); };
  const fonts = typeof document !== 'undefined' && document.fonts && document.fonts.addEventListener ? document.fonts : null;
  if (fonts) fonts.addEventListener('loadingdone', onFonts);

  // From the second frame on: the first draws what is on screen.
  frame = requestAnimationFrame(() => { frame = requestAnimationFrame(next); });
  return () => {
    cancelAnimationFrame(frame);
    addedBlocks.disconnect();
    for (const mo of watchers.values()) mo.disconnect();
    lesson.removeEventListener('contentvisibilityautostatechange', onState, true);
    if (fonts) fonts.removeEventListener('loadingdone', onFonts);
  };
}
