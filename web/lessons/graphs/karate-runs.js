// The karate run after k updates, from the nearest checkpoint below k (one
// every CHECK updates, kept per seed): a scrub trains at most CHECK
// updates, and the continued run has one run's numbers bit for bit
// (options.state). A scrub to 200 trained 200 updates in one 30-40 ms task.
import { karateRun, karateStep } from './karate.js';

const CHECK = 20;

export function createKarateRuns(lab) {
  let checks = new Map(), checksSeed = null;
  return function runTo(seed, kk) {
    if (checksSeed !== seed) { checks = new Map(); checksSeed = seed; }
    let at = Math.floor(kk / CHECK) * CHECK;
    while (at > 0 && !checks.has(at)) at -= CHECK;
    let r = at > 0 ? checks.get(at) : karateRun(lab, seed, 0);
    while (at < kk) {
      const to = Math.min(kk, (Math.floor(at / CHECK) + 1) * CHECK);
      r = karateStep(lab, seed, r, to - at);
      at = to;
      if (at % CHECK === 0) checks.set(at, r);
    }
    return r;
  };
}
