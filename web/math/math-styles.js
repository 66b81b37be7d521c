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
  // The fit of stretchy brackets needs the math font: measured once its stylesheet is in.
  link.addEventListener('load', () => detectStretchyFit(doc), { once: true });
  link.addEventListener('error', () => detectStretchyFit(doc), { once: true });
  doc.head.appendChild(link);
  return link.href;
}

// How wide the engine makes a stretchy bracket. Chromium makes a vertically
// stretchy <mo> as wide as the font's widest size of the glyph and centres
// the glyph in it (math/mathml-fit.js's tex-k<n> classes take that width
// back); Firefox and WebKit make it as wide as the size they draw, so the
// same negative margins would pull the bracket onto its neighbours (the
// training lesson's big parenthesis over "softmax"). Measured, not guessed
// from the browser's name: a 1em and a 3em "[" in the math font; as wide as
// each other: data-mo-fit="pad" on <html> (the trims apply), else "glyph"
// (style.css cancels them). Resolves to the value set.
export function detectStretchyFit(doc = document) {
  const NS = 'http://www.w3.org/1998/Math/MathML';
  const probe = doc.createElementNS(NS, 'math');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText = 'position:absolute;left:-9999px;top:0;visibility:hidden';
  const mo = (size) => {
    const m = doc.createElementNS(NS, 'mo');
    for (const [k, v] of Object.entries({ stretchy: 'true', symmetric: 'true', minsize: size, maxsize: size, lspace: '0', rspace: '0' })) m.setAttribute(k, v);
    m.textContent = '[';
    return m;
  };
  const small = mo('1em'), big = mo('3em');
  probe.append(small, big);
  const measure = () => {
    (doc.body || doc.documentElement).appendChild(probe);
    const a = small.getBoundingClientRect().width, b = big.getBoundingClientRect().width;
    probe.remove();
    const fit = a > 0 && b > 0 && a < 0.8 * b ? 'glyph' : 'pad';
    doc.documentElement.dataset.moFit = fit;
    return fit;
  };
  const fonts = doc.fonts;
  const loaded = fonts && fonts.load ? fonts.load('1em "AttnLab Math"', '[') : Promise.resolve();
  return loaded.catch(() => null).then(measure);
}
