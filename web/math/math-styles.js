// The math font's stylesheet, chosen before any formula is drawn: the font
// as a file (math/math.css), or, in a frame with an opaque origin (<iframe
// sandbox>, file://, where font files are fetched in CORS mode and
// blocked), inlined (math/math-inline.css; scripts/math-css.mjs). The
// page's CSP allows stylesheets from 'self'.
export function addMathStyles(doc = document) {
  const opaque = typeof window !== 'undefined' && window.origin === 'null';
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = opaque ? 'math/math-inline.css' : 'math/math.css';
  doc.head.appendChild(link);
  return link.href;
}
