// KaTeX's stylesheet, twice: with its fonts as files beside it
// (katex.min.css: a browser fetches only the faces a page's formulas use),
// and with the fonts inlined as data: URLs (katex-inline.css with the
// faces every lesson uses, katex/inline/ the others, each loaded when a
// formula needs it: see INLINE_ALWAYS and ABSENT below). Why both: a
// lesson embedded in <iframe sandbox="allow-scripts"> has origin "null",
// and browsers fetch fonts in CORS mode, so font files next to the page are
// blocked there (file:// pages have an opaque origin too); web/core/katex-styles.js
// picks the inlined one only there. Only woff2 is kept (every browser we target takes it), and only
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

// Every lesson draws these (upright and italic letters, the smallest big
// delimiters): katex-inline.css carries them inlined.
export const INLINE_ALWAYS = ['Main-Regular', 'Math-Italic', 'Size1-Regular'];
// The name of a local font nobody has: a face of katex-inline.css that is
// not inlined has it as its only source, so that a formula which needs the
// face makes it fail at once, with no request and no console message, and
// web/core/katex-styles.js hears of it (FontFaceSet 'loadingerror') and
// adds that face's own inlined stylesheet, katex/inline/KaTeX_<face>.css.
const ABSENT = (face) => `local("attnlab-on-demand-KaTeX_${face}")`;

const dataUrl = (fonts, face) => `url(data:font/woff2;base64,${fs.readFileSync(path.join(fonts, `KaTeX_${face}.woff2`)).toString('base64')}) format("woff2")`;

// KaTeX's own @font-face rules of the kept faces, {face: rule}.
function faceRules(katexDist, kept) {
  const css = fs.readFileSync(path.join(katexDist, 'katex.min.css'), 'utf8');
  const rules = {};
  const rest = css.replace(/@font-face\{[^}]*\}/g, (rule) => {
    const m = /url\(fonts\/KaTeX_([A-Za-z0-9-]+)\.woff2\)/.exec(rule);
    if (!m) throw new Error(`katex-css: unexpected @font-face rule: ${rule.slice(0, 120)}`);
    if (kept.includes(m[1])) rules[m[1]] = rule;
    return '';
  });
  if (Object.keys(rules).length !== kept.length) throw new Error(`katex-css: found ${Object.keys(rules).length} of ${kept.length} faces (KaTeX changed its css?)`);
  return { rules, rest };
}
const withSrc = (rule, src) => rule.replace(/src:[^;}]*/, `src:${src}`);

// inline: false -> katex.min.css: url(fonts/KaTeX_<face>.woff2), the files
//                  beside it (a browser fetches the faces its formulas use);
//         true  -> katex-inline.css, for frames with an opaque origin:
//                  INLINE_ALWAYS inlined, the other faces on demand (ABSENT).
// fonts: the folder of the woff2 files (the subsets).
export function katexCss(katexDist, kept = KEPT_FACES, { inline = true, fonts = FONT_DIR } = {}) {
  const { rules, rest } = faceRules(katexDist, kept);
  const faces = kept.map((face) => withSrc(rules[face], !inline ? `url(fonts/KaTeX_${face}.woff2) format("woff2")`
    : INLINE_ALWAYS.includes(face) ? dataUrl(fonts, face) : ABSENT(face)));
  const out = faces.join('') + rest;
  if (inline && /url\(fonts\//.test(out)) throw new Error('katex-css: a font URL is left in the css');
  return out;
}

// katex/inline/KaTeX_<face>.css: that face's rule, the font inlined (for
// katex-inline.css's faces on demand), {file name: css}.
export function katexFaceFiles(katexDist, kept = KEPT_FACES, { fonts = FONT_DIR } = {}) {
  const { rules } = faceRules(katexDist, kept);
  return Object.fromEntries(kept.filter((face) => !INLINE_ALWAYS.includes(face))
    .map((face) => [`KaTeX_${face}.css`, `${withSrc(rules[face], dataUrl(fonts, face))}\n`]));
}
