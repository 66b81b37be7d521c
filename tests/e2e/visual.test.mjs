// The visual layer (issue 21): what a learner sees, measured in the page.
// One test per defect found by looking: tick labels at round values and a
// caption that matches them; the optimization defaults showing what the
// text says; figure text at least 11 CSS px at 360 px (figures scroll in
// their box, with a cue; the lesson strip shows the current lesson); print
// media showing every step of every player and no answers; dark heatmaps
// where more weight is more prominent; no raw TeX or ASCII maths in prose;
// labels clear of reference lines and one number format; Chinese pages
// without English words or half-width parentheses in prose; error messages
// a learner sees only through the translating helpers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describeWithBrowser, lessonIds, fileUrl, openWatched, allowFile, gotoReady, assertClean, ROOT } from './helpers.mjs';

const LESSONS = lessonIds();
const open = async (env, query, { width = 1280, theme = 'light' } = {}) => {
  const w = await openWatched(env.browser, { allowed: allowFile, contextOptions: { viewport: { width, height: 900 }, colorScheme: theme } });
  await gotoReady(w.page, fileUrl('index.html', query));
  return w;
};

// "10⁻¹⁰" -> -10 (the exponent of a power-of-ten tick), "1" -> 0, "10" -> 1.
const SUP = { '⁻': '-', '⁰': 0, '¹': 1, '²': 2, '³': 3, '⁴': 4, '⁵': 5, '⁶': 6, '⁷': 7, '⁸': 8, '⁹': 9 };
const exponentOf = (s) => (s === '1' ? 0 : s === '10' ? 1 : /^10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+$/.test(s) ? Number([...s.slice(2)].map((c) => SUP[c]).join('')) : NaN);
const num = (s) => Number(String(s).replace('−', '-'));
// A round step: 1, 2, 2.5 or 5 times a power of ten.
const roundStep = (d) => { const m = d / 10 ** Math.floor(Math.log10(d) + 1e-9); return [1, 2, 2.5, 5, 10].some((r) => Math.abs(m - r) < 1e-6); };
const onGrid = (values) => {
  if (values.length < 2) return true;
  const d = values[1] - values[0];
  return roundStep(Math.abs(d)) && values.every((v) => Math.abs(v / d - Math.round(v / d)) < 1e-6);
};

