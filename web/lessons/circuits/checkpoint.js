// The checkpoint shown: the last one at or before update `at` among those
// trained so far (checkpoints are every SETTING.every updates).
export function checkpointAt(run, at) {
  const cps = run.checkpoints;
  let k = 0;
  while (k + 1 < cps.length && cps[k + 1].step <= at) k++;
  return cps[k];
}

// The best head of a layer by a score: {h, value}.
export function bestHead(scores) {
  const value = Math.max(...scores);
  return { h: scores.indexOf(value), value };
}
