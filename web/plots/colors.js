// Colour scales shared by the figures (D3). Weights in [0, 1] use Blues
// (like the chapter's plt.imshow(cmap='Blues')); signed values a diverging scale.
// In the dark theme Blues would turn around (0 a glowing white, 1 navy on a
// dark page): weightColorDark runs from near the dark panel (0) to a bright
// pale blue (1), so that more weight is more prominent in both themes. A
// figure gives each cell both colours; CSS picks one (plots/heatmap.css,
// matrix-view's .w-cell and .s-cell), so a theme switch needs no redraw.
import { interpolateRgbBasis, interpolateLab, piecewise } from 'd3';

// d3-scale-chromatic's interpolateBlues and interpolateRdBu, made as it
// makes them (its largest scheme through interpolateRgbBasis: the same
// colours, tests/js/colors.test.mjs): importing them from d3 bundled all
// of its ~40 schemes (17 KB), which a bundler cannot drop.
const scheme = (hex) => hex.match(/.{6}/g).map((c) => `#${c}`);
const interpolateBlues = interpolateRgbBasis(scheme('f7fbffdeebf7c6dbef9ecae16baed64292c62171b508519c08306b'));
const interpolateRdBu = interpolateRgbBasis(scheme('67001fb2182bd6604df4a582fddbc7f7f7f7d1e5f092c5de4393c32166ac053061'));

export function weightColor(x) {
  if (!Number.isFinite(x)) return 'transparent';
  return interpolateBlues(Math.min(1, Math.max(0, x)));
}

const darkRamp = piecewise(interpolateLab, ['#1f2632', '#1c4a80', '#3b8be0', '#c4e4ff']);
export function weightColorDark(x) {
  if (!Number.isFinite(x)) return 'transparent';
  return darkRamp(Math.min(1, Math.max(0, x)));
}

// Sets a shape's (fill) or a cell's (background) colour for value x in
// both themes: the custom properties --w and --w-dk (and the text colours
// --w-ink, --w-ink-dk), read by CSS.
export function setWeightVars(el, x) {
  const lt = weightColor(x), dk = weightColorDark(x);
  el.style.setProperty('--w', lt);
  el.style.setProperty('--w-dk', dk);
  const a = inkFor(lt), b = inkFor(dk);
  if (a) el.style.setProperty('--w-ink', a);
  if (b) el.style.setProperty('--w-ink-dk', b);
  return el;
}

// Diverging around 0, symmetric in [-lim, lim]; blue positive, red negative.
export function signedColor(x, lim) {
  if (!Number.isFinite(x) || lim <= 0) return 'transparent';
  return interpolateRdBu(0.5 + 0.5 * Math.max(-1, Math.min(1, x / lim)));
}

// The dark theme's diverging scale: 0 near the dark panel (RdBu's 0 is a
// near-white that glared on a dark page), larger magnitudes brighter.
const darkSigned = piecewise(interpolateLab, ['#ffb4a6', '#a8383a', '#262d39', '#1d5a9c', '#b9ddff']);
export function signedColorDark(x, lim) {
  if (!Number.isFinite(x) || lim <= 0) return 'transparent';
  return darkSigned(0.5 + 0.5 * Math.max(-1, Math.min(1, x / lim)));
}

// As setWeightVars, for a signed value x in [-lim, lim]: --s, --s-dk and
// their text colours; null when x has no colour (not finite, lim 0).
export function setSignedVars(el, x, lim) {
  const lt = signedColor(x, lim), dk = signedColorDark(x, lim);
  if (lt === 'transparent') return null;
  el.style.setProperty('--s', lt);
  el.style.setProperty('--s-dk', dk);
  const a = inkFor(lt), b = inkFor(dk);
  if (a) el.style.setProperty('--s-ink', a);
  if (b) el.style.setProperty('--s-ink-dk', b);
  return el;
}

// Black or white text, whichever has the higher WCAG contrast ratio on the
// background colour ("rgb(r, g, b)").
export function inkFor(bg) {
  const m = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(bg || '');
  if (!m) return null;
  const lin = (c) => { const x = c / 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
  const [r, g, b] = m.slice(1).map(Number).map(lin);
  const L = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const onBlack = (L + 0.05) / 0.05, onWhite = 1.05 / (L + 0.05);
  return onBlack >= onWhite ? '#000' : '#fff';  // pure black/white: one of them always reaches 4.58:1
}
