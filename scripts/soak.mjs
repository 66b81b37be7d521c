// Long-session soak: scripted interactions on a lesson
// (range inputs moved, step buttons pressed), with, after every batch, a
// garbage collection and the DOM counters through CDP
// (HeapProfiler.collectGarbage, Memory.getDOMCounters): nodes alive in all,
// nodes in the document (so detached = the difference) and the JS heap.
//
//   node scripts/soak.mjs [interactions=10000] [lessons=optimization,softmax] [batch=1000]
//
// Prints one table per lesson; exits 1 if detached nodes or the JS heap of
// the second half grow by more than the bounds below over the first half's
// end (no plateau). tests/e2e/hardening.test.mjs runs a short version.
import { pathToFileURL } from 'node:url';
import { launch, fileUrl, gotoReady } from '../tests/e2e/helpers.mjs';
import { interact } from '../tests/e2e/interact.mjs';

// Every node of the document, shadow roots included.
function attachedNodes() {
  let n = 0;
  const walk = (root) => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
    for (let node = w.currentNode; node; node = w.nextNode()) {
      n++;
      if (node.shadowRoot) walk(node.shadowRoot);
    }
  };
  walk(document);
  return n;
}

export async function measure(page, cdp) {
  await new Promise((r) => setTimeout(r, 400));  // deferred MathML and timers settle
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { nodes } = await cdp.send('Memory.getDOMCounters');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const attached = await page.evaluate(attachedNodes);
  return { nodes, attached, detached: nodes - attached, heapMB: usedSize / 2 ** 20 };
}

// Runs `total` interactions on a lesson in batches; returns the samples
// [{done, nodes, attached, detached, heapMB, ms}] (the first before any).
export async function soakLesson(browser, lesson, { total = 10000, batch = 1000, seed = 1 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await gotoReady(page, fileUrl('index.html', `lesson=${lesson}&lang=en`));
    const cdp = await context.newCDPSession(page);
    const samples = [{ done: 0, ms: 0, ...(await measure(page, cdp)) }];
    let done = 0;
    while (done < total) {
      const t0 = performance.now();
      const n = Math.min(batch, total - done);
      for (let k = 0; k < n; k += 100) await page.evaluate(interact, [Math.min(100, n - k), seed + done + k]);
      done += n;
      samples.push({ done, ms: Math.round(performance.now() - t0), ...(await measure(page, cdp)) });
    }
    return samples;
  } finally {
    await context.close();
  }
}

// Growth from the middle sample to the last (a leak keeps growing; a
// bounded cache has filled by then).
export function lateGrowth(samples) {
  const mid = samples[Math.floor(samples.length / 2)], last = samples[samples.length - 1];
  return { detached: last.detached - mid.detached, heapMB: last.heapMB - mid.heapMB };
}

export const BOUNDS = { detached: 5000, heapMB: 8 };

async function main() {
  const total = Number(process.argv[2] || 10000);
  const lessons = (process.argv[3] || 'optimization,softmax').split(',');
  const batch = Number(process.argv[4] || 1000);
  const browser = await launch();
  let bad = false;
  try {
    for (const lesson of lessons) {
      const samples = await soakLesson(browser, lesson, { total, batch });
      console.log(`\n${lesson}: ${total} interactions`);
      console.log('  done   nodes  attached  detached  JS heap MB  batch ms');
      for (const s of samples)
        console.log(`  ${String(s.done).padStart(5)} ${String(s.nodes).padStart(7)} ${String(s.attached).padStart(9)} ${String(s.detached).padStart(9)} ${s.heapMB.toFixed(1).padStart(11)} ${String(s.ms).padStart(9)}`);
      const g = lateGrowth(samples);
      const ok = g.detached <= BOUNDS.detached && g.heapMB <= BOUNDS.heapMB;
      console.log(`  second half: detached ${g.detached >= 0 ? '+' : ''}${g.detached}, JS heap ${g.heapMB >= 0 ? '+' : ''}${g.heapMB.toFixed(1)} MB: ${ok ? 'bounded' : 'GROWING'}`);
      if (!ok) bad = true;
    }
  } finally {
    await browser.close();
  }
  process.exit(bad ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
