// Every figure has a text alternative: each svg[role=img] in a lesson is
// followed by a <details class="fig-data"> whose table holds the figure's
// numbers (plots/data-table.js), and the table follows the figure when an
// input changes. One page load; the lessons are opened from the table of
// contents (no reload, no second wasm start), so the file stays well under
// a minute. Opened, the tables also pass axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openWatched, gotoReady, fileUrl, allowFile, assertClean, lessonIds, parseShown, printTable, runAxe, formatViolations, settled } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

// In the page: for every svg[role=img] of the lesson, its disclosure and
// the numbers of its tables. A disclosure is hidden only while its figure
// has nothing drawn yet (e.g. a timing chart before its run).
function readFigures() {
  return [...document.querySelectorAll('.lesson svg[role="img"]')].map((svg) => {
    let d = svg.nextElementSibling;
    while (d && !d.matches('details.fig-data')) d = d.nextElementSibling;
    return {
      name: `${svg.getAttribute('class')} "${(svg.getAttribute('aria-label') || '').slice(0, 40)}"`,
      labelled: !!(svg.getAttribute('aria-label') || '').trim(),
      details: !!d,
      hidden: d ? d.hidden : null,
      summary: d && d.querySelector('summary') ? d.querySelector('summary').textContent : '',
      caption: d && d.querySelector('table > caption') ? d.querySelector('table > caption').textContent : '',
      headers: d ? d.querySelectorAll('th[scope]').length : 0,
      cells: d ? [...d.querySelectorAll('td')].map((td) => td.textContent) : [],
    };
  });
}

// The text of every disclosure in the lesson, in order (to see a change).
const tablesText = () => [...document.querySelectorAll('.lesson details.fig-data table')].map((t) => t.textContent);

test('every figure of every ready lesson has a table of its numbers, and it follows the inputs', async () => {
  const ids = lessonIds();
  const { context, page, issues } = await openWatched(browser, { allowed: allowFile });
  await gotoReady(page, fileUrl('index.html', `lesson=${ids[0]}&lang=en`));
  const rows = [];
  const problems = [];
  for (const id of ids) {
    const t0 = performance.now();
    if (id !== ids[0]) {
      await page.click(`a.toc-link[href^="?lesson=${id}&"]`);
      await page.waitForFunction((want) => new URLSearchParams(location.search).get('lesson') === want
        && (document.querySelector('nav.toc a[aria-current="page"]')?.href || '').includes(`lesson=${want}&`), id);
      await settled(page);
    }
    // A lesson whose figure fills in from a run it starts (optimization) may show its table a frame after settling.
    await page.waitForFunction(() => { const d = [...document.querySelectorAll('.lesson details.fig-data')]; return !d.length || d.some((x) => !x.hidden); }, null, { timeout: 5000 }).catch(() => {});
    const figs = await page.evaluate(readFigures);
    let shown = 0;
    for (const f of figs) {
      if (!f.labelled) problems.push(`${id}: ${f.name}: no aria-label`);
      if (!f.details) { problems.push(`${id}: ${f.name}: no details.fig-data after it`); continue; }
      if (f.summary !== 'Numbers in this figure') problems.push(`${id}: ${f.name}: summary "${f.summary}"`);
      if (f.hidden) continue;
      shown++;
      if (!f.caption.trim()) problems.push(`${id}: ${f.name}: table without a caption`);
      if (!f.headers) problems.push(`${id}: ${f.name}: table without th[scope] headers`);
      if (!f.cells.some((c) => Number.isFinite(parseShown(c)))) problems.push(`${id}: ${f.name}: no numeric cell (${f.cells.slice(0, 5).join(' | ')})`);
    }
    if (figs.length && !shown) problems.push(`${id}: none of its ${figs.length} figures lists any number`);

    // Opened, the disclosures pass axe (pages.test.mjs runs it with them closed).
    await page.evaluate(() => document.querySelectorAll('.lesson details.fig-data').forEach((d) => { d.open = true; }));
    if (await page.locator('.lesson details.fig-data:not([hidden])').count()) {
      const v = await runAxe(page, { include: [['.lesson details.fig-data:not([hidden])']] });
      if (v.length) problems.push(`${id}: axe on the opened tables:\n${formatViolations(v)}`);
    }

    // Move the lesson's first slider shown; some table must change with it.
    let changed = '-';
    const slider = page.locator('.lesson input[type="range"]:visible').first();  // not one in a part still closed (the attention lesson's real model)
    if (await slider.count()) {
      const before = await page.evaluate(tablesText);
      const atMax = await slider.evaluate((el) => Number(el.value) >= Number(el.max));
      await slider.focus();
      for (let k = 0; k < 3; k++) await slider.press(atMax ? 'ArrowLeft' : 'ArrowRight');
      // Some lessons compute in slices (setTimeout): give them a moment.
      let after = before;
      for (let k = 0; k < 20 && after.join('\u0000') === before.join('\u0000'); k++) {
        await page.waitForTimeout(100);
        after = await page.evaluate(tablesText);
      }
      changed = String(after.filter((x, i) => x !== before[i]).length + Math.max(0, after.length - before.length));
      if (changed === '0') problems.push(`${id}: moving the first slider changed no figure's table`);
    }
    rows.push({ lesson: id, 'svg[role=img]': figs.length, 'with numbers': shown, 'tables changed by slider': changed, ms: Math.round(performance.now() - t0) });
  }
  printTable('figure data tables', rows);
  assertClean(issues, 'figure-data');
  await context.close();
  assert.deepEqual(problems, []);
});

