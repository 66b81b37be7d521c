// Trains a run toward a number of updates a slice at a time: pieces of an
// update (run.step: one model's update, one model's measurement) for about
// 6 ms per animation frame, so the page keeps answering while the model
// learns. onProgress(error) after each slice (error: the core's, which
// stops the training).
const SLICE_MS = 6;

export function createTrainer(onProgress) {
  let frame = 0, run = null, target = 0;
  const tick = () => {
    frame = 0;
    const t0 = performance.now();
    try {
      do run.step(); while ((run.pending || run.updates < target) && performance.now() - t0 < SLICE_MS);
    } catch (e) { target = run.updates; onProgress(e); return; }
    if (run.pending || run.updates < target) frame = requestAnimationFrame(tick);
    onProgress(null);  // busy already says whether more is coming
  };
  return {
    // Trains r until it has done k updates (a new run replaces the old one).
    trainTo(r, k) {
      run = r;
      target = k;
      if (!frame && (run.pending || run.updates < target)) frame = requestAnimationFrame(tick);
    },
    stop() { if (frame) cancelAnimationFrame(frame); frame = 0; target = run ? run.updates : 0; },
    get busy() { return !!frame; },
  };
}
