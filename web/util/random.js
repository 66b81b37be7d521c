// Seeded pseudo-random numbers (mulberry32) for "randomize" buttons, so
// that a seed in the URL reproduces the same inputs.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// rows x cols matrix of values rounded to 1 decimal in [-lim, lim].
export function randomMatrix(next, rows, cols, lim = 2) {
  return Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () => Math.round((next() * 2 - 1) * lim * 10) / 10));
}