test('the tables speak the page language (zh-Hans)', async () => {
  const { context, page, issues } = await openWatched(browser, { allowed: allowFile });
  await gotoReady(page, fileUrl('index.html', 'lesson=softmax&lang=zh-Hans'));
  const summaries = await page.$$eval('.lesson details.fig-data > summary', (els) => [...new Set(els.map((e) => e.textContent))]);
  assert.deepEqual(summaries, ['图中的数值']);
  assertClean(issues, 'figure-data zh-Hans');
  await context.close();
});

// A chart whose curves stay and whose vertical line moves redraws the line
// alone (plots/xy-chart.js): the result is the chart drawn afresh there.
test('the loss chart of gradient descent: its line moved by the iterate slider, the same as drawn afresh at that iterate', async () => {
  const chartOf = async (page) => {
    await settled(page);
    await page.evaluate(() => { document.querySelector('.rg-gd .xy-figure details.fig-data').open = true; });
    await page.waitForTimeout(100);  // opened, the table is built (on its toggle event)
    return page.evaluate(() => {
      const f = document.querySelector('.rg-gd .xy-figure');
      return { svg: f.querySelector('svg').innerHTML, table: f.querySelector('details.fig-data').textContent };
    });
  };
  const { context, page, issues } = await openWatched(browser, { allowed: allowFile });
  try {
    await gotoReady(page, fileUrl('index.html', 'lesson=regression&lang=en&it=3'));
    const iterate = page.locator('.rg-gd .controls').nth(1).locator('input[type="range"]');
    for (const k of [7, 12]) await iterate.evaluate((el, v) => { el.value = String(v); el.dispatchEvent(new Event('input', { bubbles: true })); }, k);
    const moved = await chartOf(page);
    assert.match(moved.svg, /xy-vline/);
    await gotoReady(page, fileUrl('index.html', 'lesson=regression&lang=en&it=12'));
    const fresh = await chartOf(page);
    assert.equal(moved.svg, fresh.svg, 'the chart after moving the slider to 12 differs from the chart opened at it=12');
    assert.equal(moved.table, fresh.table, 'the table after moving the slider differs from the one opened at it=12');
    assertClean(issues, 'regression iterate');
  } finally {
    await context.close();
  }
});
