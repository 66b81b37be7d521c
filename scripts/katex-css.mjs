// KaTeX's stylesheet, twice: with its fonts as files beside it
// (katex.min.css: a browser fetches only the faces a page's formulas use),
// and with the fonts inlined as data: URLs (katex-inline.css). Why both: a
// lesson embedded in <iframe sandbox="allow-scripts"> has origin "null",
// and browsers fetch fonts in CORS mode, so font files next to the page are
// blocked there; web/core/katex-styles.js picks the inlined one only there. Only woff2 is kept (every browser we target takes it), and only
// the faces our formulas use: the rest fall back to the next font in KaTeX's
// stack, which keeps the first load small. The fonts are the subsets of
// web/katex-fonts/ (scripts/katex-subset.mjs: the glyphs our formulas can
// produce; 77 KB for the ten faces instead of 149).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Faces used by the lessons' TeX: upright/bold/italic text, math italic,
// \mathbb (AMS), \mathcal (Caligraphic) and the big delimiters (Size1-4).
export const KEPT_FACES = [
  'AMS-Regular', 'Caligraphic-Regular', 'Main-Bold', 'Main-Italic', 'Main-Regular',
  'Math-Italic', 'Size1-Regular', 'Size2-Regular', 'Size3-Regular', 'Size4-Regular',
];

export const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'katex-fonts');

// inline: true  -> the fonts as data: URLs (katex-inline.css);
//         false -> url(fonts/KaTeX_<face>.woff2), the files beside it (katex.min.css).
// fonts: the folder of the woff2 files (the subsets).
export function katexCss(katexDist, kept = KEPT_FACES, { inline = true, fonts = FONT_DIR } = {}) {
  const css = fs.readFileSync(path.join(katexDist, 'katex.min.css'), 'utf8');
  let inlined = 0;
  const out = css.replace(/@font-face\{[^}]*\}/g, (rule) => {
    const m = /url\(fonts\/KaTeX_([A-Za-z0-9-]+)\.woff2\)/.exec(rule);
    if (!m) throw new Error(`katex-css: unexpected @font-face rule: ${rule.slice(0, 120)}`);
    if (!kept.includes(m[1])) return '';
    inlined++;
    if (!inline) return rule.replace(/src:[^;}]*/, `src:url(fonts/KaTeX_${m[1]}.woff2) format("woff2")`);
    const font = fs.readFileSync(path.join(fonts, `KaTeX_${m[1]}.woff2`));
    return rule.replace(/src:[^;}]*/, `src:url(data:font/woff2;base64,${font.toString('base64')}) format("woff2")`);
  });
  if (inlined !== kept.length) throw new Error(`katex-css: inlined ${inlined} of ${kept.length} faces (KaTeX changed its css?)`);
  if (inline && /url\(fonts\//.test(out)) throw new Error('katex-css: a font URL is left in the css');
  return out;
}
