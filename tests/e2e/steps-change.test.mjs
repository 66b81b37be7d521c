// Steps change the picture, case by case (that every step of every player
// changes its figures is checked in pages.test.mjs, which steps through
// every lesson anyway: helpers.mjs figureHash). One check per case that once
// went wrong: softmax's bars (distinct labels
// at z = [1000, 1001, 1002], e_i / S / p_i per step, the column's width),
// the SVD circle (it morphs, does not move sideways, its ticks stay off the
// plot), the Linformer demo (best rank-k baseline, a projection that does
// well), the non-square SVD, the step player beside its figures
// (information, proofs), the proofs' max-weight asymptotics, regression's
// h² and complexity's memory caption.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openWatched, gotoReady, fileUrl, allowFile, assertClean, lessonIds, clickStill, settled } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { if (browser) await browser.close(); });

async function open(query, { width = 1280, height = 900 } = {}) {
  const w = await openWatched(browser, { allowed: allowFile, contextOptions: { viewport: { width, height }, reducedMotion: 'reduce' } });
  await gotoReady(w.page, fileUrl('index.html', query));
  return w;
}

// ---------------------------------------------------------------- softmax

const barTexts = (page, nth, cls) => page.locator('.bars').nth(nth).locator(`text.${cls}`).allTextContents();

test('softmax: bar labels tell 1000, 1001 and 1002 apart; the exp, sum and divide steps show e_i, S and p_i as bars', async () => {
  const { context, page, issues } = await open('lesson=softmax&lang=en&z=1000,1001,1002');
  assert.deepEqual(await barTexts(page, 0, 'bar-value'), ['1000', '1001', '1002'], 'logit bars');
  const player = page.locator('.step-player');
  const want = {
    3: { labels: ['e₁', 'e₂', 'e₃'], values: ['0.135', '0.368', '1'] },
    4: { labels: ['e₁', 'e₂', 'e₃', 'S'], values: ['0.135', '0.368', '1', '1.5'] },
    5: { labels: ['p₁', 'p₂', 'p₃'], values: ['0.09', '0.245', '0.665'] },
  };
  for (let step = 2; step <= 5; step++) {
    await player.locator('.step-controls .btn-primary').click();
    await settled(page);
    if (!want[step]) continue;
    assert.deepEqual(await barTexts(page, 1, 'bar-label'), want[step].labels, `step ${step}: bar labels`);
    assert.deepEqual(await barTexts(page, 1, 'bar-value'), want[step].values, `step ${step}: bar values`);
  }
  assertClean(issues, 'softmax');
  await context.close();
});

test('softmax: the two charts use the width of their columns', async () => {
  const { context, page } = await open('lesson=softmax&lang=en');
  const fill = await page.evaluate(() => [...document.querySelectorAll('.sm-charts > div')].map((col) => {
    const svg = col.querySelector('svg.bars');
    return svg.getBoundingClientRect().width / col.getBoundingClientRect().width;
  }));
  assert.equal(fill.length, 2);
  for (const f of fill) assert.ok(f > 0.85, `a chart uses ${(100 * f).toFixed(0)} % of its column`);
  await context.close();
});

// ---------------------------------------------------------------- svd

