// How tall math/mathml.js's formulas come out in Chromium's MathML layout
// with Latin Modern Math, estimated from their trees, and what that leaves
// of a stretchy bracket's box.
//
// A vertically stretchy <mo> is as wide as the font's widest size of it
// (MathML Core; Chromium centres the glyph in it): a 1-row matrix's [ is
// 0.67em wide, its glyph 0.28em. So each stretchy bracket gets a class
// (style.css: tex-k<n>, margin-inline -0.02em*n) taking back the width
// the size the browser will draw does not use; the size is estimated from
// the content (extent) and rounded towards less margin, never overlap.
// Latin Modern Math: heights of the sizes (em), their advances, the widest.
const SIZES = [1.001, 1.101, 1.201, 1.451, 1.801, 2.101, 2.401, 3.001];
const PAREN_SIZES = [0.997, 1.095, 1.195, 1.445, 1.793, 2.093, 2.393, 2.991];
const WIDTHS = {
  '[': [SIZES, [0.278, 0.34, 0.417, 0.444, 0.472, 0.499, 0.528, 0.667], 0.667],
  '(': [PAREN_SIZES, [0.389, 0.422, 0.458, 0.523, 0.597, 0.663, 0.736, 0.875], 0.875],
  '{': [SIZES, [0.5, 0.54, 0.583, 0.624, 0.667, 0.707, 0.75, 0.902], 0.902],
  '‖': [[1.001, 1.203, 1.445, 1.735, 2.085, 2.503, 3.005, 3.607], [0.398, 0.354, 0.364, 0.372, 0.386, 0.396, 0.41, 0.424], 0.424],
};
WIDTHS[']'] = WIDTHS['[']; WIDTHS[')'] = WIDTHS['(']; WIDTHS['}'] = WIDTHS['{'];
export const AXIS = 0.25;
// The unused width of ch drawn for a content of this height, in steps of 0.04em.
function spare(ch, height, exact) {
  const w = WIDTHS[ch];
  if (!w) return 0;
  const k = w[0].findIndex((h) => h >= height * (exact ? 1 : 1.04));
  return k < 0 ? 0 : Math.floor((w[2] - w[1][k]) / 0.04 + 0.01);
}
export function trim(mo, height, exact) {
  const k = spare(mo.kids[0], height, exact);
  if (k > 0) mo.attrs.class = `tex-k${k}`;
  return mo;
}
// [ascent, descent] in em of a tree, roughly as Chromium lays it out.
export function extent(n, disp) {
  if (typeof n === 'string' || n.newline) return [0, 0];
  const s = disp ? 1 : 0.7;
  const max = (kids, d = disp) => kids.reduce(([a, b], k) => { const [x, y] = extent(k, d); return [Math.max(a, x), Math.max(b, y)]; }, [0, 0]);
  const [b0, b1] = n.kids[0] && typeof n.kids[0] !== 'string' ? extent(n.kids[0], disp) : [0, 0];
  switch (n.tag) {
    case 'mi': case 'mn': case 'mtext': return inkOf(n.kids[0]);
    case 'mo': {
      if (n.attrs.largeop === 'true') return [1.0, 0.5];
      const size = parseFloat(n.attrs.minsize);
      if (size) return [size / 2 + AXIS, size / 2 - AXIS];
      return /^[-−+=<>≤≥≈∼⋅×∗:]+$/.test(n.kids[0]) ? [0.5, 0] : [0.75, 0.25];
    }
    case 'mspace': return [0, 0];
    case 'mstyle': return max(n.kids, n.attrs.displaystyle ? n.attrs.displaystyle === 'true' : disp);
    case 'mfrac': {
      const [na] = extent(n.kids[0], false), [, dd] = extent(n.kids[1], false);
      return disp ? [0.677 + na, 0.686 + dd] : [0.394 + 0.7 * na, 0.345 + 0.7 * dd];
    }
    case 'msup': { const [a] = extent(n.kids[1], false); return [Math.max(b0, 0.363 + 0.7 * a), b1]; }
    case 'msub': { const [, d] = extent(n.kids[1], false); return [b0, Math.max(b1, 0.25 + 0.7 * d)]; }
    case 'msubsup': { const [, d] = extent(n.kids[1], false), [a] = extent(n.kids[2], false); return [Math.max(b0, 0.363 + 0.7 * a), Math.max(b1, 0.25 + 0.7 * d)]; }
    case 'munder': case 'mover': case 'munderover': {
      const sc = (k) => { if (!k) return 0; const [a, d] = extent(k, false); return 0.1 + 0.7 * (a + d); };
      const under = n.tag === 'mover' ? null : n.kids[1], over = n.tag === 'munder' ? null : n.kids[n.tag === 'mover' ? 1 : 2];
      return [b0 + (n.attrs.accent ? 0.1 : sc(over)), b1 + (n.attrs.accentunder ? 0.1 : sc(under))];
    }
    case 'msqrt': case 'mroot': return [b0 + 0.15 * s + 0.05, b1];
    case 'mtable': {
      const pad = { 'tex-aligned': 0.5, 'tex-cases': 0.4, 'tex-gathered': 0.6, 'tex-xarrow': 0.1 }[n.attrs.class] ?? 0.24;
      const h = n.kids.reduce((t, r) => { const [a, d] = max(r.kids, n.attrs.class === 'tex-aligned' || n.attrs.class === 'tex-gathered'); return t + a + d + pad; }, 0);
      return [h / 2 + AXIS, h / 2 - AXIS];
    }
    case 'mpadded': return [b0, n.attrs.depth ? parseFloat(n.attrs.depth) : b1];
    case 'mrow': { const [a, d] = max(n.kids); return n.attrs.class === 'tex-underbrace' ? [a, d + 0.5] : n.attrs.class === 'tex-overbrace' ? [a + 0.5, d] : [a, d]; }
    default: return max(n.kids);
  }
}
// Tokens by their ink: ascenders, descenders.
function inkOf(text) {
  const t = String(text);
  if (/^[0-9.,]+$/.test(t)) return [0.66, 0];
  const up = /[A-Zbdfhklt0-9]|[^\x00-\x7f]/u.test(t) ? 0.7 : 0.45;
  return [up, /[gjpqyf(),;βζημρφχψ]/.test(t) ? 0.2 : 0];
}
// The height a symmetric stretchy bracket beside these nodes stretches to.
export const stretchHeight = (kids, disp) => { const [a, d] = extent({ tag: 'mrow', attrs: {}, kids }, disp); return 2 * Math.max(a - AXIS, d + AXIS); };

