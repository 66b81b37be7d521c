// The visual layer: what a learner sees, measured in the page.
// One test per fault found by looking: tick labels at round values and a
// caption that matches them; the optimization defaults showing what the
// text says; figure text at least 11 CSS px at 360 px (figures scroll in
// their box, with a cue; the lesson strip shows the current lesson);
// heatmaps and their colour bar within a phone's width; print media
// showing every step of every player and no answers; dark heatmaps
// where more weight is more prominent; no raw TeX or ASCII maths in prose;
// labels clear of reference lines and one number format; Chinese pages
// without English words or half-width parentheses in prose; error messages
// a learner sees only through the translating helpers. Then a sweep of
// every lesson in two looks each (below): figure text size, text on text,
// lines through labels, bar labels, raw TeX, the page's language, print
// (within an A4 page's width).
// VISUAL_DUMP=file appends each look's problems to file (one JSON a line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeWithBrowser, lessonIds, fileUrl, openWatched, allowFile, gotoReady, assertClean, clickStill, drawAllBlocks, settled, ROOT } from './helpers.mjs';

// The paper: A4 portrait inside 12.7 mm margins, in CSS px (Letter is wider).
const { PRINT_WIDTH } = await import(pathToFileURL(path.join(ROOT, 'web/layout/print-fit.js')).href);

