// Makes web/math-font/latinmodern-math.woff2: Latin Modern Math (the
// shapes of TeX's Computer Modern, with the OpenType MATH table MathML
// needs for fractions, scripts and stretchy brackets) cut down to the
// characters our formulas can draw. scripts/math-css.mjs ships it as a file
// and inlined for sandboxed frames. The font is committed: the build does
// not run this.
//
// Run again after adding TeX with new symbols (a character that is not in
// the subset is drawn in the browser's fallback font, still legible):
//   node scripts/build-page.mjs && node scripts/math-font.mjs
// (--from-glyphs: only the subset again, from the last run's glyphs.json).
// Needs Debian's fonts-lmodern, python3-fonttools and python3-brotli.
//
// What is kept: (1) every character the built page's formulas draw: every
// lesson in both languages, every step of every step player, every range
// input at five positions, every option of every select, teacher mode
// (solutions shown), read as TeX from the page and converted by
// web/math/mathml.js (a single-letter <mi> is drawn in its italic
// alphabet); (2) a base that data can reach: printable ASCII and the
// italic Latin and Greek letters. The MATH table's size variants and
// pieces of kept characters come with them (fontTools). Both lists are
// written to web/math-font/glyphs.json, to see what changed.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { texTrees } from '../web/math/mathml.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MATH_FONT = path.join(root, 'web/math-font/latinmodern-math.woff2');
const SOURCE = '/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf';
const PY = '/usr/bin/python3';

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
// ...and the glyphs MathML draws that are not characters of the TeX: the
// radical of \sqrt; and \cdots, \circ, which the walk
// misses (seeded exercises, branches).
const BASE = [...range(0x20, 0x7e), ...range(0x1d434, 0x1d467), 0x210e, ...range(0x1d6fc, 0x1d714), 0x221a, 0x22ef, 0x2218];

// The character a browser draws for a single-letter <mi> (MathML Core's
// text-transform: math-auto): its mathematical italic.
const GREEK_ITALIC = { 'ϵ': 0x1d716, 'ϑ': 0x1d717, 'ϰ': 0x1d718, 'ϕ': 0x1d719, 'ϱ': 0x1d71a, 'ϖ': 0x1d71b, '∂': 0x1d715, 'ı': 0x1d6a4, 'ȷ': 0x1d6a5 };
function italic(ch) {
  const c = ch.codePointAt(0);
  if (ch === 'h') return 0x210e;
  if (c >= 65 && c <= 90) return 0x1d434 + c - 65;
  if (c >= 97 && c <= 122) return 0x1d44e + c - 97;
  if (c >= 0x391 && c <= 0x3a9) return 0x1d6e2 + c - 0x391;
  if (c >= 0x3b1 && c <= 0x3c9) return 0x1d6fc + c - 0x3b1;
  return GREEK_ITALIC[ch] ?? c;
}
export function drawnCharacters(formulas) {
  const cps = new Set();
  const walk = (n) => {
    if (typeof n === 'string') { for (const ch of n) cps.add(ch.codePointAt(0)); return; }
    if (n.tag === 'annotation') return;
    if (n.tag === 'mi' && n.kids.length === 1 && [...n.kids[0]].length === 1 && !n.attrs.mathvariant) { cps.add(italic(n.kids[0])); return; }
    n.kids.forEach(walk);
  };
  for (const f of formulas) for (const t of texTrees(f.slice(1), f[0] === 'D')) walk(t);
  return cps;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const glyphsFile = path.join(path.dirname(MATH_FONT), 'glyphs.json');
  let drawn;
  if (process.argv.includes('--from-glyphs')) {
    drawn = new Set([...JSON.parse(fs.readFileSync(glyphsFile, 'utf8')).drawn].map((c) => c.codePointAt(0)));
  } else {
    const formulas = new Set();
  const lessons = JSON.parse(fs.readFileSync(path.join(root, 'dist/lessons.json'), 'utf8')).lessons.map((l) => l.id);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  // Every formula shown: its TeX (the annotation) and whether it is display.
  const collectInPage = () => [...document.querySelectorAll('annotation')]
    .map((a) => (a.closest('.tex-math-display') ? 'D' : 'I') + a.textContent);
  async function collect(page) {
    await page.waitForFunction(() => !document.querySelector('[data-tex-pending]'), null, { timeout: 10000 }).catch(() => {});
    for (const f of await page.evaluate(collectInPage)) formulas.add(f);
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
      console.log(`${id} ${lang}: ${formulas.size} formulas so far`);
    }
  }
  await browser.close();
    drawn = drawnCharacters(formulas);
  }
  const cmap = new Set(JSON.parse(execFileSync(PY, ['-c',
    'import sys, json; from fontTools.ttLib import TTFont; print(json.dumps(sorted(TTFont(sys.argv[1]).getBestCmap())))', SOURCE], { encoding: 'utf8' })));
  const str = (cps) => [...cps].sort((a, b) => a - b).map((c) => String.fromCodePoint(c)).join('');
  // U+2061 (function application) is never drawn: mathml.js spaces names itself.
  const kept = new Set([...drawn, ...BASE].filter((c) => cmap.has(c) && c !== 0x2061));
  const hex = [...kept].sort((a, b) => a - b).map((c) => `U+${c.toString(16).toUpperCase()}`);
  // No layout features (MathML does not use them), no hints, flat CFF: 31.5 -> 27.6 KB.
  execFileSync(PY, ['-m', 'fontTools.subset', SOURCE, `--unicodes=${hex.join(',')}`, '--flavor=woff2', `--output-file=${MATH_FONT}`,
    '--layout-features=', '--no-hinting', '--desubroutinize', '--notdef-outline'], { stdio: 'inherit' });
  // Subscripts at TeX's depth (sub1 = 0.15 em, as KaTeX and pdfTeX set
  // them; Latin Modern Math's OpenType value, 0.247 em, hangs p_1 low).
  execFileSync(PY, ['-c', `import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1])
f['MATH'].table.MathConstants.SubscriptShiftDown.Value = 150
f.save(sys.argv[1])`, MATH_FONT], { stdio: 'inherit' });
  fs.writeFileSync(glyphsFile, JSON.stringify({
    drawn: str([...drawn].filter((c) => cmap.has(c))), base: str(BASE),
    notInFont: str([...drawn].filter((c) => !cmap.has(c))),
  }, null, 2) + '\n');
  console.log(`${path.relative(root, MATH_FONT)}: ${fs.statSync(MATH_FONT).size} bytes, ${kept.size} characters`);
}
