// Long work as a fixed list of small chunks (so the result depends only on
// the inputs, never on the machine's speed), run in tasks of about
// `budget` ms that yield to the browser with setTimeout between them: the
// page stays responsive, and a slow machine just takes more tasks.
//
//   const job = runSliced({count, step: (k) => ..., onTick: () => redraw, onDone})
//   job.cancel()
export function runSliced({ count, step, onTick, onDone, budget = 12 }) {
  let k = 0;
  let timer = null;
  let cancelled = false;
  const task = () => {
    timer = null;
    const t0 = performance.now();
    while (k < count && !cancelled) {
      if (step(k) === false) { cancelled = true; break; }
      k++;
      if (performance.now() - t0 >= budget) break;
    }
    if (cancelled) return;
    if (onTick) onTick(k, count);
    if (k < count) timer = setTimeout(task, 0);
    else if (onDone) onDone();
  };
  timer = setTimeout(task, 0);
  return {
    cancel() { cancelled = true; if (timer !== null) clearTimeout(timer); timer = null; },
    get running() { return !cancelled && k < count; },
  };
}
