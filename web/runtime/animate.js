// A short animation, the one place a lesson's motion asks the browser for
// frames: frame(t) is called once a frame with t going from 0 to 1 over
// duration ms, and last with t = 1 exactly. When the learner asks for
// reduced motion (prefers-reduced-motion), frame(1) is called at once.
//
//   const stop = animate({ duration: 550, frame: (t) => draw(t) });
//   stop();   // no frame after this (a new move, the lesson left)
const reducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function animate({ duration, frame }) {
  if (reducedMotion() || !(duration > 0)) { frame(1); return () => {}; }
  const t0 = performance.now();
  let id = 0;
  const tick = (now) => {
    // A frame's time may be a little before t0 (it is when the frame began).
    const t = Math.min(1, Math.max(0, (now - t0) / duration));
    frame(t);
    if (t < 1) id = requestAnimationFrame(tick);
  };
  id = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(id);
}
