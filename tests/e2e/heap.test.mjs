// 200 scripted interactions a lesson (range inputs moved, step buttons
// pressed) grow the wasm heap by less than 16 KiB after a warm-up: lessons
// free what the core returns (the API copies results out; nothing may keep
// wasm memory alive between updates). The heap in use is flat to the byte
// between updates, so a leak of even 100 bytes an update fails; the long
// soak (10,000 and more, detached DOM nodes, JS heap) is scripts/soak.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, lessonIds, fileUrl, openWatched, allowFile, gotoReady, assertClean } from './helpers.mjs';
import { interact } from './interact.mjs';

const PER_LESSON = 200;
const LIMIT = 16 * 1024;
const LESSONS = lessonIds();
const TOTAL = PER_LESSON * LESSONS.length;

describeWithBrowser('wasm heap under page interactions and lesson switches', {}, (env) => {

  test(`${PER_LESSON} interactions in each of ${LESSONS.length} lessons: heap growth after warm-up < 16 KiB`, { timeout: 600000 }, async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    const rows = [];
    try {
      let done = 0;
      for (const id of LESSONS) {
        const url = fileUrl('index.html', `lesson=${id}`);
        await gotoReady(page, url);
        const heap = () => page.evaluate(async () => (await window.AttnLab.load()).heapInUse());
        await page.evaluate(interact, [50, 1]);  // warm-up: caches, first-use allocations
        const h0 = await heap();
        const n = await page.evaluate(interact, [PER_LESSON, 7]);
        const h1 = await heap();
        done += n;
        rows.push(`${id.padEnd(12)} ${String(n).padStart(5)} interactions  heap ${h0} -> ${h1} bytes`);
        assert.ok(h1 - h0 < LIMIT, `${id}: the wasm heap grew by ${h1 - h0} bytes over ${n} interactions`);
      }
      console.log(rows.join('\n'));
      assert.ok(done >= TOTAL * 0.9, `only ${done} interactions could be made`);
      assertClean(issues, 'heap test');
    } finally {
      await context.close();
    }
  });

  // Lesson switches: measured from heap
  // snapshots, a switch keeps no lesson's DOM or data: what grows is V8's compiled code (optimised
  // as the lessons run again), which is not ours to free. Objects, arrays, closures, strings and
  // DOM nodes after two rounds through every lesson and after three more must stay within 300 KB.
  test(`lesson switches keep no lesson alive: the heap outside compiled code stays flat over ${2 * LESSONS.length} switches`, { timeout: 600000 }, async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      await gotoReady(page, fileUrl('index.html', 'lesson=vectors&lang=zh-Hans'));
      const cdp = await context.newCDPSession(page);
      const go = async (id) => {
        await page.evaluate((i) => document.querySelector(`nav.toc a[href*="lesson=${i}"]`).click(), id);
        // A boolean, not the element: a handle kept by the test would keep a lesson alive itself.
        await page.waitForFunction((i) => { const a = document.querySelector('nav.toc a[aria-current="page"]'); return !!a && a.getAttribute('href').includes(`lesson=${i}`) && !!document.querySelector('.lesson-body'); }, id);
      };
      // Bytes by kind outside compiled code (V8's 'code' nodes) in a heap snapshot, and detached DOM nodes.
      const measure = async () => {
        await cdp.send('HeapProfiler.collectGarbage');
        const chunks = [];
        const on = (e) => chunks.push(e.chunk);
        cdp.on('HeapProfiler.addHeapSnapshotChunk', on);
        await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
        cdp.off('HeapProfiler.addHeapSnapshotChunk', on);
        const snap = JSON.parse(chunks.join(''));
        const m = snap.snapshot.meta, nf = m.node_fields.length, types = m.node_types[0];
        const ti = m.node_fields.indexOf('type'), si = m.node_fields.indexOf('self_size'), di = m.node_fields.indexOf('detachedness');
        let bytes = 0, detached = 0;
        for (let i = 0; i < snap.nodes.length; i += nf) {
          if (!['code', 'hidden', 'synthetic'].includes(types[snap.nodes[i + ti]])) bytes += snap.nodes[i + si];
          if (di >= 0 && snap.nodes[i + di] === 2) detached++;
        }
        return { bytes, detached };
      };
      for (let r = 0; r < 2; r++) for (const id of LESSONS) await go(id);
      const a = await measure();
      for (let r = 0; r < 2; r++) for (const id of LESSONS) await go(id);
      const b = await measure();
      console.log(`# heap outside code after ${2 * LESSONS.length} switches ${(a.bytes / 1e6).toFixed(2)} MB, after ${4 * LESSONS.length} ${(b.bytes / 1e6).toFixed(2)} MB; detached DOM nodes ${a.detached} -> ${b.detached}`);
      assert.ok(b.bytes - a.bytes < 1e6, `the heap outside compiled code grew by ${b.bytes - a.bytes} bytes over ${2 * LESSONS.length} switches`);
      assert.ok(b.detached - a.detached <= 20, `detached DOM nodes ${a.detached} -> ${b.detached} over ${2 * LESSONS.length} switches`);
      assertClean(issues, 'lesson switches');
    } finally {
      await context.close();
    }
  });
});