const LESSONS = lessonIds();
// Reduced motion: a figure is checked as a step leaves it, not mid-morph.
const open = async (env, query, { width = 1280, theme = 'light' } = {}) => {
  const w = await openWatched(env.browser, { allowed: allowFile, contextOptions: { viewport: { width, height: 900 }, colorScheme: theme, reducedMotion: 'reduce' } });
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

describeWithBrowser('the visual layer', { concurrency: 2 }, (env) => {

  test('log ticks step by a whole power that divides every exponent; the caption names that factor; map and spectrum ticks are round', async () => {
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

  test('at the default inputs momentum converges and gradient descent is still on its way, as step 5 says', async () => {
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

  // Figure text at least 11 CSS px at 360 px with no sideways page scroll, print, raw TeX in the prose of
  // every step and the Chinese pages are checked in the sweep below, every lesson.
  test('a figure wider than the phone scrolls in its box with a cue; the lesson strip shows the current lesson', async () => {
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
        // On screen, as a learner scrolls it (a block off screen is not laid out, so it does not scroll).
        box.scrollIntoView({ block: 'center' });
        await window.attnlabSettled();
        // The cue follows the scroll event (a fixed 50 ms wait was shorter than a frame on a busy machine).
        const scrolled = new Promise((r) => { box.addEventListener('scroll', r, { once: true }); setTimeout(r, 3000); });
        box.scrollLeft = box.scrollWidth;
        await scrolled;
        await window.attnlabSettled();
        return [box.classList.contains('more-left'), box.classList.contains('more-right')];
      });
      assert.deepEqual(after, [true, false]);
      // A figure drawn into a block far off screen (not laid out) gets its minimum width before it is
      // shown: a figure drawn while off screen showed 5 px text to whoever read its layout.
      const far = await page.evaluate(async () => {
        window.scrollTo(0, 0);
        const blocks = [...document.querySelectorAll('.lesson-body > :not(.step-player, .beside-player)')];
        const block = blocks[blocks.length - 1];
        await window.attnlabSettled();
        if (block.firstElementChild.checkVisibility({ contentVisibilityAuto: true })) return 'the last block is drawn at the top of the page';
        const NS = 'http://www.w3.org/2000/svg';
        const svg = document.createElementNS(NS, 'svg');
        svg.setAttribute('viewBox', '0 0 640 200');
        const text = svg.appendChild(document.createElementNS(NS, 'text'));
        text.setAttribute('font-size', '12');
        text.textContent = 'far';
        block.appendChild(document.createElement('div')).appendChild(svg);
        await window.attnlabSettled();
        return svg.style.minWidth;
      });
      assert.equal(far, `${Math.ceil((640 * 11) / 12)}px`);
    } finally { await context.close(); }
  });

  // At 360 px: the entropy bars' reference-line labels ("log₂ 4 = 2", "0（确定）")
  // were cut at the figure's edge (a gutter measured for Latin letters); the SVD cost formula ended at
  // "2.74 ×" (one row too wide for a phone).
  test('at 360 px no figure text is cut at its edge (information), the SVD cost formula fits, the karate club in view', async () => {
    for (const lang of ['en', 'zh-Hans']) {
      const { context, page } = await open(env, `lesson=information&lang=${lang}`, { width: 360 });
      try {
        const r = await page.evaluate(visualChecks, { lang, latinOk: LATIN_OK, figuresOnly: true });
        assert.deepEqual(r.clipped, [], `information ${lang}`);
        // Nor under the scroll box's fade: the entropy bars (lines at log₂ n and at 0) fit the phone.
        const over = await page.evaluate(() => [...document.querySelectorAll('.lesson svg.bar-chart')].filter((s) => [...s.querySelectorAll('.lb-line-text')].some((x) => /^0/.test(x.textContent)))
          .map((s) => s.parentElement.scrollWidth - s.parentElement.clientWidth));
        assert.ok(over.length === 1 && over[0] <= 1, `information ${lang}: the entropy bars scroll by ${over} px`);
      } finally { await context.close(); }
    }
    // The karate club (a tall layout in a square) scrolled, half of it out of sight: every member in view.
    const { context, page } = await open(env, 'lesson=graphs&lang=zh-Hans', { width: 360 });
    try {
      const r = await page.evaluate(async () => {
        const svg = document.querySelector('svg[data-name="karate-train"]');
        svg.scrollIntoView();
        await window.attnlabSettled();
        const box = svg.parentElement.getBoundingClientRect();
        const out = [...svg.querySelectorAll('.gv-node .gv-dot')].map((c) => c.getBoundingClientRect()).filter((b) => b.left < box.left - 1 || b.right > box.right + 1).length;
        return { out, scrolls: svg.parentElement.scrollWidth - svg.parentElement.clientWidth };
      });
      assert.deepEqual(r, { out: 0, scrolls: 0 }, 'karate at 360 px');
    } finally { await context.close(); }
    for (const xseed of [1, 2, 3, 4, 5, 6]) {
      const { context, page } = await open(env, `lesson=svd&lang=zh-Hans&teacher=1&xseed=${xseed}`, { width: 360 });
      try {
        const over = await page.evaluate(async () => {
          const card = document.querySelector('[data-exercise="cost-explain"]');
          card.scrollIntoView();
          await window.attnlabSettled();
          return [...card.querySelectorAll('.tex-display')].map((b) => b.scrollWidth - b.clientWidth);
        });
        assert.ok(over.length >= 2 && over.every((d) => d <= 1), `cost-explain (xseed ${xseed}) formulas overflow by ${over} px`);
      } finally { await context.close(); }
    }
  });

  // A slow device: the lesson's first frame comes after 600 ms (a rAF time stamp once read as a frame
  // count ended the vector planes' wait for their first layout, and their labels stayed on each other).
  test('a lesson mounted late still lays out its figures\' labels (vector planes, 360 px)', async () => {
    const w = await openWatched(env.browser, { allowed: allowFile, contextOptions: { viewport: { width: 360, height: 900 }, reducedMotion: 'reduce' } });
    try {
      await w.page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => { const end = performance.now() + 800; while (performance.now() < end); }));
      await gotoReady(w.page, fileUrl('index.html', 'lesson=vectors&lang=en'));
      const r = await w.page.evaluate(visualChecks, { lang: 'en', latinOk: LATIN_OK, figuresOnly: true });
      assert.ok(await w.page.evaluate(() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd > 800), 'the page was not slowed');
      assert.deepEqual([...r.overlap, ...r.crossed].filter((x) => x.startsWith('svg.vplane')), []);
      assertClean(w.issues, 'vectors, mounted late');
    } finally { await w.context.close(); }
  });

  test('heatmaps fit a 360 px phone with their colour bar (under the map), no sideways scrolling: training, attention', async () => {
    for (const id of ['training', 'attention']) {
      const { context, page } = await open(env, `lesson=${id}&lang=en`, { width: 360 });
      try {
        const maps = await page.evaluate(() => [...document.querySelectorAll('.lesson svg.heatmap')].filter((s) => s.getClientRects().length).map((s) => {
          const box = s.parentElement, bar = [...s.querySelectorAll('rect.hm-bar')].map((r) => r.getBoundingClientRect());
          return { name: s.getAttribute('aria-label').slice(0, 40), over: box.scrollWidth - box.clientWidth, barRight: Math.max(...bar.map((r) => r.right)), right: box.getBoundingClientRect().right };
        }));
        assert.ok(maps.length, `${id}: no heatmap shown`);
        for (const m of maps) assert.ok(m.over <= 1 && m.barRight <= m.right + 1, `${id}: “${m.name}” scrolls ${m.over} px, its colour bar ends at ${m.barRight} of ${m.right}`);
      } finally { await context.close(); }
    }
  });

  test('in the dark theme the strongest weight stands out more from the page than a zero weight, colour bar too', async () => {
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

  test('strings.json of every lesson, both languages: no raw TeX, ASCII powers or d_k-style names in prose', () => {
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

  test('value labels clear of reference lines (entropy bars, memory bars, the E[X] line); one exponent style', async () => {
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
      await drawAllBlocks(page);
      // The diverging run's numbers may be drawn a moment after the page settled (a machine under load).
      await page.waitForFunction(() => /\de\d{2,3}\b/.test(document.querySelector('.lesson').innerText), null, { timeout: 10000 }).catch(() => {});
      const text = await page.locator('.lesson').innerText();
      assert.doesNotMatch(text, /\de\+\d/, 'an "e+" exponent beside "e−" ones');
      assert.match(text, /\de\d{2,3}\b/);
    } finally { await context.close(); }
  });

  test('every error a lesson shows goes through the translating helpers (kit.js coreMessage / guard / showCoreError)', () => {
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

// ---------------------------------------------------------------- the sweep
// Every lesson of dist/lessons.json in two of four looks (alternating, so
// that each lesson is seen at both widths, in both themes and in both
// languages): en 1280 light + zh-Hans 360 dark, or en 360 dark + zh-Hans
// 1280 light. Each look checks, in the page: (1) figure text at least 11
// CSS px on screen; (2) no text on text and no line through a label inside
// a figure, at every step of the first step player; (3) bars whose values
// differ have different value labels; (4) no raw TeX or ASCII maths in
// prose; (5) on the Chinese page no English word outside maths, code and
// the names below (text, aria-label, title, placeholder, alt, the
// document's title), nor in the \text{} of an exercise's formulas, every
// page in the teacher's view (answers and worked solutions shown); (6) in print media every step of every player with
// its title, no feedback and no instructions for the mouse (the teacher's view prints its answers and worked
// solutions: they are the answer sheet), and every part
// of the lesson within the width of an A4 page (nothing past its edge, no
// box that cuts off or spills its content).
const LOOKS = [
  [{ lang: 'en', width: 1280, theme: 'light' }, { lang: 'zh-Hans', width: 360, theme: 'dark' }],
  [{ lang: 'en', width: 360, theme: 'dark' }, { lang: 'zh-Hans', width: 1280, theme: 'light' }],
];

// Latin words a Chinese page may show, each for a reason:
// - names of people, methods, products and formats, written so in Chinese
//   texts too: Transformer, Linformer, Performer, FlashAttention, Adam,
//   Lipschitz, Frobenius, Eckart–Young, Jacobi, Popoviciu, Rosenbrock,
//   Epanechnikov, Nadaraya–Watson, Kullback–Leibler, Lindeberg, Zachary,
//   LeakyReLU, WebAssembly, JavaScript, Python, NumPy, PyTorch, MATLAB,
//   Node, iframe, HTML, CSV, TSV, JSON, SVG, PNG, Canvas, Moodle, Open edX,
//   Jupyter Book, MkDocs, networkx, matplotlib, wasm; cited authors (Kim,
//   Papamakarios, Mnih, Veličković, Olsson); the karate club's two factions as the
//   data set names them (Mr. Hi, Officer);
// - abbreviations used as such in Chinese: softmax (and log-softmax,
//   log-sum-exp, argmax), logits, one-hot (glossing 独热), KL, SVD, GAT,
//   GD, API, NaN (the IEEE value), and units: MB, KB, GB, ms, bit(s), nat (glossing 比特/奈特);
// - operator names of maths written in Unicode: exp, log, ln, max, min,
//   sum, det, tr, rank, diag, proj, cos, sin, Var, const, Attention(·), Concat(head₁…),
//   symbols with a subscript (head₁, out₂: stripped first), and products
//   of one-letter symbols (QK, XW, Wx, AB, nd, ppᵀ, …); a symbol whose
//   subscript Unicode lacks, written flat where markup cannot go (WQ for
//   W_Q in a field's aria-label: math/rich-text.js plain);
// - key caps, printed in English on keyboards: Tab, Shift, Delete, Enter,
//   Home, End, Page Up, Page Down;
// - API and NumPy names quoted in prose (np.sum, lab.softmax, axis,
//   keepdims=True, float64, camelCase API names such as leastSquares, and
//   NumPy's lstsq): dotted names, calls and key=value are stripped as code
//   first.
const LATIN_OK = `Transformer Transformers Linformer Performer FlashAttention Adam Lipschitz Frobenius Eckart Young Jacobi Popoviciu
  Rosenbrock Epanechnikov Nadaraya Watson Kullback Leibler Lindeberg Zachary LeakyReLU ReLU WebAssembly JavaScript Python NumPy PyTorch
  MATLAB Node iframe HTML CSV TSV JSON SVG PNG Canvas Moodle edX Jupyter MkDocs networkx matplotlib wasm Kim Papamakarios Mnih Veličković
  Olsson Mr Hi NaN lstsq proj Milakov Gimelshein Dao Katharopoulos HBM SRAM GPU A100 GPT medium dropout elu
  FLOPs GFLOPs FLOP float bfloat FP E4M3 E5M2 Nd
  softmax Softmax log-softmax log-sum-exp argmax logits one-hot KL SVD GAT GD API MB KB GB ms bit bits nat nats
  exp log ln max min sum det tr rank diag cos sin Var Attention Concat axis float const
  QK XW Wx Ax Lx AB BA BC AC ABC EK FV AV XY pp nd nrd ad bc WQ WK WV WO
  Tab Shift Delete Enter Home End Page Up Down`.split(/\s+/).filter(Boolean);

// Runs in the page: every problem found, by check.
function visualChecks({ lang, latinOk, figuresOnly = false }) {
  const out = { small: [], overlap: [], crossed: [], clipped: [], bars: [], tex: [], latin: [] };
  const short = (s, n = 40) => (s.length > n ? `${s.slice(0, n)}…` : s);
  const hiddenUp = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) === 0) return true;
    }
    return false;
  };
  const figName = (svg) => `svg.${(svg.getAttribute('class') || '').trim().split(/\s+/)[0] || '?'}${svg.getAttribute('aria-label') ? `[${short(svg.getAttribute('aria-label'), 36)}]` : ''}`;
  const at = (m, x, y) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  const ctx = document.createElement('canvas').getContext('2d');
  const roots = [...document.querySelectorAll('.lesson svg')].filter((svg) => !svg.ownerSVGElement && !svg.closest('math, button') && svg.getClientRects().length && !hiddenUp(svg));
  for (const svg of roots) {
    const name = figName(svg);
    const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() && t.getClientRects().length && !hiddenUp(t));
    // (1) The computed font size (user units) times the text's scale on screen.
    for (const t of [...texts, ...svg.querySelectorAll('tspan')]) {
      const m = t.textContent.trim() && t.getClientRects().length && t.getScreenCTM();
      if (!m) continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < 10.95) out.small.push(`${name} “${short(t.textContent)}” at ${px.toFixed(1)} px`);
    }
    // Ink boxes: each line of text (a <text>, or each <tspan> holding the
    // text) measured by canvas measureText in its computed font, so the
    // glyphs' actual extent and not the font's ascent and descent, placed
    // on the text's baseline, as a quad on screen through the text's
    // screen matrix (rotated labels stay rotated).
    const boxes = [];
    for (const t of texts) {
      const parts = [...t.querySelectorAll('tspan')].filter((p) => [...p.childNodes].some((c) => c.nodeType === 3 && c.nodeValue.trim()));
      const own = [...t.childNodes].some((c) => c.nodeType === 3 && c.nodeValue.trim());
      for (const el of parts.length && !own ? parts : [t]) {
        const str = el.textContent;
        const cs = getComputedStyle(el);
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const mt = ctx.measureText(str);
        const b = el.getBBox(), m = t.getScreenCTM();
        const fb = mt.fontBoundingBoxAscent + mt.fontBoundingBoxDescent;
        const base = b.y + mt.fontBoundingBoxAscent * (fb > 0 && b.height > 0 ? b.height / fb : 1);
        const x0 = b.x - mt.actualBoundingBoxLeft, x1 = b.x + mt.actualBoundingBoxRight;
        const y0 = base - mt.actualBoundingBoxAscent, y1 = base + mt.actualBoundingBoxDescent;
        if (!(x1 > x0 && y1 > y0)) continue;
        const q = [[x0, y0], [x1, y0], [x1, y1], [x0, y1]].map(([x, y]) => at(m, x, y));
        const inv = m.inverse();
        boxes.push({ t, q, s: str.trim(), l: Math.min(...q.map((p) => p[0])), r: Math.max(...q.map((p) => p[0])), tp: Math.min(...q.map((p) => p[1])), bt: Math.max(...q.map((p) => p[1])),
          cx: (q[0][0] + q[2][0]) / 2, cy: (q[0][1] + q[2][1]) / 2,
          has: (X, Y) => { const u = new DOMPoint(X, Y).matrixTransform(inv); return u.x > x0 + 0.25 && u.x < x1 - 0.25 && u.y > y0 + 0.25 && u.y < y1 - 0.25; } });
      }
    }
    // (2c) Text cut at the figure's edge (an SVG clips what lies outside it): "log₂ 4 =" in a gutter
    // measured for Latin letters, "0（确定" for a Chinese label.
    if (getComputedStyle(svg).overflow !== 'visible') {
      const e = svg.getBoundingClientRect();
      for (const b of boxes) if (b.l < e.left - 1 || b.r > e.right + 1 || b.tp < e.top - 1 || b.bt > e.bottom + 1) out.clipped.push(`${name} “${short(b.s)}”`);
    }
    // (2a) Text on text: two ink quads overlapping by more than half a px (separating axes).
    const apart = (A, B) => [A, B].some((Q) => Q.some((p, k) => {
      const [ax, ay] = p, [bx, by] = Q[(k + 1) % 4];
      const nx = ay - by, ny = bx - ax, len = Math.hypot(nx, ny) || 1;
      const pa = A.map(([x, y]) => (x * nx + y * ny) / len), pb = B.map(([x, y]) => (x * nx + y * ny) / len);
      return Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb)) <= 0.5;
    }));
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], c = boxes[j];
      if (a.t === c.t || a.r < c.l || c.r < a.l || a.bt < c.tp || c.bt < a.tp) continue;
      if (!apart(a.q, c.q)) out.overlap.push(`${name} “${short(a.s, 24)}” overlaps “${short(c.s, 24)}”`);
    }
    // (2b) Lines through labels: every visible stroked line, polyline and
    // unfilled path, walked every 0.75 px on screen, against the ink boxes;
    // a point counts unless its clip path cuts it off or an opaque shape
    // painted after the line covers it. Halos (paint-order stroke) do not
    // excuse a crossing: labels are placed clear of lines.
    // Not counted: a tick mark (a segment under 8 px, beside its label), a
    // label's own grid line (a vertical or horizontal line through the
    // middle of the label: the line at the label's value), and the faint
    // background grid (an element or group whose class names a grid:
    // vp-gridline, xy-grid, lb-grid, gr-grid, …), which is neither a
    // reference line nor an axis. The vectors lesson's vt-grid, the image
    // of the grid under a map, is the figure's content and counts.
    const geoms = [...svg.querySelectorAll('line, polyline, path')].filter((g) => {
      if (!g.getClientRects().length || g.closest('defs, clipPath, marker, mask, pattern') || hiddenUp(g)) return false;
      for (let e = g; e && e !== svg; e = e.parentElement) if ([...e.classList].some((c) => /(^|-)grid(line)?$/.test(c) && c !== 'vt-grid')) return false;
      const cs = getComputedStyle(g);
      if (cs.stroke === 'none' || !(parseFloat(cs.strokeWidth) > 0) || Number(cs.strokeOpacity) === 0) return false;
      return g.tagName === 'line' || cs.fill === 'none' || Number(cs.fillOpacity) === 0;
    });
    const fills = [...svg.querySelectorAll('rect, circle, ellipse, path, polygon')].filter((g) => {
      const cs = getComputedStyle(g);
      return cs.fill !== 'none' && Number(cs.fillOpacity) * Number(cs.opacity) >= 0.9 && g.getClientRects().length && !g.closest('defs, clipPath, marker, mask, pattern');
    }).map((f) => ({ f, r: f.getBoundingClientRect(), inv: f.getScreenCTM().inverse() }));
    const clipOf = (g) => {
      const holder = g.closest('[clip-path]');
      const id = holder && (/url\(["']?#([^"')]+)/.exec(holder.getAttribute('clip-path')) || [])[1];
      const r = id && svg.querySelector(`clipPath[id="${id}"] rect`);
      if (!r) return null;
      const inv = holder.getScreenCTM().inverse();
      const [x, y, w, hh] = ['x', 'y', 'width', 'height'].map((k) => r[k].baseVal.value);
      return (X, Y) => { const u = new DOMPoint(X, Y).matrixTransform(inv); return u.x >= x && u.x <= x + w && u.y >= y && u.y <= y + hh; };
    };
    const ownLine = (g, b) => {
      if (g.tagName !== 'line') return false;
      const m = g.getScreenCTM();
      const [p, q] = [['x1', 'y1'], ['x2', 'y2']].map(([kx, ky]) => at(m, g[kx].baseVal.value, g[ky].baseVal.value));
      if (Math.abs(p[0] - q[0]) < 0.5) return Math.abs(p[0] - b.cx) < 1.5;
      if (Math.abs(p[1] - q[1]) < 0.5) return Math.abs(p[1] - b.cy) < 1.5;
      return false;
    };
    const frame = svg.getBoundingClientRect();
    for (const g of geoms) {
      const gb = g.getBoundingClientRect();
      const near = boxes.filter((b) => b.l < gb.right + 2 && b.r > gb.left - 2 && b.tp < gb.bottom + 2 && b.bt > gb.top - 2 && !ownLine(g, b));
      if (!near.length) continue;
      const m = g.getScreenCTM(), scale = Math.hypot(m.a, m.b) || 1;
      // A line's points in closed form; a path's through getPointAtLength.
      const seg = g.tagName === 'line' && [['x1', 'y1'], ['x2', 'y2']].map(([kx, ky]) => at(m, g[kx].baseVal.value, g[ky].baseVal.value));
      let len = 0;
      try { len = seg ? Math.hypot(seg[1][0] - seg[0][0], seg[1][1] - seg[0][1]) / scale : g.getTotalLength(); } catch { continue; }
      if (len * scale < 8) continue;
      const clip = clipOf(g), hits = new Set();
      for (let d = 0; d <= len; d += 0.75 / scale) {
        let X, Y;
        if (seg) { const f = d / len; X = seg[0][0] + f * (seg[1][0] - seg[0][0]); Y = seg[0][1] + f * (seg[1][1] - seg[0][1]); }
        else { const pt = g.getPointAtLength(d); [X, Y] = at(m, pt.x, pt.y); }
        if (X < frame.left || X > frame.right || Y < frame.top || Y > frame.bottom) continue;
        for (const b of near) {
          if (hits.has(b) || X <= b.l || X >= b.r || Y <= b.tp || Y >= b.bt || !b.has(X, Y) || (clip && !clip(X, Y))) continue;
          const covered = fills.some(({ f, r, inv }) => X >= r.left && X <= r.right && Y >= r.top && Y <= r.bottom
            && (g.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING) && f.isPointInFill(new DOMPoint(X, Y).matrixTransform(inv)));
          if (!covered) hits.add(b);
        }
      }
      const what = `${g.tagName}${(g.getAttribute('class') || '').trim() ? `.${g.getAttribute('class').trim().replace(/\s+/g, '.')}` : ''}`;
      for (const b of hits) out.crossed.push(`${name} “${short(b.s, 24)}” crossed by ${what}`);
    }
    // (3) Bars with different values, labelled alike (bars.js, bar-chart.js
    // carry the value in data-value; drag bars in aria-valuenow).
    const labelled = [...svg.querySelectorAll('text.bar-value[data-value], text.lb-value[data-value]')].map((t) => [Number(t.dataset.value), t.textContent.trim()]);
    for (const col of svg.querySelectorAll('g.db-col')) { const v = col.querySelector('.db-value'); if (v) labelled.push([Number(col.getAttribute('aria-valuenow')), v.textContent.trim()]); }
    for (let i = 0; i < labelled.length; i++) for (let j = i + 1; j < labelled.length; j++) {
      const [va, ta] = labelled[i], [vb, tb] = labelled[j];
      if (ta && ta === tb && Math.abs(va - vb) > 1e-9 * Math.max(Math.abs(va), Math.abs(vb))) out.bars.push(`${name}: values ${va} and ${vb} both labelled “${ta}”`);
    }
  }
  if (figuresOnly) return out;
  // (4, 5) Every string of the page outside maths, code and elements marked
  // as another language (the language switch): text nodes (hidden ones
  // too: the figures' data tables, the other steps written out for print),
  // labels, titles; the core's English detail line (.error-detail) is for
  // course authors.
  const SKIP = `math, .tex-math, code, pre, kbd, samp, script, style, noscript, textarea, .error-detail, [lang]:not([lang="${lang}"])`;
  const strings = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (n.nodeValue.trim() && el && !el.closest(SKIP)) strings.push([n.nodeValue, el]);
  }
  const ATTRS = ['aria-label', 'aria-valuetext', 'aria-roledescription', 'title', 'placeholder', 'alt'];
  for (const el of document.body.querySelectorAll(ATTRS.map((a) => `[${a}]`).join(', '))) {
    if (!el.closest(SKIP)) for (const a of ATTRS) if (el.getAttribute(a)) strings.push([el.getAttribute(a), el, a]);
  }
  strings.push([document.title, document.head, 'title']);
  const where = (el, attr) => {
    let s = el.tagName.toLowerCase();
    if (el.classList && el.classList.length) s += `.${[...el.classList].slice(0, 2).join('.')}`;
    const sec = el.closest && el.closest('[data-ex]');
    return `${sec ? `[data-ex=${sec.dataset.ex}] ` : ''}${s}${attr ? `@${attr}` : ''}`;
  };
  // Code quoted in prose: dotted names and calls (np.sum(exp_z),
  // lab.softmax, attnlab.js), key=value arguments, HTML tags.
  const CODE = /<\/?[a-z][^>]*>|\b[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\([^()]*\))?|\b[a-z]\w*=[-\w.]+|\b[a-z]+[A-Z]\w*|\b[Aa]ttention(?=\()|\bOpen edX\b|\bJupyter Book\b|\b[a-z]+(?=[₀-₉ᵢⱼₖₕₙ])/g;
  // Raw TeX and ASCII maths: _{ ^{ \name, a caret power (x^2), and an
  // ASCII subscript (d_k, W_Q, p_y, σ_r, ‖A‖_F): prose writes Unicode
  // subscripts or typesets them with <sub> (math/rich-text.js).
  const TEX = /_\{|\^\{|\\[A-Za-z]|[A-Za-z0-9)\]]\^[-\w½(.]|(?:\b[A-Za-z]+|[\u0370-\u03ff‖|)\]′])_[A-Za-z0-9]/;
  const ok = new Set(latinOk);
  for (const [raw, el, attr] of strings) {
    const s = raw.replace(CODE, ' ');
    const m = TEX.exec(s);
    if (m) out.tex.push(`${where(el, attr)}: “…${s.slice(Math.max(0, m.index - 25), m.index + 15).trim()}…”`);
    if (lang !== 'zh-Hans') continue;
    if (s.includes('Attention Lab')) out.latin.push(`${where(el, attr)}: the English site name in “${short(raw.trim(), 70)}”`);
    const paren = /\([^()]*[\u4e00-\u9fff][^()]*\)/.exec(s);
    if (paren) out.latin.push(`${where(el, attr)}: half-width parentheses “${short(paren[0], 30)}”`);
    for (const w of s.matchAll(/[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ'’-]*[A-Za-zÀ-ɏ]/g)) {
      if (!ok.has(w[0])) out.latin.push(`${where(el, attr)}: “${w[0]}” in “${short(raw.trim(), 70)}”`);
    }
  }
  // (5b) Words typeset in an exercise's formulas (its numbers, reveal and
  // worked solution, shown in the teacher's view): \text{…} in their TeX, but
  // not a symbol's name (\text{out}_2).
  if (lang === 'zh-Hans') {
    for (const a of document.querySelectorAll('.exercise annotation')) {
      const card = a.closest('.exercise').dataset.exercise;
      for (const m of a.textContent.matchAll(/\\text\{([^{}]*)\}(?![_^])/g))
        for (const w of m[1].replace(CODE, ' ').matchAll(/[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ'’-]*[A-Za-zÀ-ɏ]/g))
          if (!ok.has(w[0])) out.latin.push(`[data-exercise=${card}] formula: “${w[0]}” in “\\text{${short(m[1], 50)}}”`);
    }
  }
  for (const k of Object.keys(out)) out[k] = [...new Set(out[k])];
  return out;
}

// Runs in the page, under print media: per player, its step count and the
// titles of the steps printed (visible); printed answers and instructions
// for the mouse.
function printChecks(lang) {
  const vis = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const players = [...document.querySelectorAll('.step-player')].map((p) => ({
    n: Number((p.querySelector('.step-counter').textContent.match(/(\d+)\D*$/) || [])[1]),
    titles: [...p.querySelectorAll('.step-print-item .step-title')].filter(vis).map((t) => t.textContent.trim()).filter(Boolean),
  }));
  // A learner's sheet prints no answers; the teacher's view prints them (exercises.test.mjs checks that).
  const leaks = [...document.querySelectorAll('.ex-answer, .ex-solution, .ex-feedback, .ex-reveal, .pointer-hint')]
    .filter((e) => vis(e) && !(e.closest('.ex-teacher') && !e.matches('.ex-feedback'))).map((e) => e.className);
  const MOUSE = lang === 'zh-Hans' ? /[^。；！？\n]*(鼠标|拖动|拖拽|拖到|点击|单击|悬停)[^。；！？\n]*/ : /[^.;!?\n]*\b(mouse|drag|dragging|click|clicking|hover|hovering|point at)\b[^.;!?\n]*/i;
  const m = MOUSE.exec(document.body.innerText);
  return { players, leaks, mouse: m ? m[0].trim().slice(0, 120) : null };
}

// Runs in the page, under print media at the paper's width: what sticks out
// of the page, what a box cuts off (a scroll box does not scroll on paper)
// and what spills over its box onto its neighbours; the outermost of each.
function printWidthChecks(W) {
  const out = [];
  const name = (e) => `${e.tagName.toLowerCase()}${typeof e.className === 'string' && e.className.trim() ? `.${e.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''}${e.closest('[data-ex]') ? ` in [data-ex=${e.closest('[data-ex]').dataset.ex}]` : ''}`;
  const skip = (e) => e.ownerSVGElement || e.closest('math, .visually-hidden, .vp-sr, .gr-matrices caption') || !e.getClientRects().length;
  const over = (e) => e.scrollWidth > e.clientWidth + 2 && e.clientWidth > 4;
  const sw = document.documentElement.scrollWidth;
  if (sw > W + 1) out.push(`the page is ${sw} px wide, the paper ${W} px`);
  for (const e of document.querySelectorAll('.lesson *')) {
    if (skip(e)) continue;
    const cs = getComputedStyle(e);
    const b = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
    if (b.right > W + 1 && b.width > 0 && p.right <= W + 1) out.push(`${name(e)} reaches ${Math.round(b.right)} px`);
    else if (cs.overflowX !== 'visible' && over(e)) out.push(`${name(e)} cuts off ${e.scrollWidth - e.clientWidth} px`);
    else if (!e.closest('math') && cs.display !== 'inline' && over(e) && !over(e.parentElement)) out.push(`${name(e)} spills ${e.scrollWidth - e.clientWidth} px over its box`);
  }
  return out;
}

describeWithBrowser('the visual sweep: every lesson, two looks each', { concurrency: 2 }, (env) => {
  LESSONS.forEach((id, k) => {
    for (const look of LOOKS[k % 2]) {
      const label = `${id} ${look.lang} ${look.width} px ${look.theme}`;
      test(`sweep: ${label}`, async () => {
        const wide = look.width > 400;
        // The teacher's view: the answers shown on screen are checked like the rest (in the page's
        // language on the Chinese page), and print keeps them (the answer sheet) but no feedback.
        const { context, page, issues } = await open(env, `lesson=${id}&lang=${look.lang}&teacher=1`, look);
        try {
          await page.evaluate(() => document.fonts.ready);
          await settled(page);
          const problems = [], seen = new Set();
          // Each problem once, at the first step it shows.
          const note = (r, when) => {
            for (const [key, what] of [['small', 'figure text under 11 px'], ['overlap', 'text on text'], ['crossed', 'a line through a label'], ['clipped', 'text cut at the figure\'s edge'], ['bars', 'different values, same label'], ['tex', 'raw TeX in prose'], ['latin', 'English on the Chinese page']])
              for (const x of r[key] || []) if (!seen.has(what + x)) { seen.add(what + x); problems.push(`${what}${when}: ${x}`); }
          };
          note(await page.evaluate(visualChecks, { lang: look.lang, latinOk: LATIN_OK }), '');
          if (!wide) {
            const sw = await page.evaluate(() => document.documentElement.scrollWidth);
            if (sw > look.width + 1) problems.push(`the page scrolls sideways (${sw} px)`);
          }
          // The figures at every step of the first player (the steps change them), at 360 px where they crowd.
          const next = page.locator('.step-player').first().locator('.step-controls .btn-primary');
          for (let s = 2; !wide && s < 40 && (await next.count()) && !(await next.isDisabled()); s++) {
            await clickStill(page, next);
            await settled(page);
            note(await page.evaluate(visualChecks, { lang: look.lang, latinOk: LATIN_OK, figuresOnly: true }), ` (step ${s})`);
          }
          // Print: the shell's button at 1280 px, the browser's own print (beforeprint) at 360 px.
          if (wide) {
            await page.evaluate(() => { window.print = () => {}; });
            await page.locator('.print-lesson').click();
          } else await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
          const onScreen = await page.locator('.step-player').count();
          await page.emulateMedia({ media: 'print' });
          const pr = await page.evaluate(printChecks, look.lang);
          await page.setViewportSize({ width: PRINT_WIDTH, height: 900 });
          for (const w of await page.evaluate(printWidthChecks, PRINT_WIDTH)) problems.push(`print on A4: ${w}`);
          await page.setViewportSize({ width: look.width, height: 900 });
          await page.emulateMedia({ media: 'screen' });
          // A lesson with step players prints them (training steps through its run with its own controls).
          if (onScreen && !pr.players.length) problems.push('print: no step player');
          pr.players.forEach((p, i) => { if (p.titles.length !== p.n) problems.push(`print: player ${i + 1} shows ${p.titles.length} of its ${p.n} step titles`); });
          for (const l of pr.leaks) problems.push(`print: an answer or a mouse hint is printed (${l})`);
          if (pr.mouse) problems.push(`print: instructions for the mouse: “${pr.mouse}”`);
          if (process.env.VISUAL_DUMP) fs.appendFileSync(process.env.VISUAL_DUMP, JSON.stringify({ label, problems }) + '\n');
          assert.deepEqual(problems, [], label);
          assertClean(issues, label);
        } finally { await context.close(); }
      });
    }
  });
});
