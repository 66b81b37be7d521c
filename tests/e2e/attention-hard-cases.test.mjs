// The attention lesson's hard cases: it always starts (a text with no
// vocabulary word, "constructor", separators), "numbers I type" shows what
// its selectors say, the step player stays beside the figure it explains,
// no ResizeObserver loop errors, matrix cells refuse huge text before any
// work, the two-animate-nouns preset, and no Latin words in the Chinese prose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  describeWithBrowser, fileUrl, openWatched, allowFile, gotoReady, assertClean, clickStill, scrollStill, settled, LANGS, ROOT,
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

const { seeded } = await import(pathToFileURL(path.join(ROOT, 'web/lessons/shared/inputs.js')).href);
const PARAMS = (await import(pathToFileURL(path.join(ROOT, 'web/lessons/attention/params.js')).href)).default.params;

// The Q, K, V editors of "numbers I type" (their cells' values) and the size selectors.
const numbersShown = (page) => page.evaluate(() => {
  const part = document.querySelector('.numbers-part');
  const eds = [...part.querySelectorAll('.matrix-editor')];
  const read = (ed) => [...ed.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('input')].map((x) => Number(x.value)));
  const rows = (ed) => [...ed.querySelectorAll('tbody th[scope=row]')].map((x) => x.textContent);
  return {
    Q: read(eds[0]), K: read(eds[1]), V: read(eds[2]), rows: rows(eds[0]),
    sizes: [...part.querySelectorAll('.controls select')].map((s) => Number(s.value)),
    step: document.querySelector('.step-title').textContent + ' ' + document.querySelector('.step-text').textContent,
    weightRows: [...document.querySelectorAll('.matrix-wrap[data-name="weights"] tbody th[scope=row]')].map((x) => x.textContent),
  };
});

const rowHeaders = (page, name) => page.evaluate((nm) => {
  const w = document.querySelector(`.matrix-wrap[data-name="${nm}"]`);
  return w ? [...w.querySelectorAll('tbody th[scope=row]')].map((x) => x.textContent) : null;
}, name);

