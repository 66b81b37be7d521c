// A short animation (its frames from layout/frames.js): frame(t) is
// called once a frame with t going from 0 to 1 over duration ms, and last
// with t = 1 exactly. When the learner asks for
// reduced motion (prefers-reduced-motion), frame(1) is called at once.
//
//   const stop = animate({ duration: 550, frame: (t) => draw(t) });
//   stop();   // no frame after this (a new move, the lesson left)
import { everyFrame } from './frames.js';

const reducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function animate({ duration, frame }) {
  if (reducedMotion() || !(duration > 0)) { frame(1); return () => {}; }
  const t0 = performance.now();
  return everyFrame((now) => {
    // A frame's time may be a little before t0 (it is when the frame began).
    const t = Math.min(1, Math.max(0, (now - t0) / duration));
    frame(t);
    return t < 1;
  });
}
