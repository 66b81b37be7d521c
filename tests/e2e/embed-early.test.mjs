// Host commands sent before the lesson is ready: AttnLabEmbed.set right
// after creating an <attn-lesson> (the order docs/embedding.md shows) is
// queued and applied in order once the lesson says attnlab:ready, and set
// says so ({status: 'queued'}, 'sent' once ready, 'refused' with a reason);
// an {type: 'attnlab:get'} that reaches a lesson still loading is answered
// once it is mounted. The lesson's script is held back (a slow network) so
// that "before ready" is certain, not a race.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, startTinyServer, startHostPage, openWatched, READY_TIMEOUT } from './helpers.mjs';

const DELAY = 1500;  // ms the lesson's own script is held back
const slowLesson = (context) => context.route('**/lessons/softmax.js', async (route) => {
  await new Promise((r) => setTimeout(r, DELAY));
  await route.continue();
});

// Messages the host page hears, from its very start (an init script, top window only).
const recordMessages = (context) => context.addInitScript(() => {
  if (window !== window.top) return;
  window.heard = [];
  window.addEventListener('message', (e) => { if (e.data && typeof e.data.type === 'string') window.heard.push({ type: e.data.type, query: e.data.query || null, at: performance.now() }); });
});

describeWithBrowser('host commands before the lesson is ready', { concurrency: 1, server: true }, (env) => {
  test('AttnLabEmbed.set right after creating <attn-lesson> is queued and applied in order once the lesson is ready', async () => {
    const origin = env.server.origin;
    const host = await startTinyServer({ routes: { '/host.html': { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course host</title><link rel="icon" href="data:,">
<script src="${origin}/attnlab-embed.js"></script></head><body><h1>A course page</h1></body></html>` } } });
    const { context, page, issues } = await openWatched(env.browser);
    try {
      await slowLesson(context);
      await recordMessages(context);
      await page.goto(`${host.url}host.html`);
      const r = await page.evaluate(() => {
        const E = window.AttnLabEmbed;
        const el = document.createElement('attn-lesson');
        el.setAttribute('lesson', 'softmax');
        el.setAttribute('lang', 'en');
        const beforeAppend = E.set(el, { T: 0.5 });
        document.body.appendChild(el);
        return {
          beforeAppend, first: E.set(el, { T: 2, step: 3 }), second: E.set(el, { T: 0.25 }),
          refused: [E.set(el, 'T=1'), E.set(el, {}), E.set(document.body, { T: 1 }), E.set(null, { T: 1 })],
        };
      });
      assert.deepEqual(r.beforeAppend, { status: 'queued' });
      assert.deepEqual(r.first, { status: 'queued' });
      assert.deepEqual(r.second, { status: 'queued' });
      for (const x of r.refused) assert.ok(x.status === 'refused' && typeof x.reason === 'string' && x.reason.length > 0, JSON.stringify(x));
      // Applied in order: the last T wins, the step of the second command stays.
      await page.waitForFunction(() => window.heard.some((m) => m.type === 'attnlab:state' && /(^|&)T=0\.25(&|$)/.test(m.query)), null, { timeout: READY_TIMEOUT });
      const heard = await page.evaluate(() => window.heard);
      const ready = heard.find((m) => m.type === 'attnlab:ready');
      assert.ok(ready && ready.at >= DELAY, 'the lesson became ready only after its script came');
      const last = new URLSearchParams(heard.filter((m) => m.type === 'attnlab:state').pop().query);
      assert.equal(last.get('T'), '0.25');
      assert.equal(last.get('step'), '3');
      const frame = page.frames().find((f) => f.url().includes('embed.html'));
      assert.ok((await frame.locator('.step-player .step-counter').first().textContent()).includes('3'), 'the lesson shows step 3');
      // Once ready, a command goes at once.
      assert.deepEqual(await page.evaluate(() => window.AttnLabEmbed.set(document.querySelector('attn-lesson'), { T: 0.75 })), { status: 'sent' });
      await page.waitForFunction(() => /(^|&)T=0\.75(&|$)/.test(window.heard.filter((m) => m.type === 'attnlab:state').pop().query), null, { timeout: 5000 });
      // Moved in the page, its iframe loads the lesson again: a command waits for it.
      const moved = await page.evaluate(() => {
        const el = document.querySelector('attn-lesson');
        const box = document.createElement('section');
        document.body.appendChild(box);
        box.appendChild(el);
        window.heard.length = 0;
        return window.AttnLabEmbed.set(el, { T: 1.5 });
      });
      assert.deepEqual(moved, { status: 'queued' });
      await page.waitForFunction(() => window.heard.some((m) => m.type === 'attnlab:state' && /(^|&)T=1\.5(&|$)/.test(m.query)), null, { timeout: READY_TIMEOUT });
      assert.deepEqual(issues.pageErrors, []);
    } finally {
      await context.close();
      await host.close();
    }
  });

  test('an attnlab:get that reaches a lesson still loading is answered once it is ready', async () => {
    const host = await startHostPage(env.server.httpUrl('embed.html', 'lesson=softmax&lang=en'));
    const { context, page, issues } = await openWatched(env.browser);
    try {
      await slowLesson(context);
      await recordMessages(context);
      await page.goto(host.url, { waitUntil: 'commit' });
      // The page's script runs (it removes the "could not load" note) and listens; the lesson is not here yet.
      const frame = await (async () => {
        for (;;) {
          const f = page.frames().find((x) => x.url().includes('embed.html'));
          if (f) return f;
          await page.waitForTimeout(20);
        }
      })();
      await frame.waitForFunction(() => !document.querySelector('.load-failed') && document.body.dataset.ready !== 'true' && !document.getElementById('lesson-title'), null, { timeout: READY_TIMEOUT });
      await page.evaluate(() => { window.getAt = performance.now(); document.getElementById('lesson').contentWindow.postMessage({ type: 'attnlab:get' }, '*'); });
      await page.waitForFunction(() => window.heard.some((m) => m.type === 'attnlab:ready'), null, { timeout: READY_TIMEOUT });
      await page.waitForTimeout(1000);
      const { heard, getAt } = await page.evaluate(() => ({ heard: window.heard, getAt: window.getAt }));
      const ready = heard.find((m) => m.type === 'attnlab:ready');
      assert.ok(ready.at > getAt, 'the get was sent before the lesson was ready');
      // The lesson's own report on mounting, and the answer to the get.
      const after = heard.filter((m) => m.at >= ready.at);
      assert.equal(after.filter((m) => m.type === 'attnlab:progress').length, 2, JSON.stringify(after.map((m) => m.type)));
      assert.ok(after.filter((m) => m.type === 'attnlab:state').length >= 2);
      assert.deepEqual(issues.pageErrors, []);
    } finally {
      await context.close();
      await host.close();
    }
  });
});
