// Number formatting for the page: fixed significant digits, and the
// non-finite values spelled so that a learner can read them.
export function fmt(x, digits = 4) {
  if (x === null || x === undefined) return '—';
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return '∞';
  if (x === -Infinity) return '−∞';
  if (x === 0) return '0';
  const a = Math.abs(x);
  let s;
  // One style for every exponent: 1.404e307 beside 3.564e−13 (no "e+").
  if (a >= 1e6 || a < 1e-4) s = x.toExponential(Math.max(0, digits - 1)).replace(/\.?0+e/, 'e').replace('e+', 'e');
  else s = Number(x.toPrecision(digits)).toString();
  return s.replace(/-/g, '−');
}

// The same value written for TeX (e.g. 1.2 \times 10^{-5}).
export function tex(x, digits = 4) {
  if (x === null || x === undefined) return '\\text{—}';
  if (Number.isNaN(x)) return '\\text{NaN}';
  if (x === Infinity) return '\\infty';
  if (x === -Infinity) return '-\\infty';
  const s = fmt(x, digits).replace(/−/g, '-');
  const m = /^(-?[\d.]+)e([+-]?\d+)$/.exec(s);
  return m ? `${m[1]} \\times 10^{${Number(m[2])}}` : s;
}

// Plain text for CSV/JSON export: full precision.
export const full = (x) => (Number.isFinite(x) ? String(x) : Number.isNaN(x) ? 'NaN' : x > 0 ? 'Infinity' : '-Infinity');

// A parenthetical in plain text: full-width parentheses around Chinese
// (（零）), half-width ones otherwise ((zero), (i, j)). pair(a, b): a pair.
const CJK = /[\u3000-\u9fff\uff00-\uffef]/;
export const paren = (s) => (CJK.test(s) ? `（${s}）` : ` (${s})`);
export const pair = (a, b) => (CJK.test(`${a}${b}`) ? `（${a}，${b}）` : `(${a}, ${b})`);

// Subscript digits for labels in plain text (z₁₂).
const SUB = '₀₁₂₃₄₅₆₇₈₉';
export const sub = (n) => String(n).split('').map((d) => SUB[Number(d)]).join('');
