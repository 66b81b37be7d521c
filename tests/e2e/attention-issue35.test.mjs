// Issue 35, the attention lesson's defects: it always starts (a text with no
// vocabulary word, "constructor", separators), "numbers I type" shows what
// its selectors say, the step player stays beside the figure it explains,
// no ResizeObserver loop errors, matrix cells refuse huge text before any
// work, the two-animate-nouns preset, and no Latin words in the Chinese prose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  describeWithBrowser, fileUrl, openWatched, allowFile, gotoReady, assertClean, LANGS, ROOT,
} from './helpers.mjs';

const HAN = /[\u4e00-\u9fff]/;
const EXAMPLE = {
  en: ['the', 'cat', 'sat', 'on', 'the', 'mat', 'because', 'it', 'was', 'tired'],
  'zh-Hans': ['小猫', '坐', '在', '垫子', '上', '因为', '它', '累', '了'],
};

// Opens a page from file:// (index.html or embed.html); fn(page, issues); checks it stayed clean.
async function withPage(env, file, query, fn, { viewport } = {}) {
  const url = fileUrl(file, query);
  const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile, contextOptions: viewport ? { viewport } : {} });
  try {
    await gotoReady(page, url);
    await fn(page, issues);
    assertClean(issues, url);
  } finally {
    await context.close();
  }
}

const rowHeaders = (page, name) => page.evaluate((nm) => {
  const w = document.querySelector(`.matrix-wrap[data-name="${nm}"]`);
  return w ? [...w.querySelectorAll('tbody th[scope=row]')].map((x) => x.textContent) : null;
}, name);

describeWithBrowser('issue 35: the attention lesson', { concurrency: 2 }, (env) => {
  // 10c: every text= value applies or falls back with a message; the lesson starts.
  const TEXTS = ['xyz', 'constructor', 'toString', 'hasOwnProperty', ',', '%20', '.,.', '%EF%BC%8C%E3%80%82', 'the%20dog%20ran'];
  for (const lang of LANGS) {
    for (const file of ['index.html', 'embed.html']) {
      test(`${lang} ${file}: a text with no vocabulary word falls back to the example sentence with a message`, async () => {
        for (const text of TEXTS) {
          // "the dog ran" is a sentence on the English page; on the Chinese one it has no Chinese word.
          if (lang === 'en' && text.startsWith('the')) continue;
          await withPage(env, file, `lesson=attention&lang=${lang}&text=${text}`, async (page) => {
            const body = await page.locator('body').innerText();
            assert.doesNotMatch(body, /could not start|无法启动/, `text=${text}: the lesson starts`);
            assert.deepEqual(await rowHeaders(page, 'weights'), EXAMPLE[lang], `text=${text}: the example sentence is shown`);
            const msg = page.locator('#att-sentence-msg');
            assert.ok(await msg.isVisible(), `text=${text}: a message says so`);
            const said = await msg.textContent();
            assert.match(said, lang === 'zh-Hans' ? HAN : /vocabulary/, `text=${text}: in the page's language: ${said}`);
          });
        }
      });
    }
  }

  test('typing "constructor" (and other Object.prototype names) into the sentence box: named as unknown, no page error', async () => {
    await withPage(env, 'index.html', 'lesson=attention&lang=en', async (page) => {
      const field = page.locator('.lesson input.sentence-input');
      for (const typed of ['the cat constructor', 'constructor', 'valueOf it']) {
        await field.fill(typed);
        await field.press('Enter');
        const rows = await rowHeaders(page, 'weights');
        assert.ok(rows && !rows.includes('constructor') && !rows.includes('valueOf'), `${typed}: rows ${rows}`);
      }
      assert.match(await page.locator('#att-sentence-msg').textContent(), /valueOf/);
      assert.deepEqual(await rowHeaders(page, 'weights'), ['it']);
    });
  });
});
