// Makes web/katex-fonts/: KaTeX's woff2 fonts cut down to the glyphs our
// formulas can produce, which scripts/katex-css.mjs ships instead of the
// full fonts (dist/katex/fonts/, and inlined in katex-inline.css for
// sandboxed frames). The files are committed: the build does not run this.
//
// Run again after adding TeX with new symbols (a glyph that is not in a
// subset is drawn in the browser's fallback font, still legible):
//   node scripts/build-page.mjs && node scripts/katex-subset.mjs
// (--from-glyphs: only the subsets again, from the last run's glyphs.json).
// Needs Debian's python3-fonttools and python3-brotli (/usr/bin/python3,
// its fontTools.subset, i.e. pyftsubset).
//
// What is kept, per face: (1) every character that the built page draws in
// that face: every lesson in both languages, every step of every step
// player, every range input at five positions, every option of every
// select, teacher mode (solutions shown), read from the DOM with the face
// the browser resolved for it (family, weight, style); (2) a base set that
// data and typed text can reach: printable ASCII, the Greek letters, and
// the common operators, relations and arrows (BASE below, per face). Both
// lists are written to web/katex-fonts/glyphs.json, to see what changed.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FONT_DIR, KEPT_FACES } from './katex-css.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = FONT_DIR;
const fonts = path.join(root, 'node_modules/katex/dist/fonts');
const PY = '/usr/bin/python3';

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const chars = (str) => [...str].map((c) => c.codePointAt(0));
const ASCII = range(0x20, 0x7e);
const ALNUM = [...range(0x30, 0x39), ...range(0x41, 0x5a), ...range(0x61, 0x7a)];
const GREEK = [...range(0x391, 0x3a9), ...range(0x3b1, 0x3c9), 0x3d1, 0x3d5, 0x3d6, 0x3f1, 0x3f5];
// What numbers and names in formulas reach besides what the lessons draw
// now: signs, products, comparisons, ellipses, arrows.
const DATA_OPS = chars('\u00a0\u00b1\u00b7\u00d7\u00f7\u2026\u2032\u2190\u2192\u2194\u21d2\u21d4\u2212\u2213\u2217\u2218\u221a\u221e\u2223\u2225\u2248\u2260\u2261\u2264\u2265\u226a\u226b\u22c5\u22ee\u22ef\u22f1\u27e8\u27e9');
// Per face: the base set kept besides what the page draws. The Size faces
// (KaTeX's big delimiters and operators, 4-6 KB each) are kept whole: which
// of their glyphs a formula needs depends on the height of its numbers.
const BASE = {
  'Main-Regular': [...ASCII, ...GREEK, ...DATA_OPS],
  'Math-Italic': [...ASCII, ...GREEK],
  'Main-Bold': ALNUM,                                    // \mathbf of a letter or digit
  'Main-Italic': ALNUM,                                  // \textit, \mathit (no lesson draws it now)
  'AMS-Regular': chars('CENPQRZ'),                        // \mathbb: sets, expectation, probability
  'Caligraphic-Regular': chars('DHLNOX'),                 // \mathcal: data, loss, neighbours, O(n)
};
const WHOLE = new Set(['Size1-Regular', 'Size2-Regular', 'Size3-Regular', 'Size4-Regular']);
// And in every subset, the characters FreeType's auto-hinter measures a
// font by (its Latin blue zones and standard stem, afblue.dat): without
// them it hints the subset's glyphs otherwise, and Chromium on Linux draws
// them a pixel off (seen: an AMS subset without O, S, T moved the edges of \mathbb{R}).
const HINTER_REFERENCE = chars('THEZOCQSLUfijkdbhxzroescpqgjyo0');