describeWithBrowser('the visual layer (issue 21)', { concurrency: 2 }, (env) => {

  test('defect 2: log ticks step by a whole power that divides every exponent; the caption names that factor; map and spectrum ticks are round', async () => {
    const { context, page, issues } = await open(env, 'lesson=optimization&lang=en');
    try {
      const r = await page.evaluate(() => {
        const svg = document.querySelector('.lesson svg.xy-chart');
        const yTicks = [...svg.querySelectorAll('text')].filter((t) => t.getAttribute('text-anchor') === 'end').map((t) => t.textContent);
        const map = document.querySelector('.lesson svg.grid-map');
        const ticks = [...map.querySelectorAll('text.plot-tick')];
        return { yTicks, note: [...document.querySelectorAll('.lesson .note')].map((n) => n.textContent).find((s) => s.startsWith('Logarithmic scale')),
          rows: ticks.filter((t) => t.getAttribute('text-anchor') === 'end').map((t) => t.textContent),
          cols: ticks.filter((t) => t.getAttribute('text-anchor') === 'middle').map((t) => t.textContent) };
      });
      const ex = r.yTicks.map(exponentOf).filter(Number.isFinite).sort((a, b) => a - b);
      assert.ok(ex.length >= 2, `log-axis ticks: ${r.yTicks}`);
      const step = ex[1] - ex[0];
      assert.ok(ex.every((e, i) => (i === 0 || e - ex[i - 1] === step) && e % step === 0), `ticks ${r.yTicks}: not every ${step}-th power`);
      const factor = step === 1 ? '10' : `10${[...String(step)].map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[c]).join('')}`;
      assert.match(r.note, new RegExp(` ${factor} times the one below`), `caption "${r.note}" vs ticks ${r.yTicks}`);
      for (const s of r.rows) assert.ok(Number.isInteger(Math.log10(num(s))), `α tick ${s} is not a power of ten`);
      assert.ok(onGrid(r.cols.map(num)), `β ticks ${r.cols}`);
      assertClean(issues, 'optimization');
    } finally { await context.close(); }
    // The same at the divergence demo (losses up to 1e300): the caption follows the ticks.
    const b = await open(env, 'lesson=optimization&lang=zh-Hans&lr=0.5&kappa=10&steps=300&mom=false&adam=false');
    try {
      const r = await b.page.evaluate(() => ({
        yTicks: [...document.querySelector('.lesson svg.xy-chart').querySelectorAll('text')].filter((t) => t.getAttribute('text-anchor') === 'end').map((t) => t.textContent),
        note: [...document.querySelectorAll('.lesson .note')].map((n) => n.textContent).find((s) => s.startsWith('对数刻度')) }));
      const ex = r.yTicks.map(exponentOf).filter(Number.isFinite).sort((a, c) => a - c);
      const step = ex[1] - ex[0];
      assert.ok(ex.every((e) => e % step === 0), `ticks ${r.yTicks}`);
      assert.ok(r.note.includes(step === 1 ? ' 10 倍' : `10${[...String(step)].map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[c]).join('')} 倍`), `caption "${r.note}" vs ticks ${r.yTicks}`);
    } finally { await b.context.close(); }
    const g = await open(env, 'lesson=graphs&lang=en');
    try {
      const ticks = await g.page.evaluate(() => [...document.querySelectorAll('.lesson svg.gr-spectrum text.gr-tick[text-anchor="end"]')].map((t) => t.textContent));
      assert.ok(ticks.length >= 3 && onGrid(ticks.map(num)), `eigenvalue ticks ${ticks}`);
    } finally { await g.context.close(); }
  });

  test('defect 3: at the default inputs momentum converges and gradient descent is still on its way, as step 5 says', async () => {
    const { context, page } = await open(env, 'lesson=optimization&lang=en');
    try {
      const rows = await page.evaluate(() => [...document.querySelectorAll('.lesson table.opt-status tbody tr')].map((tr) => [tr.className, tr.querySelector('.verdict').textContent]));
      const verdict = (m) => rows.find(([c]) => c.includes(`m-${m}`))[1];
      assert.match(verdict('momentum'), /^converged/);
      assert.match(verdict('gd'), /still on its way/);
    } finally { await context.close(); }
    const s5 = await open(env, 'lesson=optimization&lang=en&step=5');
    try {
      const text = await s5.page.locator('.step-player .step-text').first().textContent();
      assert.match(text, /ill-conditioned/);
      assert.match(text, /κ = 50/);
    } finally { await s5.context.close(); }
  });

  for (const lang of ['en', 'zh-Hans']) {
    test(`defect 4: at 360 px every figure's text is at least 11 CSS px on screen, in every lesson (${lang})`, async () => {
      const small = [];
      for (const id of LESSONS) {
        const { context, page, issues } = await open(env, `lesson=${id}&lang=${lang}`, { width: 360, theme: lang === 'en' ? 'light' : 'dark' });
        try {
          await page.waitForTimeout(200);
          const r = await page.evaluate(() => {
            let worst = { px: Infinity };
            for (const t of document.querySelectorAll('.lesson svg text')) {
              if (!t.textContent.trim() || !t.getClientRects().length) continue;
              let svg = t.ownerSVGElement;
              while (svg.ownerSVGElement) svg = svg.ownerSVGElement;
              const vb = svg.viewBox.baseVal;
              const scale = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
              const px = parseFloat(getComputedStyle(t).fontSize) * scale;
              if (px < worst.px) worst = { px, svg: svg.getAttribute('class'), text: t.textContent };
            }
            return { worst, scrollWidth: document.documentElement.scrollWidth };
          });
          if (r.worst.px < 10.95) small.push(`${id}: ${r.worst.svg} "${r.worst.text}" at ${r.worst.px.toFixed(1)} px`);
          assert.ok(r.scrollWidth <= 361, `${id}: the page scrolls sideways (${r.scrollWidth} px)`);
          assertClean(issues, `${id} ${lang} 360 px`);
        } finally { await context.close(); }
      }
      assert.deepEqual(small, []);
    });
  }

  test('defect 4: a figure wider than the phone scrolls in its box with a cue; the lesson strip shows the current lesson', async () => {
    const { context, page } = await open(env, 'lesson=complexity&lang=en', { width: 360 });
    try {
      const r = await page.evaluate(() => {
        const box = document.querySelector('.lesson .fig-scroll.more-right');
        const a = document.querySelector('.toc a[aria-current="page"]').getBoundingClientRect();
        const strip = document.querySelector('.toc ol').getBoundingClientRect();
        return { cue: !!box, wider: box ? box.scrollWidth > box.clientWidth : false, a: [a.left, a.right], strip: [strip.left, strip.right] };
      });
      assert.ok(r.cue && r.wider, 'no scrolling figure box with its .more-right cue');
      assert.ok(r.a[0] >= r.strip[0] - 1 && r.a[0] < r.strip[1], `the current lesson (${r.a}) is outside the strip (${r.strip})`);
      // Scrolled to its end, the cue moves to the other side.
      const after = await page.evaluate(async () => {
        const box = document.querySelector('.lesson .fig-scroll.more-right');
        box.scrollLeft = box.scrollWidth;
        await new Promise((r) => setTimeout(r, 50));
        return [box.classList.contains('more-left'), box.classList.contains('more-right')];
      });
      assert.deepEqual(after, [true, false]);
    } finally { await context.close(); }
  });

  test('defect 5: print media shows every step of every player, the exercises without answers, no mouse instructions', async () => {
    for (const id of LESSONS) {
      const { context, page, issues } = await open(env, `lesson=${id}&lang=en&teacher=1`);
      try {
        await page.evaluate(() => { window.print = () => {}; });
        await page.locator('.print-lesson').click();
        await page.emulateMedia({ media: 'print' });
        const r = await page.evaluate(() => {
          const vis = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
          const players = [...document.querySelectorAll('.step-player')].map((p) => {
            const items = [...p.querySelectorAll('.step-print-item')];
            return { n: Number((p.querySelector('.step-counter').textContent.match(/(\d+)\D*$/) || [])[1]), shown: items.filter(vis).length };
          });
          const leaks = [...document.querySelectorAll('.ex-answer, .ex-solution, .ex-feedback, .ex-reveal, .pointer-hint')].filter(vis).map((e) => e.className);
          return { players, leaks };
        });
        assert.ok(r.players.length >= 1, `${id}: no player`);
        for (const p of r.players) assert.equal(p.shown, p.n, `${id}: ${p.shown} of ${p.n} steps printed`);
        assert.deepEqual(r.leaks, [], `${id}: printed answers or mouse hints`);
        assertClean(issues, `${id} print`);
      } finally { await context.close(); }
    }
  });

  test('defect 6: in the dark theme the strongest weight stands out more from the page than a zero weight, colour bar too', async () => {
    const lum = (rgb) => {
      const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgb);
      const lin = (c) => { const x = Number(c) / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
    };
    const contrast = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    for (const theme of ['dark', 'light']) {
      const { context, page } = await open(env, 'lesson=information&lang=en', { theme });
      try {
        const r = await page.evaluate(() => {
          const svg = document.querySelector('.lesson svg.heatmap');
          const cells = [...svg.querySelectorAll('rect.hm-cell')].map((c) => ({ v: Number(c.querySelector('title').textContent.split('= ')[1]), fill: getComputedStyle(c).fill }));
          cells.sort((a, b) => a.v - b.v);
          const bar = [...svg.querySelectorAll('rect.hm-bar')].map((c) => getComputedStyle(c).fill);
          return { lo: cells[0].fill, hi: cells[cells.length - 1].fill, barTop: bar[0], barBottom: bar[bar.length - 1], bg: getComputedStyle(document.body).backgroundColor };
        });
        const bg = lum(r.bg);
        assert.ok(contrast(lum(r.hi), bg) > contrast(lum(r.lo), bg) + 1, `${theme}: max cell ${r.hi} vs zero cell ${r.lo} on ${r.bg}`);
        assert.ok(contrast(lum(r.barTop), bg) > contrast(lum(r.barBottom), bg), `${theme}: colour bar ${r.barTop} (1) vs ${r.barBottom} (0)`);
      } finally { await context.close(); }
    }
  });

  for (const lang of ['en', 'zh-Hans']) {
    test(`defect 7: no raw TeX (_{ ^{ \\) or ASCII powers in the visible prose of any lesson, on any step (${lang})`, async () => {
      const bad = [];
      for (const id of LESSONS) {
        const { context, page } = await open(env, `lesson=${id}&lang=${lang}`);
        try {
          const grab = () => page.evaluate(() => {
            const root = document.querySelector('.lesson').cloneNode(true);
            for (const n of root.querySelectorAll('.katex, code, pre, textarea, input, select, script, style, .error-detail, .ex-solution, [lang="en"] code')) n.remove();
            return root.textContent;
          });
          const texts = [await grab()];
          const next = page.locator('.step-player .btn-primary').first();
          for (let k = 0; k < 30 && (await next.count()) && !(await next.isDisabled()); k++) { await next.click(); texts.push(await page.locator('.step-player .step-text').first().textContent()); }
          for (const s of texts) {
            const m = /_\{|\^\{|\\[a-zA-Z]|[A-Za-z0-9)]\^[-\w½(.]|d_k|σ_r|p_i|x_i/.exec(s);
            if (m) bad.push(`${id}: “…${s.slice(Math.max(0, m.index - 30), m.index + 20)}…”`);
          }
        } finally { await context.close(); }
      }
      assert.deepEqual([...new Set(bad)], []);
    });
  }

  test('defect 7: strings.json of every lesson, both languages: no raw TeX, ASCII powers or d_k-style names in prose', () => {
    const bad = [];
    const CODE = /np\.|sqrt\(|exp_z|plot_attention_matrix/;
    const walk = (o, p, f) => (typeof o === 'string' ? [[p, o]] : Object.entries(o || {}).flatMap(([k, v]) => walk(v, `${p}.${k}`, f)));
    for (const id of LESSONS) {
      const file = path.join(ROOT, 'web', 'lessons', id, 'strings.json');
      for (const [p, s] of walk(JSON.parse(fs.readFileSync(file, 'utf8')), id)) {
        if (CODE.test(s)) continue;
        const m = /_\{|\^\{|\\[a-zA-Z]|[A-Za-z0-9)]\^[-\w½(.]|\b[a-zσδαpqvkxzd]_[ijkr]\b/.exec(s);
        if (m) bad.push(`${p}: “${s.slice(Math.max(0, m.index - 20), m.index + 16)}”`);
      }
    }
    assert.deepEqual(bad, []);
  });

  test('defect 8: value labels clear of reference lines (entropy bars, memory bars, the E[X] line); one exponent style', async () => {
    const crossings = async (page, sel) => page.evaluate((sel) => {
      const out = [];
      for (const svg of document.querySelectorAll(sel.svg)) {
        const lines = [...svg.querySelectorAll(sel.line)].map((l) => l.getBoundingClientRect());
        for (const t of svg.querySelectorAll(sel.text)) {
          const b = t.getBoundingClientRect();
          for (const l of lines) {
            const hits = sel.vertical ? l.left > b.left && l.left < b.right && l.bottom > b.top && l.top < b.bottom
              : l.top > b.top && l.top < b.bottom && l.right > b.left && l.left < b.right;
            if (hits) out.push(t.textContent);
          }
        }
      }
      return out;
    }, sel);
    for (const [query, sel] of [
      ['lesson=information&lang=en', { svg: 'svg.bar-chart', line: 'line.lb-line', text: 'text.lb-value' }],
      ['lesson=complexity&lang=en', { svg: 'svg.bar-chart', line: 'line.lb-line', text: 'text.lb-value' }],
      ['lesson=probability&lang=en&step=2', { svg: 'svg.nline', line: 'line.nl-mean-line', text: 'text.nl-p', vertical: true }],
      ['lesson=probability&lang=en&step=2&p=0.2,0.3,0.3,0.2', { svg: 'svg.nline', line: 'line.nl-mean-line', text: 'text.nl-p', vertical: true }],
    ]) {
      const { context, page } = await open(env, query);
      try {
        assert.ok(await page.locator(`.lesson ${sel.svg} ${sel.line}`).count(), `${query}: no reference line drawn`);
        assert.deepEqual(await crossings(page, sel), [], `${query}: labels crossed by a reference line`);
      } finally { await context.close(); }
    }
    const { context, page } = await open(env, 'lesson=optimization&lang=en&lr=0.5&kappa=10&steps=300&mom=false&adam=false');
    try {
      const text = await page.locator('.lesson').innerText();
      assert.doesNotMatch(text, /\de\+\d/, 'an "e+" exponent beside "e−" ones');
      assert.match(text, /\de\d{2,3}\b/);
    } finally { await context.close(); }
  });

  test('defect 11: Chinese pages: one name for the site, no half-width parentheses around Chinese, export options in Chinese', async () => {
    const bad = [];
    for (const id of LESSONS) {
      const { context, page } = await open(env, `lesson=${id}&lang=zh-Hans`);
      try {
        const r = await page.evaluate(() => {
          const root = document.body.cloneNode(true);
          for (const n of root.querySelectorAll('.katex, code, pre, textarea, noscript, [lang="en"], .error-detail')) n.remove();
          return { text: root.textContent, options: [...document.querySelectorAll('.lesson select option')].map((o) => o.textContent) };
        });
        if (r.text.includes('Attention Lab')) bad.push(`${id}: “Attention Lab” on the Chinese page`);
        const m = /\([^()]*[\u4e00-\u9fff][^()]*\)/.exec(r.text);
        if (m) bad.push(`${id}: half-width parentheses “${m[0].slice(0, 30)}”`);
        for (const o of r.options) if (/^(scores|scaled|weights|output)$/i.test(o.trim())) bad.push(`${id}: option “${o}”`);
      } finally { await context.close(); }
    }
    assert.deepEqual(bad, []);
  });

  test('defect 12: every error a lesson shows goes through the translating helpers (kit.js coreMessage / guard / showCoreError)', () => {
    const bad = [];
    const dir = path.join(ROOT, 'web', 'lessons');
    const files = fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js') && !f.endsWith(path.join('shared', 'kit.js')));
    for (const f of files) {
      const src = fs.readFileSync(path.join(dir, f), 'utf8');
      src.split('\n').forEach((line, i) => {
        if (/\b(e|err|error|ex)\.message\b/.test(line) && !/^\s*\/\//.test(line)) bad.push(`web/lessons/${f}:${i + 1}: ${line.trim()}`);
      });
    }
    assert.deepEqual(bad, [], 'a raw (English) core message reaches the page');
  });
});