test('svd: the circle morphs from stage to stage and stays where it is', async () => {
  // With motion (the morph is skipped when the learner asks for reduced motion).
  const w = await openWatched(browser, { allowed: allowFile, contextOptions: { viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' } });
  const { context, page, issues } = w;
  await gotoReady(page, fileUrl('index.html', 'lesson=svd&lang=en'));
  const player = page.locator('.step-player').first();
  const xs = [];
  for (let step = 1; step <= 5; step++) {
    xs.push(await page.locator('.uc-plot').evaluate((svg) => svg.getBoundingClientRect().left));
    if (step === 5) break;
    // Click, then record the curve every frame for 0.9 s: a morph passes through many shapes.
    const shapes = await player.locator('.step-controls .btn-primary').evaluate((btn) => new Promise((done) => {
      const seen = new Set();
      const path = () => document.querySelector('.uc-curve').getAttribute('d');
      btn.click();
      const t0 = performance.now();
      const tick = () => { seen.add(path()); if (performance.now() - t0 < 900) requestAnimationFrame(tick); else done(seen.size); };
      requestAnimationFrame(tick);
    }));
    if (step < 4) assert.ok(shapes >= 3, `step ${step} -> ${step + 1}: the curve took only ${shapes} shape(s): no morph`);
  }
  const moved = Math.max(...xs) - Math.min(...xs);
  assert.ok(moved < 1, `the circle moved ${moved.toFixed(1)} px sideways between steps (${xs.map((x) => x.toFixed(0)).join(', ')})`);
  assertClean(issues, 'svd');
  await context.close();
});

test('svd: the unit circle\'s tick labels sit outside the plot, clear of each other', async () => {
  for (const M of ['1.5,1;-0.5,1', '3,0;0,0.5', '0.8,-0.6;0.6,0.8']) {
    const { context, page } = await open(`lesson=svd&lang=en&M=${encodeURIComponent(M)}`);
    const r = await page.evaluate(() => {
      const frame = document.querySelector('.uc-frame').getBoundingClientRect();
      const ticks = [...document.querySelectorAll('.uc-plot text.plot-tick')].map((e) => e.getBoundingClientRect());
      const inside = ticks.filter((b) => b.left < frame.right - 0.5 && b.right > frame.left + 0.5 && b.top < frame.bottom - 0.5 && b.bottom > frame.top + 0.5).length;
      let overlaps = 0;
      for (let i = 0; i < ticks.length; i++) for (let j = i + 1; j < ticks.length; j++) {
        const a = ticks[i], b = ticks[j];
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
      }
      return { n: ticks.length, inside, overlaps };
    });
    assert.ok(r.n >= 6, `M = ${M}: only ${r.n} tick labels`);
    assert.equal(r.inside, 0, `M = ${M}: ${r.inside} tick label(s) inside the plot`);
    assert.equal(r.overlaps, 0, `M = ${M}: ${r.overlaps} pair(s) of tick labels overlap`);
    await context.close();
  }
});

test('svd: the Linformer demo has the best rank-k baseline and a projection that does well', async () => {
  const { context, page, issues } = await open('lesson=svd&lang=en&n=6&k=3&proj=fit');
  const rows = await page.evaluate(() => [...document.querySelectorAll('table.sv-ktable tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(td.textContent.replace(/\s*%$/, '').replace('−', '-')))));
  const head = await page.locator('table.sv-ktable thead th').allTextContents();
  assert.deepEqual(head, ['k', 'best rank k (SVD of the weights)', 'random projections', 'segment means', 'landmarks + fitted F']);
  assert.equal(rows.length, 6);
  const n = rows.length;
  // The baseline and the fitted projection are exact at k = n; random projections are not.
  assert.ok(rows[n - 1][0] < 1e-6 && rows[n - 1][3] < 1e-6, `k = n: baseline ${rows[n - 1][0]} %, fitted ${rows[n - 1][3]} %`);
  assert.ok(rows[n - 1][1] > 10, `random projections at k = n: ${rows[n - 1][1]} %`);
  for (const [i, [best, random, , fitted]] of rows.entries()) {
    assert.ok(fitted < random, `k = ${i + 1}: fitted ${fitted} % is not below random ${random} %`);
    assert.ok(best <= rows[Math.max(0, i - 1)][0] + 1e-9, `k = ${i + 1}: the baseline's error grew`);
  }
  const text = await page.locator('.sv-linformer').textContent();
  assert.match(text, /best rank-3 approximation of the exact weights/);
  const prose = await page.locator('.lesson').textContent();
  assert.match(prose, /what Linformer learns and a random E cannot/);
  assertClean(issues, 'svd linformer');
  await context.close();
});

test('svd: a non-square matrix is taken apart too (3 × 2 and 2 × 3)', async () => {
  for (const lang of ['en', 'zh-Hans']) {
    const { context, page, issues } = await open(`lesson=svd&lang=${lang}`);
    const panel = page.locator('.sv-shapes');
    const tex = () => panel.locator('annotation').first().textContent();
    assert.match(await tex(), /\\underset\{3\\times 2\}\{A\}/);
    assert.match(await panel.locator('.check').getAttribute('class'), /\bgood\b/);
    await panel.locator('select').selectOption('wide');
    await settled(page);
    assert.match(await tex(), /\\underset\{2\\times 3\}\{A\}/);
    assert.match(await panel.locator('.check').getAttribute('class'), /\bgood\b/);
    assertClean(issues, `svd shapes ${lang}`);
    await context.close();
  }
});

// ---------------------------------------------------------------- the player beside its figures

for (const id of ['information', 'proofs']) {
  test(`${id}: the step player stands beside the figures at 1280 px and above them at 360 px`, async () => {
    {
      const { context, page } = await open(`lesson=${id}&lang=en`);
      const r = await page.evaluate(() => {
        const player = document.querySelector('.step-player').getBoundingClientRect();
        const panel = document.querySelector('[data-part]').getBoundingClientRect();
        return { pl: player.left, pt: player.top, pb: player.bottom, right: panel.right, top: panel.top, bottom: panel.bottom };
      });
      assert.ok(r.pl >= r.right, `the player (left ${r.pl}) is not right of the first panel (right ${r.right})`);
      assert.ok(r.pt < r.bottom + 400, `the player (top ${r.pt}) is far above/below the first panel (${r.top}-${r.bottom})`);
      // Step 3 (another panel): the page scrolls to it, and the player is still in view beside it.
      const p = page.locator('.step-player');
      await clickStill(page, p.locator('.step-controls .btn-primary'));
      await clickStill(page, p.locator('.step-controls .btn-primary'));
      await page.waitForTimeout(300);
      const s = await page.evaluate(() => {
        const player = document.querySelector('.step-player').getBoundingClientRect();
        const active = document.querySelector('[data-part].active').getBoundingClientRect();
        return { pt: player.top, pb: player.bottom, at: active.top, ab: active.bottom, vh: innerHeight };
      });
      assert.ok(s.ab > 100 && s.at < s.vh - 100, `the active panel (${s.at} to ${s.ab}) is not in view`);
      assert.ok(s.pt >= -1 && s.pt < s.vh, `the player (top ${s.pt}) is not in view`);
      await context.close();
    }
    {
      const { context, page } = await open(`lesson=${id}&lang=zh-Hans`, { width: 360, height: 800 });
      const r = await page.evaluate(() => {
        const player = document.querySelector('.step-player').getBoundingClientRect();
        const panel = document.querySelector('[data-part]').getBoundingClientRect();
        return { pr: player.right, pb: player.bottom, pt: panel.top, wide: document.documentElement.scrollWidth };
      });
      assert.ok(r.pr <= 360, `the player reaches ${r.pr} px at 360 px`);
      assert.ok(r.pb <= r.pt, 'at 360 px the player is not above the panels');
      assert.ok(r.wide <= 360, `the page is ${r.wide} px wide at 360 px`);
      await context.close();
    }
  });
}

// ---------------------------------------------------------------- texts

test('proofs: the largest weight does not shrink like 1/n; its Gaussian asymptotics are stated and drawn', async () => {
  for (const lang of ['en', 'zh-Hans']) {
    const { context, page, issues } = await open(`lesson=proofs&lang=${lang}&sigma=3`);
    const text = await page.locator('.lesson').textContent();
    assert.doesNotMatch(text, /the largest one too|包括最大的那个|every weight shrinks like 1\/n|每个权重都像 1\/n/);
    assert.match(text, /exp\(σ√\(2 ln n\) − σ²\/2\)\/n/);
    // The chart of n·max α: from the core's weights, growing with n (a weight shrinking like 1/n would stay flat).
    const cells = await page.evaluate(() => {
      const fig = [...document.querySelectorAll('figure')].find((f) => f.dataset.hl === 'lln' && f.querySelector('svg[aria-label*="max"]'));
      return fig ? [...fig.querySelectorAll('details.fig-data table')].map((t) => [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td, th')].map((c) => c.textContent))) : null;
    });
    assert.ok(cells, 'no chart of the largest weight');
    const series = cells.find((rows) => rows.length >= 10 && Number(rows[rows.length - 1][1].replace('−', '-')) > 5);
    assert.ok(series, `n·max α does not grow past 5 by n = 1024: ${JSON.stringify(cells.map((r) => r.slice(-1)))}`);
    assertClean(issues, `proofs ${lang}`);
    await context.close();
  }
});

test('regression: h² (not h) plays the role of √dₖ', async () => {
  for (const [lang, want] of [['en', /h² plays the role of √dₖ/], ['zh-Hans', /相对应的是 h²，而不是 h/]]) {
    const { context, page } = await open(`lesson=regression&lang=${lang}&s2=6`);
    const text = await page.locator('.step-player').nth(1).locator('.step-text').textContent();
    assert.match(text, want);
    assert.doesNotMatch(text, /h plays the role that √dₖ|带宽 h 所起的作用，就像注意力中的 √dₖ/);
    await context.close();
  }
});

test('complexity: the memory note names E and F, which the low-rank count includes', async () => {
  for (const [lang, want] of [['en', /projections E and F/], ['zh-Hans', /投影矩阵 E 和 F/]]) {
    const { context, page } = await open(`lesson=complexity&lang=${lang}`);
    assert.match(await page.locator('.lesson').textContent(), want);
    await context.close();
  }
});
