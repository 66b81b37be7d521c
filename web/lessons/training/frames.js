// Work spread over animation frames (layout/frames.js), so the page keeps
// answering while the core trains: each frame calls every job's step once
// (a play update, a chunk of the comparison, one head's run). A step
// returns whether its job has more to do.
import { everyFrame } from '../../layout/frames.js';

export function createFrames() {
  const jobs = new Map();  // name -> step
  let stopLoop = null;
  const tick = () => {
    for (const [name, step] of [...jobs]) {
      if (jobs.get(name) !== step) continue;  // stopped or replaced by an earlier step
      if (!step() && jobs.get(name) === step) jobs.delete(name);
    }
    if (!jobs.size) stopLoop = null;
    return jobs.size > 0;
  };
  return {
    // Runs step once per frame until it returns false (a job of the same name is replaced).
    run(name, step) {
      jobs.set(name, step);
      if (!stopLoop) stopLoop = everyFrame(tick);
    },
    stop(name) { jobs.delete(name); },
    running: (name) => jobs.has(name),
    stopAll() { jobs.clear(); if (stopLoop) stopLoop(); stopLoop = null; },
  };
}
