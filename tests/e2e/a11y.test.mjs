// axe-core on every ready lesson in both languages: the whole document on
// the first step, then the step players again at their last step (formula,
// highlights and live regions change as one steps). Any violation fails the
// test with its id, impact, help and the first target selectors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describeWithBrowser, lessonIds, LANGS, openWatched, allowOrigins, gotoReady, runAxe, formatViolations, assertClean, stepThroughPlayers,
} from './helpers.mjs';

const LESSONS = lessonIds();

// Violations accepted for now, each with a reason.
// Entry: {id: 'color-contrast', within: 'math', reason: '...'}.
const ALLOW = [];

function allowed(violation) {
  return violation.nodes.every((n) => ALLOW.some((a) => a.id === violation.id && n.target.some((sel) => String(sel).includes(a.within))));
}

describeWithBrowser('axe-core: no accessibility violation on any ready lesson', { concurrency: 2, server: true }, (env) => {
  for (const lang of LANGS) {
    for (const id of LESSONS) {
      test(`lesson=${id} lang=${lang}: no axe violations on the first and the last step`, async () => {
        // Over http: from file:// the stylesheets are opaque to axe, which then
        // tries to XHR them (CORS errors that are axe's, not the page's).
        const url = env.server.httpUrl('index.html', `lesson=${id}&lang=${lang}`);
        const { context, page, issues } = await openWatched(env.browser, { allowed: allowOrigins(env.server.origin) });
        try {
          await gotoReady(page, url);
          const report = [];
          const first = (await runAxe(page)).filter((v) => !allowed(v));
          if (first.length) report.push(`on step 1:\n${formatViolations(first)}`);

          const count = await page.locator('.step-player').count();
          if (count) {
            await stepThroughPlayers(page, { label: `${id} ${lang}`, keyboard: false });
            // Just the players: a second whole-page run would double the cost.
            const key = (v, n) => `${v.id} ${JSON.stringify(n.target)}`;
            const seen = new Set(first.flatMap((v) => v.nodes.map((n) => key(v, n))));
            const last = (await runAxe(page, { include: ['.step-player'] }))
              .filter((v) => !allowed(v))
              .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !seen.has(key(v, n))) }))
              .filter((v) => v.nodes.length);
            if (last.length) report.push(`on the last step (new ones only):\n${formatViolations(last)}`);
          }
          if (report.length) assert.fail(`axe violations in ${url}\n${report.join('\n')}`);
          // Running axe must not have upset the page (CSP, exceptions, foreign
          // requests); console errors are pages.test.mjs's topic.
          assertClean(issues, url, { consoleErrors: false, failedRequests: false });
        } finally {
          await context.close();
        }
      });
    }
  }
});
