// Layout: at 360 px (a small phone) no lesson makes the page scroll
// sideways, on any step (wide formulas and matrices must scroll inside
// their own boxes); dark mode renders dark and without errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeWithBrowser, lessonIds, fileUrl, openWatched, allowFile, gotoReady, stepThroughPlayers, assertClean, overflowReport,
} from './helpers.mjs';

const LESSONS = lessonIds();
const WIDTH = 360;

const luminance = (rgb) => {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
  if (!m) return null;
  const lin = (c) => { const x = Number(c) / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
};

describeWithBrowser(`layout at ${WIDTH} px and in dark mode`, { concurrency: 2 }, (env) => {

  // English: its long words are what overflows (Chinese breaks anywhere).
  for (const lang of ['en']) {
    for (const id of LESSONS) {
      test(`${WIDTH} px: lesson=${id} lang=${lang} never scrolls the page sideways, on any step`, async () => {
        const url = fileUrl('index.html', `lesson=${id}&lang=${lang}`);
        const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile, contextOptions: { viewport: { width: WIDTH, height: 740 } } });
        try {
          await gotoReady(page, url);
          const problems = [];
          const check = async (where) => {
            const r = await page.evaluate(overflowReport, WIDTH);
            if (r.scrollWidth > WIDTH + 1) problems.push(`${where}: document scrollWidth ${r.scrollWidth} > ${WIDTH}\n    ${r.culprits.join('\n    ') || '(no single culprit found)'}`);
          };
          await check('after load');
          // Next pass only: the ArrowRight pass would show the same steps
          // again. (A lesson without a player fails in pages.test.mjs.)
          if (await page.locator('.step-player').count())
            await stepThroughPlayers(page, { label: `${WIDTH}px ${id} ${lang}`, keyboard: false, onStep: (k, i) => check(`player ${k} step ${i}`) });
          assert.deepEqual(problems, [], `horizontal page scroll at ${WIDTH} px in ${url}:\n${problems.join('\n')}`);
          assertClean(issues, url);
        } finally {
          await context.close();
        }
      });
    }
  }

  for (const id of LESSONS) {
    test(`dark mode (prefers-color-scheme: dark): lesson=${id} renders dark with no console error`, async () => {
      const url = fileUrl('index.html', `lesson=${id}&lang=en`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile, contextOptions: { colorScheme: 'dark' } });
      try {
        await gotoReady(page, url);
        const c = await page.evaluate(() => ({ bg: getComputedStyle(document.body).backgroundColor, ink: getComputedStyle(document.body).color }));
        assert.ok(luminance(c.bg) !== null && luminance(c.bg) < 0.05, `body background should be dark, got ${c.bg} (luminance ${luminance(c.bg)})`);
        assert.ok(luminance(c.ink) > 0.5, `body text should be light on dark, got ${c.ink}`);
        const next = page.locator('.step-player .step-controls .btn-primary').first();
        if (await next.count()) await next.click();
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }

  test('theme=dark in the URL wins over a light system, theme=light over a dark one', async () => {
    const lesson = LESSONS[0];
    for (const [theme, colorScheme, dark] of [['dark', 'light', true], ['light', 'dark', false]]) {
      const url = fileUrl('index.html', `lesson=${lesson}&theme=${theme}`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile, contextOptions: { colorScheme } });
      try {
        await gotoReady(page, url);
        const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const l = luminance(bg);
        assert.ok(dark ? l < 0.05 : l > 0.8, `theme=${theme} with a ${colorScheme} system: body background ${bg} (luminance ${l}) should be ${dark ? 'dark' : 'light'}`);
        assert.equal(await page.getAttribute('html', 'data-theme'), theme);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    }
  });
});
