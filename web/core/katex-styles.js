// KaTeX's stylesheet, chosen before any formula is drawn: with its fonts
// as files (katex/katex.min.css; the browser fetches only the faces in
// use), or, in a frame with an opaque origin (<iframe sandbox>, file://,
// where font files are fetched in CORS mode and blocked), with them inlined
// (katex/katex-inline.css). That one inlines only the faces every lesson
// uses; each other face's only source there is a local font nobody has, so
// a formula that needs it makes it fail at once, silently, and the face's
// own inlined stylesheet (katex/inline/KaTeX_<face>.css) is added then
// (scripts/katex-css.mjs). The page's CSP allows stylesheets from 'self'.
// The faces katex-inline.css leaves to katex/inline/ (KEPT_FACES minus INLINE_ALWAYS there).
export const ON_DEMAND_FACES = new Set(['AMS-Regular', 'Caligraphic-Regular', 'Main-Bold', 'Main-Italic', 'Size2-Regular', 'Size3-Regular', 'Size4-Regular']);

function stylesheet(doc, href) {
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  doc.head.appendChild(link);
  return link;
}

// A FontFace of KaTeX's css -> its face's name ('Main-Bold'), or null.
function faceOf(f) {
  const m = /^["']?KaTeX_(\w+)["']?$/.exec(f.family);
  if (!m) return null;
  const bold = f.weight === 'bold' || Number(f.weight) >= 600, italic = f.style === 'italic';
  const face = `${m[1]}-${bold && italic ? 'BoldItalic' : bold ? 'Bold' : italic ? 'Italic' : 'Regular'}`;
  return ON_DEMAND_FACES.has(face) ? face : null;
}

export function addKatexStyles(doc = document) {
  const opaque = typeof window !== 'undefined' && window.origin === 'null';
  if (opaque && doc.fonts && doc.fonts.addEventListener) {
    const added = new Set();
    doc.fonts.addEventListener('loadingerror', (e) => {
      for (const f of e.fontfaces || []) {
        const face = faceOf(f);
        if (!face || added.has(face)) continue;
        added.add(face);
        stylesheet(doc, `katex/inline/KaTeX_${face}.css`);
      }
    });
  }
  return stylesheet(doc, opaque ? 'katex/katex-inline.css' : 'katex/katex.min.css').href;
}
