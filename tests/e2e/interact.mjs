// In the page: n interactions chosen by a seeded generator among the
// lesson's range inputs and step buttons; returns the count done. Passed to
// page.evaluate, so it uses nothing from outside its own body (the heap
// test and scripts/soak.mjs).
export function interact([n, seed]) {
  let s = seed >>> 0;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  let done = 0;
  for (let k = 0; k < n; k++) {
    const ranges = [...document.querySelectorAll('.lesson input[type=range]:not(:disabled)')];
    const buttons = [...document.querySelectorAll('.step-controls button:not(:disabled)')];
    if (ranges.length && rand() < 0.85) {
      const r = ranges[Math.floor(rand() * ranges.length)];
      const min = Number(r.min || 0), max = Number(r.max || 100), step = Number(r.step) || 1;
      r.value = String(min + Math.round((rand() * (max - min)) / step) * step);
      r.dispatchEvent(new Event('input', { bubbles: true }));
      r.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (buttons.length) {
      buttons[Math.floor(rand() * buttons.length)].click();
    } else continue;
    done++;
  }
  return done;
}
