// The math font's stylesheet, twice: math/math.css with the font as a file
// beside it, and math/math-inline.css with it inlined as a data: URL. Why
// both: a lesson in <iframe sandbox="allow-scripts"> (or opened from
// file://) has an opaque origin, and browsers fetch fonts in CORS mode, so
// a font file next to the page is blocked there; web/math/math-styles.js
// picks the inlined one only there. The font is the subset of
// web/math-font/ (scripts/math-font.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MATH_FONT_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web/math-font/latinmodern-math.woff2');

// font-display: block: a formula is never laid out in a fallback font and
// then again (its brackets and fractions would jump); the font is small
// and starts loading with the stylesheet.
const face = (src) => `@font-face{font-family:"AttnLab Math";src:${src} format("woff2");font-display:block}\n`;

export function mathCss({ inline }) {
  if (!inline) return face('url(latinmodern-math.woff2)');
  return face(`url(data:font/woff2;base64,${fs.readFileSync(MATH_FONT_FILE).toString('base64')})`);
}
