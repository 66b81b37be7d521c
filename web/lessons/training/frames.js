// Work spread over animation frames, so the page keeps answering while the
// core trains: each frame calls every job's step once (a play update, a
// chunk of the comparison, one head's run). A step returns whether its job
// has more to do. The lesson's one use of requestAnimationFrame.
export function createFrames() {
  const jobs = new Map();  // name -> step
  let frame = 0;
  const tick = () => {
    frame = 0;
    for (const [name, step] of [...jobs]) {
      if (jobs.get(name) !== step) continue;  // stopped or replaced by an earlier step
      if (!step() && jobs.get(name) === step) jobs.delete(name);
    }
    if (jobs.size) frame = requestAnimationFrame(tick);
  };
  return {
    // Runs step once per frame until it returns false (a job of the same name is replaced).
    run(name, step) {
      jobs.set(name, step);
      if (!frame) frame = requestAnimationFrame(tick);
    },
    stop(name) { jobs.delete(name); },
    running: (name) => jobs.has(name),
    stopAll() { jobs.clear(); cancelAnimationFrame(frame); frame = 0; },
  };
}