// 1. What the page draws, per face.
// --from-glyphs: the drawn lists of the last run (web/katex-fonts/glyphs.json), no browser.
const seen = {};
if (process.argv.includes('--from-glyphs')) {
  const last = JSON.parse(fs.readFileSync(path.join(out, 'glyphs.json'), 'utf8')).drawn;
  for (const [face, str] of Object.entries(last)) seen[face] = new Set(chars(str));
} else {
  const lessons = JSON.parse(fs.readFileSync(path.join(root, 'dist/lessons.json'), 'utf8')).lessons.map((l) => l.id);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  function collectInPage() {
    const faces = {};
    for (const k of document.querySelectorAll('.katex-html')) {
      const walker = document.createTreeWalker(k, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const cs = getComputedStyle(n.parentElement);
        const fam = /KaTeX_(\w+)/.exec(cs.fontFamily);
        if (!fam || !n.nodeValue) continue;
        const bold = Number(cs.fontWeight) >= 600, italic = cs.fontStyle !== 'normal';
        const face = `${fam[1]}-${bold && italic ? 'BoldItalic' : bold ? 'Bold' : italic ? 'Italic' : 'Regular'}`;
        faces[face] = (faces[face] || '') + n.nodeValue;
      }
    }
    return faces;
  }
  async function collect(page) {
    await page.waitForFunction(() => !document.querySelector('[data-tex-pending]'), null, { timeout: 10000 }).catch(() => {});
    for (const [face, text] of Object.entries(await page.evaluate(collectInPage))) {
      const s = (seen[face] = seen[face] || new Set());
      for (const ch of text) s.add(ch.codePointAt(0));
    }
  }
  for (const id of lessons) {
    for (const lang of ['en', 'zh-Hans']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${pathToFileURL(path.join(root, 'dist/index.html')).href}?lesson=${id}&lang=${lang}&teacher=1`);
      await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 60000 });
      await collect(page);
      const players = page.locator('.step-player');
      for (let k = 0; k < await players.count(); k++) {
        const next = players.nth(k).locator('.step-controls .btn-primary');
        for (let i = 0; i < 60 && !(await next.isDisabled()); i++) { await next.click(); await collect(page); }
      }
      const ranges = await page.locator('.lesson input[type=range]:not(:disabled)').count();
      for (let k = 0; k < ranges; k++) {
        for (const f of [0, 0.25, 0.5, 0.75, 1]) {
          await page.evaluate(([k, f]) => {
            const r = document.querySelectorAll('.lesson input[type=range]:not(:disabled)')[k];
            if (!r) return;
            const min = Number(r.min || 0), max = Number(r.max || 100), step = Number(r.step) || 1;
            r.value = String(min + Math.round((f * (max - min)) / step) * step);
            r.dispatchEvent(new Event('input', { bubbles: true }));
            r.dispatchEvent(new Event('change', { bubbles: true }));
          }, [k, f]);
          await page.waitForTimeout(30);
          await collect(page);
        }
      }
      const selects = await page.locator('.lesson select').count();
      for (let k = 0; k < selects; k++) {
        const options = await page.locator('.lesson select').nth(k).locator('option').count();
        for (let o = 0; o < options; o++) {
          await page.evaluate(([k, o]) => {
            const s = document.querySelectorAll('.lesson select')[k];
            if (!s) return;
            s.selectedIndex = o;
            s.dispatchEvent(new Event('change', { bubbles: true }));
          }, [k, o]);
          await page.waitForTimeout(30);
          await collect(page);
        }
      }
      await page.close();
      console.log(`${id} ${lang}: ${Object.entries(seen).map(([f, s]) => `${f} ${s.size}`).join(', ')}`);
    }
  }
  await browser.close();
}

// 2. The subsets. glyphs.json records, per face, what the page draws (of
// the font's characters), the base kept besides, and what the page draws in
// that face that the font does not have (the browser's fallback draws it,
// subset or not: CJK inside \text{}).
fs.mkdirSync(out, { recursive: true });
const hex = (cps) => [...cps].sort((a, b) => a - b).map((c) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`);
const str = (cps) => [...cps].sort((a, b) => a - b).map((c) => String.fromCodePoint(c)).join('');
const cmapOf = (file) => new Set(JSON.parse(execFileSync(PY, ['-c',
  'import sys, json; from fontTools.ttLib import TTFont; print(json.dumps(sorted(TTFont(sys.argv[1]).getBestCmap())))', file], { encoding: 'utf8' })));
const record = { drawn: {}, base: {}, notInFont: {} };
for (const face of KEPT_FACES) {
  const src = path.join(fonts, `KaTeX_${face}.woff2`);
  const dst = path.join(out, `KaTeX_${face}.woff2`);
  if (WHOLE.has(face)) { fs.copyFileSync(src, dst); continue; }
  const cmap = cmapOf(src);
  const drawn = [...(seen[face] || [])];
  const cps = new Set([...drawn, ...(BASE[face] || []), ...HINTER_REFERENCE].filter((c) => cmap.has(c)));
  record.drawn[face] = str(drawn.filter((c) => cmap.has(c)));
  record.base[face] = str((BASE[face] || []).filter((c) => cmap.has(c)));
  record.notInFont[face] = str(drawn.filter((c) => !cmap.has(c)));
  execFileSync(PY, ['-m', 'fontTools.subset', src, `--unicodes=${hex(cps).join(',')}`, '--flavor=woff2', `--output-file=${dst}`,
    '--layout-features=*', '--notdef-outline'], { stdio: 'inherit' });
  console.log(`${face}: ${fs.statSync(src).size} -> ${fs.statSync(dst).size} bytes (${cps.size} characters)`);
}
const missing = Object.keys(seen).filter((f) => !KEPT_FACES.includes(f));
if (missing.length) console.log(`drawn in faces that are not shipped (fall back): ${missing.map((f) => `${f} "${str(seen[f])}"`).join(', ')}`);
fs.writeFileSync(path.join(out, 'glyphs.json'), JSON.stringify(record, null, 2) + '\n');
