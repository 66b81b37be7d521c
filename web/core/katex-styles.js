// KaTeX's stylesheet, chosen before any formula is drawn: with its fonts
// as files (katex/katex.min.css; the browser fetches only the faces in
// use), or, in a frame with an opaque origin (<iframe sandbox>, where font
// files are fetched in CORS mode and blocked), with them inlined
// (katex/katex-inline.css). The page's CSP allows stylesheets from 'self'.
export function addKatexStyles(doc = document) {
  const opaque = typeof window !== 'undefined' && window.origin === 'null';
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = opaque ? 'katex/katex-inline.css' : 'katex/katex.min.css';
  doc.head.appendChild(link);
  return link.href;
}
