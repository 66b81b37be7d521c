// Colour scales shared by the figures (D3). Weights in [0, 1] use Blues
// (like the chapter's plt.imshow(cmap='Blues')); signed values a diverging scale.
import { interpolateBlues, interpolateRdBu } from 'd3';

export function weightColor(x) {
  if (!Number.isFinite(x)) return 'transparent';
  return interpolateBlues(Math.min(1, Math.max(0, x)));
}

// Diverging around 0, symmetric in [-lim, lim]; blue positive, red negative.
export function signedColor(x, lim) {
  if (!Number.isFinite(x) || lim <= 0) return 'transparent';
  return interpolateRdBu(0.5 + 0.5 * Math.max(-1, Math.min(1, x / lim)));
}

// Readable text on a background colour ("rgb(r, g, b)").
export function inkFor(bg) {
  const m = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(bg || '');
  if (!m) return null;
  const [r, g, b] = m.slice(1).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b < 140 ? '#fff' : '#111';
}