describeWithBrowser('the attention lesson, hard cases', { concurrency: 2 }, (env) => {
  // 10c: a text= value with no vocabulary word falls back with a message and the lesson starts (every such
  // value: tests/js/attention-text.test.mjs); here the page's message, from index.html and embed.html.
  const CASES = { en: [['index.html', '.%20,'], ['embed.html', 'constructor']], 'zh-Hans': [['index.html', '%EF%BC%8C%E3%80%82'], ['embed.html', 'the%20dog%20ran']] };
  for (const lang of LANGS) {
    test(`${lang}: a text with no vocabulary word falls back to the example sentence with a message (index.html and embed.html)`, async () => {
      for (const [file, text] of CASES[lang]) {
        await withPage(env, file, `lesson=attention&lang=${lang}&text=${text}`, async (page) => {
          const body = await page.locator('body').innerText();
          assert.doesNotMatch(body, /could not start|无法启动/, `${file} text=${text}: the lesson starts`);
          assert.deepEqual(await rowHeaders(page, 'weights'), EXAMPLE[lang], `${file} text=${text}: the example sentence is shown`);
          const msg = page.locator('#att-sentence-msg');
          assert.ok(await msg.isVisible(), `${file} text=${text}: a message says so`);
          const said = await msg.textContent();
          assert.match(said, lang === 'zh-Hans' ? HAN : /vocabulary/, `${file} text=${text}: in the page's language: ${said}`);
          assert.ok(said.includes(decodeURIComponent(text)), `${file} text=${text}: the message names what was left out: ${said}`);
        });
      }
    });
  }

  test('a link with more than 12 words: the first 12 are used, and the page says so', async () => {
    await withPage(env, 'index.html', `lesson=attention&lang=en&text=${encodeURIComponent('the cat sat on the mat and the dog sat on the sofa because it was tired')}`, async (page) => {
      assert.equal((await rowHeaders(page, 'weights')).length, 12);
      assert.match(await page.locator('#att-sentence-msg').textContent(), /first 12 words/);
    });
  });

  test('typing "constructor" (an Object.prototype name) into the sentence box: named as unknown, no page error', async () => {
    await withPage(env, 'index.html', 'lesson=attention&lang=en', async (page) => {
      const field = page.locator('.lesson input.sentence-input');
      await field.fill('the cat constructor');
      await field.press('Enter');
      assert.deepEqual(await rowHeaders(page, 'weights'), ['the', 'cat']);
      assert.match(await page.locator('#att-sentence-msg').textContent(), /left out: constructor/);
      await field.fill('constructor');
      await field.press('Enter');
      assert.deepEqual(await rowHeaders(page, 'weights'), ['the', 'cat'], 'nothing to show: the last sentence stays');
      assert.match(await page.locator('#att-sentence-msg').textContent(), /no word from the vocabulary/);
    });
  });

  // 4: "numbers I type" shows what its selectors say, at the sizes the focus-make solution is computed for.
  for (const lang of LANGS) {
    test(`${lang}: switching to "numbers I type" shows n × dₖ matrices matching the selectors, token labels, its own step text`, async () => {
      await withPage(env, 'index.html', `lesson=attention&lang=${lang}`, async (page) => {
        await page.locator('.lesson .att-input select').first().selectOption('numbers');
        const got = await numbersShown(page);
        const { n, dk, dv, seed } = Object.fromEntries(Object.entries(PARAMS).map(([k, p]) => [k, p.default]));
        assert.deepEqual(got.sizes, [n, dk, dv], 'selectors read the defaults');
        assert.deepEqual([got.Q.length, got.Q[0].length, got.K.length, got.K[0].length, got.V.length, got.V[0].length], [n, dk, n, dk, n, dv], 'matrices are n × dk, n × dk, n × dv');
        // exercises.js focus-make solves for seeded(seed, n, dk, dv): its q fits this Q.
        assert.deepEqual({ Q: got.Q, K: got.K, V: got.V }, seeded(seed, n, dk, dv), 'the numbers the exercise solution is computed on');
        const token = lang === 'en' ? 'token' : '词元';
        assert.deepEqual(got.rows, Array.from({ length: n }, (_, i) => `${token} ${i + 1}`), 'rows named token 1, token 2, ...');
        assert.deepEqual(got.weightRows, got.rows, 'the pipeline names them so too');
        assert.doesNotMatch(got.step, /Project the words|投影：|“it”|“它”/, `step text fits typed numbers: ${got.step}`);
        // Back to the sentence: its words and its own step text again.
        await page.locator('.lesson .att-input select').first().selectOption('sentence');
        assert.deepEqual(await rowHeaders(page, 'weights'), EXAMPLE[lang]);
        assert.match(await page.locator('.step-title').textContent(), lang === 'en' ? /Project the words/ : /投影/);
      });
    });
  }

  test('"numbers I type": n 5 -> 4 keeps Q, K and V row by row (no re-flow), what was typed stays, and the link reproduces it', async () => {
    await withPage(env, 'index.html', 'lesson=attention&lang=en&src=numbers', async (page) => {
      const nSelect = page.locator('.numbers-part .controls select').first();
      await nSelect.selectOption('5');
      const five = await numbersShown(page);
      assert.equal(five.Q.length, 5);
      const cell = page.locator('.numbers-part .matrix-editor').nth(1).locator('tbody tr').nth(1).locator('input').first();
      await cell.fill('1.25');
      await cell.press('Enter');
      await nSelect.selectOption('4');
      const four = await numbersShown(page);
      assert.deepEqual(four.sizes.slice(0, 1), [4]);
      assert.deepEqual(four.Q, five.Q.slice(0, 4), 'Q keeps its first 4 rows');
      assert.deepEqual(four.K, [five.K[0], [1.25, ...five.K[1].slice(1)], five.K[2], five.K[3]], 'K keeps its rows and the typed entry');
      assert.deepEqual(four.V, five.V.slice(0, 4), 'V keeps its first 4 rows');
      // Back to 5: the fifth rows are the seed's again.
      await nSelect.selectOption('5');
      const again = await numbersShown(page);
      assert.deepEqual(again.Q, five.Q);
      assert.deepEqual(again.V, five.V);
      // The URL is written a moment later: wait for the typed entry and n = 5 (the link of the first n = 5,
      // before the entry was typed, already had both K= and n=5).
      await page.waitForFunction(() => /[?&]K=[^&]*1\.25/.test(decodeURIComponent(location.search)) && /[?&]n=5/.test(location.search), null, { timeout: 10000 });
      const url = page.url();
      const { context: c2, page: p2 } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(p2, url);
        const reopened = await numbersShown(p2);
        assert.deepEqual([reopened.Q, reopened.K, reopened.V], [again.Q, again.K, again.V], 'the link reproduces the numbers');
      } finally { await c2.close(); }
    });
  });

  // 6: what a step talks about is in view when the step is shown.
  // The third sentence's "it" looks at "dog", its 11th word: a column that a 12-word matrix beside the player scrolls to.
  for (const [lang, width, text] of [['en', 1280, ''], ['zh-Hans', 1280, ''], ['zh-Hans', 360, ''], ['en', 1280, 'the mat and the sofa and a box and the dog it']]) {
    test(`${lang} at ${width} px${text ? ` (${text})` : ''}: every step's highlighted panel is in view${width > 1100 ? ', next to the player' : ''}`, async () => {
      await withPage(env, 'index.html', `lesson=attention&lang=${lang}${text ? `&text=${encodeURIComponent(text)}` : ''}`, async (page) => {
        const next = page.locator('.step-player .btn-primary').first();
        for (let k = 1; k < 7; k++) {
          await clickStill(page, next);
          await scrollStill(page);
          const seen = await page.evaluate(() => {
            const vh = window.innerHeight;
            const box = (el) => { const r = el.getBoundingClientRect(); return { top: Math.round(r.top), bottom: Math.round(r.bottom) }; };
            const panel = [...document.querySelectorAll('.lesson .pipeline-panel.active')].pop();  // the step's own (Q, Kᵀ, V come before scores and output)
            // The highlighted cells of one column (a key, a value column) are inside their matrix's scrolled box.
            const cols = [...document.querySelectorAll('.lesson .pipeline .matrix-wrap')].map((w) => {
              const on = [...w.querySelectorAll('td.hl')];
              if (!on.length || new Set(on.map((td) => td.dataset.j)).size !== 1) return null;
              const a = on[0].getBoundingClientRect(), b = w.getBoundingClientRect();
              return { name: w.dataset.name, inside: a.left >= b.left - 1 && a.right <= b.right + 1 };
            }).filter(Boolean);
            return { vh, step: document.querySelector('.step-player').dataset.step, panel: panel && box(panel), player: box(document.querySelector('.step-player .step-title')), cols };
          });
          const { vh, panel, player } = seen;
          assert.ok(panel, `step ${seen.step}: a panel is highlighted`);
          // Wholly on screen, or its top in the upper third (zh-Hans step 5 once showed a header and three rows at 0.81 vh).
          assert.ok(panel.bottom > 60 && (panel.bottom <= vh + 1 || panel.top < vh * 0.34), `step ${seen.step}: the highlighted panel is on screen: ${JSON.stringify(seen)}`);
          assert.ok(seen.cols.every((c) => c.inside), `step ${seen.step}: the highlighted column is scrolled into its matrix's view: ${JSON.stringify(seen.cols)}`);
          if (width > 1100) assert.ok(player.top >= 0 && player.bottom <= vh, `step ${seen.step}: the player's title is on screen beside it: ${JSON.stringify(seen)}`);
        }
      }, { viewport: { width, height: 900 } });
    });
  }

  // 10e: no ResizeObserver loop error events; matrix cells refuse huge text before any work.
  for (const [lesson, lang, width] of [['attention', 'zh-Hans', 360], ['attention', 'en', 1280], ['graphs', 'zh-Hans', 360]]) {
    test(`${lesson} ${lang} at ${width} px: no "ResizeObserver loop" error event while it starts and steps`, async () => {
      const url = fileUrl('index.html', `lesson=${lesson}&lang=${lang}`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile, contextOptions: { viewport: { width, height: 900 } } });
      try {
        // What a host's window.onerror tracker sees (no console message, no pageerror).
        await context.addInitScript(() => { window.__errorEvents = []; window.addEventListener('error', (e) => window.__errorEvents.push(String(e.message))); });
        await gotoReady(page, url);
        const next = page.locator('.step-player .btn-primary').first();
        for (let k = 0; k < 3; k++) await clickStill(page, next);
        await page.setViewportSize({ width: width === 360 ? 420 : 1100, height: 900 });  // a rotated phone, a narrowed window
        await settled(page);
        assert.deepEqual(await page.evaluate(() => window.__errorEvents), []);
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }

  test('attention (zh-Hans): matrix cells have a maxlength; long pastes and drops are refused in Chinese before they land', async () => {
    await withPage(env, 'index.html', 'lesson=attention&lang=zh-Hans', async (page) => {
      const limits = await page.evaluate(() => [...document.querySelectorAll('.lesson .matrix-editor input')].map((x) => x.maxLength));
      assert.ok(limits.length > 0 && limits.every((n) => n > 0 && n <= 64), `maxlength of every cell: ${[...new Set(limits)]}`);
      const cell = page.locator('.lesson .matrix-editor input').first();
      const before = await cell.inputValue();
      // Typed (or inserted by an input method): the field keeps at most maxlength characters.
      await cell.focus();
      await page.keyboard.press('End');
      const t0 = Date.now();
      await page.keyboard.insertText('1'.repeat(1e6));
      console.log(`# 1 MB inserted into a cell in ${Date.now() - t0} ms`);
      assert.ok((await cell.inputValue()).length <= 64);
      await cell.fill(before);
      for (const kind of ['paste', 'drop']) {
        const r = await page.evaluate(([k, n]) => {
          const input = document.querySelector('.lesson .matrix-editor input');
          const dt = new DataTransfer();
          dt.setData('text/plain', '1'.repeat(n));
          const ev = k === 'paste' ? new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }) : new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
          input.dispatchEvent(ev);
          return { prevented: ev.defaultPrevented, invalid: input.getAttribute('aria-invalid'), msg: document.getElementById(input.getAttribute('aria-describedby')).textContent };
        }, [kind, kind === 'paste' ? 100 : 2e6]);
        assert.ok(r.prevented && r.invalid === 'true', `${kind}: ${JSON.stringify(r)}`);
        assert.match(r.msg, HAN, `${kind}: said in Chinese`);
        assert.match(r.msg, /64/);
      }
      assert.equal(await cell.inputValue(), before, 'the cell keeps its value');
    });
  });

  // 11: the two-animals preset, and why real models need positions and learned embeddings.
  const TWO = { en: { it: 'it', a: 'cat', b: 'dog', words: /position/ }, 'zh-Hans': { it: '它', a: '小猫', b: '小狗', words: /位置编码/ } };
  for (const lang of LANGS) {
    test(`${lang}: the two-animals preset splits "${TWO[lang].it}" evenly between "${TWO[lang].a}" and "${TWO[lang].b}", and the page says why`, async () => {
      await withPage(env, 'index.html', `lesson=attention&lang=${lang}`, async (page) => {
        await page.locator('.lesson .preset-two').click();
        const inputs = await page.evaluate(() => JSON.parse(JSON.stringify(window.__attnlabLesson)));
        const { it, a, b, words } = TWO[lang];
        assert.ok(inputs.tokens.includes(a) && inputs.tokens.includes(b), `tokens ${inputs.tokens}`);
        const w = await page.evaluate(async (x) => (await window.AttnLab.load()).attention(x.Q, x.K, x.V, x.options).weights, inputs);
        const row = w[inputs.tokens.indexOf(it)];
        const [wa, wb] = [row[inputs.tokens.indexOf(a)], row[inputs.tokens.indexOf(b)]];
        assert.ok(Math.abs(wa - wb) < 1e-12 && wa > 0.4 && wa <= 0.5, `${it} → ${a} ${wa}, → ${b} ${wb}`);
        assert.deepEqual(await rowHeaders(page, 'weights'), inputs.tokens);
        const note = await page.locator('.lesson .positions-note').innerText();
        assert.match(note, words, 'positions are named');
        assert.match(note, lang === 'en' ? /learns its embeddings/ : /学习嵌入/, 'learned embeddings are named');
        // The steps no longer claim that "it" found "cat".
        await page.locator('.step-player .btn-primary').first().click();
        assert.doesNotMatch(await page.locator('.step-text').textContent(), /“it”|“它”/);
      });
    });
  }

  // 9: the lesson's Chinese prose has no Latin words outside formulas, code and the names a Chinese text keeps; √dₖ throughout.
  test('attention strings: no Latin word in the Chinese prose (besides names, operators and symbols), √dₖ spelled one way', () => {
    const { 'zh-Hans': zh, en } = JSON.parse(readFileSync(path.join(ROOT, 'web/lessons/attention/strings.json'), 'utf8'));
    const registry = readFileSync(path.join(ROOT, 'web/lessons/registry.js'), 'utf8');
    zh.registryDescription = /id: 'attention'[\s\S]*?'zh-Hans': "([^"]*)"[\s\S]*?'zh-Hans': "([^"]*)"/.exec(registry).slice(1).join(' ');
    const flat = (o, p = '') => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? flat(v, `${p}${k}.`) : [[`${p}${k}`, v]]));
    // What a Chinese text keeps (tests/e2e/visual.test.mjs LATIN_OK, narrowed to this lesson): softmax, exp, log,
    // the key Tab, file formats, Concat(head…) and products of one-letter symbols (QK, XW).
    const OK = new Set(['softmax', 'Softmax', 'exp', 'log', 'Tab', 'CSV', 'JSON', 'Concat', 'QK', 'XW']);
    const bad = [];
    for (const [key, text] of flat(zh)) {
      if (key.endsWith('.tex.largeForEvery')) continue;
      // Symbols with a subscript (out{i}, head₁) and {placeholders} are not words.
      const prose = text.replace(/[A-Za-z]+(?=\{[a-z]+\}|[\u2080-\u209c\u1d62-\u1d6a\u2c7c])/g, '').replace(/\{[a-z]+\}/g, '');
      for (const w of prose.match(/[A-Za-z]{2,}/g) || []) if (!OK.has(w)) bad.push(`${key}: ${w}`);
    }
    assert.deepEqual(bad, []);
    for (const [key, text] of [...flat(zh), ...flat(en)])
      assert.doesNotMatch(text, /√d(?!ₖ)|√\(d|sqrt\(d/, `${key}: √dₖ`);
  });
});

