// Trains a run toward a number of updates a slice at a time: pieces of an
// update (run.step: one model's update, one model's measurement) for about
// 6 ms per animation frame, so the page keeps answering while the model
// learns. onProgress(error) after each slice (error: the core's, which
// stops the training).
import { everyFrame } from '../../layout/frames.js';

const SLICE_MS = 6;

export function createTrainer(onProgress) {
  let stopFrames = null, run = null, target = 0;
  const more = () => run.pending || run.updates < target;
  // One slice; true while more is to come (busy already says so in onProgress).
  const slice = () => {
    const t0 = performance.now();
    try {
      do run.step(); while (more() && performance.now() - t0 < SLICE_MS);
    } catch (e) { target = run.updates; stopFrames = null; onProgress(e); return false; }
    const again = more();
    if (!again) stopFrames = null;
    onProgress(null);
    return again;
  };
  return {
    // Trains r until it has done k updates (a new run replaces the old one).
    trainTo(r, k) {
      run = r;
      target = k;
      if (!stopFrames && more()) stopFrames = everyFrame(slice);
    },
    stop() { if (stopFrames) stopFrames(); stopFrames = null; target = run ? run.updates : 0; },
    get busy() { return !!stopFrames; },
  };
}
