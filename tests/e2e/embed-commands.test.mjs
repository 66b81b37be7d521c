// Instructor features of embed.html and the page: hide=, lti=1, the
// 'attnlab:set' command from the host, the Embed panel's snippets, and
// hostile input (XSS payloads in every URL parameter and command field):
// nothing renders as HTML, no dialog opens, no console error, the lesson
// keeps working. (Payloads in every lesson's URL parameters: url-state.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeWithBrowser, startHostPage, fileUrl, openWatched, allowFile, allowOrigins,
  gotoReady, assertClean, READY_TIMEOUT,
} from './helpers.mjs';

const PAYLOADS = ['"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '\\href{javascript:alert(1)}{x}', '<script>alert(1)</script>'];

// Fails the test if the page opened a dialog or rendered an injected element.
function watchDialogs(page) {
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  return dialogs;
}
async function injected(frameOrPage) {
  return frameOrPage.evaluate(() => document.querySelectorAll('img[src="x"], script:not([src]), a[href^="javascript"]').length);
}

describeWithBrowser('embedding features and hostile input', { concurrency: 2, server: true }, (env) => {
  test('hide=title,summary,steps,prose,embed hides those parts (the title stays for screen readers)', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      const url = fileUrl('index.html', 'lesson=softmax&hide=title,summary,steps,prose,embed');
      await gotoReady(page, url);
      const s = await page.evaluate(() => {
        const shown = (sel) => [...document.querySelectorAll(sel)].some((e) => e.getBoundingClientRect().height > 2);
        return {
          title: shown('#lesson-title'), titleText: document.getElementById('lesson-title').textContent,
          summary: shown('.lesson-summary'), controls: shown('.step-controls'), prose: shown('.prose'),
          embed: shown('.embed-panel'), formula: shown('.step-formula'), figures: document.querySelectorAll('svg').length,
        };
      });
      assert.deepEqual({ title: s.title, summary: s.summary, controls: s.controls, prose: s.prose, embed: s.embed },
        { title: false, summary: false, controls: false, prose: false, embed: false });
      assert.ok(s.titleText.length > 0 && s.formula && s.figures > 0, `title text kept, formula and figures shown: ${JSON.stringify(s)}`);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('the Embed panel offers an iframe and a custom-element snippet of the current state', async () => {
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    try {
      const url = fileUrl('index.html', 'lesson=softmax&T=0.5&lang=zh-Hans');
      await gotoReady(page, url);
      await page.locator('.embed-panel summary').press('Enter');  // keyboard-operable
      // The panel fills its snippets on 'toggle', an event queued after the open.
      await page.waitForFunction(() => [...document.querySelectorAll('.embed-code')].every((e) => e.value));
      const codes = await page.locator('.embed-code').evaluateAll((els) => els.map((e) => e.value));
      assert.match(codes[0], /^<iframe src="file:\/\/[^"]*\/embed\.html\?lesson=softmax&amp;lang=zh-Hans&amp;T=0\.5" title="[^"<>]+" width="100%" height="\d+" loading="lazy" allow="fullscreen" sandbox="allow-scripts"/);
      assert.match(codes[1], /<script src="[^"]*attnlab-embed\.js"><\/script>\n<attn-lesson lesson="softmax" lang="zh-Hans" params="T=0\.5" title="[^"<>]+"><\/attn-lesson>/);
      await page.locator('.embed-box .btn').first().click();
      await page.waitForFunction(() => document.querySelector('.embed-status').textContent.length > 0);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });

  test('from a host page: lti=1 adds lti.frameResize; attnlab:set changes the state; bad commands change nothing', async () => {
    const src = env.server.httpUrl('embed.html', 'lesson=softmax&lti=1');
    const host = await startHostPage(src, { height: 9000 });
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(host.origin, env.server.origin) });
    const dialogs = watchDialogs(page);
    await context.addInitScript(() => {
      window.__msgs = [];
      window.addEventListener('message', (e) => window.__msgs.push(e.data));
    });
    try {
      await page.goto(host.url);
      const frame = await (await page.waitForSelector('iframe#lesson')).contentFrame();
      await frame.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT });
      await frame.waitForSelector('.lesson[data-laid-out]', { state: 'attached', timeout: READY_TIMEOUT });
      await page.waitForFunction(() => window.__msgs.some((m) => m && m.subject === 'lti.frameResize'), null, { timeout: 5000 });
      // The frame is far taller than the lesson: the reported height is the
      // content's, so that a host can shrink the frame too.
      const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      const lastReport = () => window.__msgs.filter((m) => m && m.type === 'attnlab:resize').pop().height;
      // The report follows the content within a frame or two.
      await page.waitForFunction((c) => Math.abs(window.__msgs.filter((m) => m && m.type === 'attnlab:resize').pop().height - c) <= 2, content, { timeout: 2000 }).catch(() => {});
      const reported = await page.evaluate(lastReport);
      assert.ok(reported < 9000 && Math.abs(reported - content) <= 2, `reported ${reported} px, content ${content} px, frame 9000 px`);
      // A change of the content's height reaches the host within 200 ms
      // (Date.now() in both documents: their performance clocks differ).
      await page.evaluate(() => { window.__msgs = []; window.addEventListener('message', (e) => { if (e.data && e.data.type === 'attnlab:resize') window.__lastResizeAt = Date.now(); }); });
      const changedAt = await frame.evaluate(() => {
        const div = document.createElement('div');
        div.style.height = '500px';
        document.body.appendChild(div);
        return Date.now();
      });
      await page.waitForFunction((h) => window.__msgs.some((m) => m && m.type === 'attnlab:resize' && m.height >= h + 400), reported, { timeout: 5000 });
      const lag = (await page.evaluate(() => window.__lastResizeAt)) - changedAt;
      assert.ok(lag < 200, `the new height reached the host ${lag} ms after the change`);
      console.log(`# resize message ${lag} ms after a change of the content`);
      await frame.evaluate(() => document.body.lastElementChild.remove());
      const post = (data) => page.evaluate((d) => document.getElementById('lesson').contentWindow.postMessage(d, '*'), data);
      const state = () => frame.evaluate(() => ({
        lang: document.documentElement.lang, ready: document.body.dataset.ready,
        step: document.querySelector('.step-player')?.dataset.step,
        temp: [...document.querySelectorAll('input[type=range]')].map((i) => i.value),
      }));
      const before = await state();

      await post({ type: 'attnlab:set', lang: 'zh-Hans', step: '3', T: 0.5 });
      await frame.waitForFunction(() => document.documentElement.lang === 'zh-Hans' && document.querySelector('.step-player')?.dataset.step === '3', null, { timeout: 5000 });
      const after = await state();
      assert.ok(after.temp.includes('0.5'), `T=0.5 reached the lesson's slider: ${JSON.stringify(after)} (before ${JSON.stringify(before)})`);

      // Malformed or hostile commands: ignored or rejected value by value.
      for (const p of PAYLOADS) {
        await post({ type: 'attnlab:set', lang: p, T: p, z: p, step: p, hide: p, lesson: p });
        await post({ type: 'attnlab:set', [p]: '1' });
      }
      await post({ type: 'attnlab:set', T: { toString: null } }).catch(() => {});
      await post('attnlab:set');
      await post({ type: 'something-else', lang: 'en' });
      await post(null);
      await page.waitForTimeout(300);
      const final = await state();
      assert.deepEqual(final, after, 'bad commands left the state as it was');
      assert.equal(await injected(frame), 0, 'nothing from the payloads was rendered as HTML');
      // A command from a window that is not the parent is ignored.
      await frame.evaluate(() => window.postMessage({ type: 'attnlab:set', lang: 'en' }, '*'));
      await page.waitForTimeout(200);
      assert.equal((await state()).lang, 'zh-Hans', 'a command from the frame itself is ignored');
      assert.deepEqual(dialogs, []);
      assertClean(issues, src);
    } finally {
      await context.close();
      await host.close();
    }
  });

  test('an XSS payload as the lesson id falls back to the first lesson', async () => {
    const url = fileUrl('index.html', `lesson=${encodeURIComponent(PAYLOADS[0])}`);
    const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
    const dialogs = watchDialogs(page);
    try {
      await gotoReady(page, url);
      assert.equal(await injected(page), 0);
      assert.ok((await page.locator('#lesson-title').textContent()).length > 0);
      assert.deepEqual(dialogs, []);
      assertClean(issues, url);
    } finally {
      await context.close();
    }
  });
});
