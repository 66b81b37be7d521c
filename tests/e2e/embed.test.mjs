// embed.html: the lesson alone (no site header, no table of contents), in
// the requested language; inside a sandboxed iframe of a page from another
// origin it still computes and tells its parent its height.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeWithBrowser, startHostPage, lessonIds, fileUrl, openWatched, allowFile, allowOrigins,
  gotoReady, assertClean, parseShown, READY_TIMEOUT,
} from './helpers.mjs';

const LESSONS = lessonIds();

async function shellShape(frameOrPage) {
  return frameOrPage.evaluate(() => ({
    lang: document.documentElement.lang,
    mode: document.body.dataset.mode,
    header: document.querySelectorAll('.site-header').length,
    toc: document.querySelectorAll('nav.toc').length,
    footer: document.querySelectorAll('.site-footer').length,
    players: document.querySelectorAll('.step-player').length,
    title: (document.getElementById('lesson-title') || {}).textContent || null,
    cells: [...document.querySelectorAll('table.matrix td')].map((td) => td.textContent).slice(0, 8),
  }));
}

describeWithBrowser('embed.html', { concurrency: 2, server: true }, (env) => {
  for (const id of LESSONS) {
    test(`embed.html?lesson=${id}&lang=zh-Hans&step=3 shows the lesson at step 3, without header or TOC, in Chinese, with no error`, async () => {
      const url = fileUrl('embed.html', `lesson=${id}&lang=zh-Hans&step=3`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(page, url);
        const s = await shellShape(page);
        assert.equal(s.lang, 'zh-Hans', '<html lang>');
        assert.equal(s.mode, 'embed', 'body[data-mode]');
        assert.equal(s.header, 0, 'an embedded lesson must not show .site-header');
        assert.equal(s.toc, 0, 'an embedded lesson must not show nav.toc');
        assert.equal(s.footer, 0, 'an embedded lesson must not show .site-footer');
        assert.ok(s.title && /[\u4e00-\u9fff]/.test(s.title), `lesson title should be Chinese, got ${JSON.stringify(s.title)}`);
        // (A lesson without a step player fails in pages.test.mjs.)
        // step=3 deep-links the first player (to its last step if it has fewer).
        if (s.players >= 1) {
          const player = page.locator('.step-player').first();
          const n = Number((await player.getAttribute('aria-valuemax')) ?? await player.locator('.progress').getAttribute('aria-valuemax'));
          assert.equal(await player.getAttribute('data-step'), String(Math.min(3, n)), 'step=3 opens the first player at step 3');
          assert.ok((await player.locator('.step-formula').textContent()).length > 0 || !(await player.locator('.step-formula').count()), 'the formula of the opened step is shown');
          const before = await player.locator('.step-counter').textContent();
          await player.locator('.step-controls .btn').first().click();
          assert.notEqual(await player.locator('.step-counter').textContent(), before, 'Previous changes the step counter in the embed');
        }
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }

  test('inside <iframe sandbox="allow-scripts"> on another origin: the softmax lesson computes and posts attnlab:resize', async () => {
    const src = env.server.httpUrl('embed.html', 'lesson=softmax&lang=zh-Hans');
    const host = await startHostPage(src, { height: 300 });
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(host.origin, env.server.origin) });
    // Every message the host receives (init scripts also run in the iframe,
    // whose own list stays empty: nobody posts to it).
    await context.addInitScript(() => {
      window.__e2eMessages = [];
      window.addEventListener('message', (e) => {
        const f = document.getElementById('lesson');
        window.__e2eMessages.push({ data: e.data, origin: e.origin, fromLesson: !!f && e.source === f.contentWindow });
      });
    });
    try {
      await page.goto(host.url);
      const frame = await (await page.waitForSelector('iframe#lesson')).contentFrame();
      assert.ok(frame, 'iframe has a content frame');
      try {
        await frame.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT });
      } catch {
        const text = await frame.evaluate(() => document.body && document.body.innerText.slice(0, 300)).catch((e) => String(e));
        assert.fail(`the sandboxed embed never reached body[data-ready="true"]; its text: ${JSON.stringify(text)}\n${JSON.stringify(issues, null, 1)}`);
      }
      const s = await shellShape(frame);
      assert.equal(s.lang, 'zh-Hans', 'iframe <html lang>');
      assert.equal(s.header + s.toc, 0, 'no .site-header / nav.toc in the iframe');
      assert.equal(await frame.evaluate(() => window.origin), 'null', 'sandbox without allow-same-origin gives the iframe an opaque origin');
      const numbers = s.cells.map(parseShown).filter((x) => Number.isFinite(x));
      assert.ok(numbers.length > 0, `the embedded lesson shows computed numbers (table.matrix td), got ${JSON.stringify(s.cells)}`);
      // The core is usable from inside the sandbox too.
      const p = await frame.evaluate(async () => (await window.AttnLab.load()).softmax([2, 1, 0.1, -1]));
      assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-12, `softmax in the sandboxed frame: ${p}`);

      // The parent hears the height, and it follows the content.
      const heard = await page.waitForFunction(() => window.__e2eMessages.some((m) => m.data && m.data.type === 'attnlab:resize'), null, { timeout: 5000 })
        .then(() => true, () => false);
      const msgs = await page.evaluate(() => window.__e2eMessages);
      assert.ok(heard, `no {type: 'attnlab:resize'} message reached the host; messages: ${JSON.stringify(msgs)}`);
      const resize = msgs.filter((m) => m.data && m.data.type === 'attnlab:resize');
      for (const m of resize) assert.ok(Number.isFinite(m.data.height) && m.data.height > 100, `resize height should be a positive number of px, got ${JSON.stringify(m.data)}`);
      // A sandboxed (opaque-origin) frame posts with origin "null": hosts
      // recognise it by e.source, which must be the iframe's window.
      assert.ok(resize.every((m) => m.fromLesson && m.origin === 'null'), `resize messages come from the iframe (e.source) with origin "null": ${JSON.stringify(resize)}`);
      // The last reported height matches the iframe document's (poll: the
      // ResizeObserver reports after layout settles).
      let last = null;
      let frameHeight = null;
      for (let k = 0; k < 20; k++) {
        last = await page.evaluate(() => window.__e2eMessages.filter((m) => m.data && m.data.type === 'attnlab:resize').pop().data.height);
        frameHeight = await frame.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
        if (Math.abs(last - frameHeight) <= 2) break;
        await page.waitForTimeout(100);
      }
      assert.ok(Math.abs(last - frameHeight) <= 2, `last reported height ${last} != iframe document height ${frameHeight}`);

      // Stepping in the iframe works (no storage, no same-origin needed).
      const player = frame.locator('.step-player').first();
      const before = await player.getAttribute('data-step');
      await player.locator('.step-controls .btn-primary').click();
      assert.equal(Number(await player.getAttribute('data-step')), Number(before) + 1, 'Next works inside the sandboxed iframe');
      await page.waitForTimeout(200);
      assertClean(issues, `iframe ${src} in ${host.url}`);
    } finally {
      await context.close();
      await host.close();
    }
  });
});
