// Trains a run toward a number of updates a slice at a time: about 10 ms
// of core work per animation frame, so the page keeps answering while the
// model learns. onProgress(error) after each slice (error: the core's, which
// stops the training).
const SLICE_MS = 10;

export function createTrainer(onProgress) {
  let frame = 0, run = null, target = 0;
  const tick = () => {
    frame = 0;
    const t0 = performance.now();
    try {
      do run.update(); while (run.updates < target && performance.now() - t0 < SLICE_MS);
    } catch (e) { target = run.updates; onProgress(e); return; }
    if (run.updates < target) frame = requestAnimationFrame(tick);
    onProgress(null);  // busy already says whether more is coming
  };
  return {
    // Trains r until it has done k updates (a new run replaces the old one).
    trainTo(r, k) {
      run = r;
      target = k;
      if (!frame && run.updates < target) frame = requestAnimationFrame(tick);
    },
    stop() { if (frame) cancelAnimationFrame(frame); frame = 0; target = run ? run.updates : 0; },
    get busy() { return !!frame; },
  };
}
