// How every implementation is timed (bench/bench_native.cpp mirrors it).
//
// Clock: CPU time of this process (process.cpuUsage; the native bench uses
// its thread's CPU clock), not wall time: the bench machines are shared and
// often oversubscribed (load 10+ on 2 cores), where wall time inflates by a
// different random factor for each measurement and ratios become noise.
// The code measured is single-threaded, so on an idle machine the two
// agree; Node's CPU time also counts its GC helper threads, which is real
// cost of the JS and facade code. Wall-time medians are kept in results.json.
//
// Policy: warm up for WARMUP_MS and at least one call (V8 tiers hot code up
// to TurboFan; caches and allocators warm), then batches of ITERS calls
// lasting at least MIN_BATCH_MS (timer resolution and per-call jitter
// average out), REPEATS batches within BUDGET_MS, median per-call time.
// No result is kept alive while a call is timed (the checks use a result
// from a call after the timing: the functions are deterministic). A result
// kept alive while the next call runs is promoted to V8's old generation and collected by major
// GCs: measured at n = 512, attention to number[][] 12.6 -> 31.8 ms through
// the API and the JS reference paying the same ~20 ms, which would time the
// caller's memory management instead of the call.
export const MIN_BATCH_MS = 10;
export const WARMUP_MS = 100;
// The first round of each case (and every tfjs request): V8 still tiers its
// code up and sizes its heap for the first few hundred ms of a new call
// pattern (measured: a first attention n = 512 to number[][] 36-60 ms a
// call for ~0.5 s, then 9-12 ms).
export const FIRST_WARMUP_MS = 600;
export const BUDGET_MS = 250;
export const MIN_REPEATS = 3;
export const MAX_REPEATS = 15;

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b), h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// f() runs the operation once. Returns {ms (CPU), wallMs, iters, repeats}.
export function measure(f, warmupMs = WARMUP_MS) {
  // no gc() here: after a full GC, V8 ran ArrayBuffer-allocating calls 2-3x
  // slower for ~0.5 s (measured: matmul 256 float32 flat 1.35 -> 3.47 ms)
  let single = Infinity;
  const w0 = cpuMs();
  do {
    const t0 = cpuMs();
    f();
    single = Math.min(single, cpuMs() - t0);
  } while (cpuMs() - w0 < warmupMs);
  const iters = Math.max(1, Math.ceil(MIN_BATCH_MS / Math.max(single, 1e-3)));
  const repeats = Math.min(MAX_REPEATS, Math.max(MIN_REPEATS, Math.floor(BUDGET_MS / (single * iters))));
  const cpu = [], wall = [];
  for (let k = 0; k < repeats; k++) {
    const c0 = cpuMs(), t0 = performance.now();
    for (let i = 0; i < iters; i++) f();
    wall.push((performance.now() - t0) / iters);
    cpu.push((cpuMs() - c0) / iters);
  }
  return { ms: median(cpu), wallMs: median(wall), iters, repeats };
}
