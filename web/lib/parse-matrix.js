// Parses numbers and matrices typed or pasted by learners. No DOM, no wasm:
// plain functions, also imported by the node tests.
//
//   parseNumber(text) -> {ok: true, value} | {ok: false, code, reason, error, text}
//     "3", "-2.5", ".5", "1.", "1e-3", "1/3", "-2/5", "−4" (unicode minus),
//     full-width digits and signs from CJK input methods. Infinity and NaN are
//     refused: every entry must be a finite number.
//   parseMatrix(text) -> {ok: true, value: number[][]}
//                      | {ok: false, code, error, row, col, ...details}
//     CSV     1, 2, 3\n4, 5, 6        TSV (spreadsheet paste)  1<tab>2\n3<tab>4
//     spaces  1 2 3\n4 5 6            MATLAB                   [1 2; 3 4]  or  1 2; 3 4
//     NumPy / JSON  [[1, 2], [3, 4]], [[1. 2.]\n [3. 4.]], np.array([[1, 2]]),
//                   [1, 2, 3] (one row), [1, 2]\n[3, 4] (rows without the outer brackets)
//
// Errors carry an English message in `error` and, for the page to translate,
//   code:   'empty' | 'bad-number' | 'ragged' | 'too-large' | 'syntax'
//   row, col: 1-based position of the problem, or null when it has none
//   bad-number: text (the entry as typed, at most 24 characters) and
//               reason 'not-a-number' | 'not-finite' | 'division-by-zero'
//   ragged:     expected (entries in row 1) and got (entries in this row)
//   too-large:  limit (the cap that was exceeded)
// decimalCommaNote(text): null, or for a text that parseMatrix reads but that
// may not be what was meant:
//   {code: 'decimal-comma', cols, example, message}: every row was two
//     integers joined by a comma with no space ("0,5;1,5"), which a European
//     decimal comma also writes; read as `cols` columns, and `example` is the
//     first entry as a decimal ("0.5"); message says so in English.
//     Full-width commas (１，２) never are.

export const MAX_SIDE = 64; // rows and columns
export const MAX_CHARS = 20000;

const DECIMAL = '[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?';
const NUMBER_RE = new RegExp(`^${DECIMAL}$`);
const FRACTION_RE = new RegExp(`^(${DECIMAL})/(${DECIMAL})$`);
const NON_FINITE_RE = /^[+-]?(?:inf|infinity|∞|nan)$/i;

// Full-width ASCII (CJK input methods), unicode minus and exotic spaces -> ASCII.
function normalize(text) {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[\u2212\u2012\u2013\uFE63]/g, '-') // minus sign, figure dash, en dash, small hyphen-minus
    .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000\uFEFF]/g, ' ')
    .replace(/[\u3001]/g, ',') // ideographic comma
    .replace(/\r\n?|[\u2028\u2029\u0085\v\f]/g, '\n'); // line and paragraph separators are line breaks
}

const clip = (s) => (s.length > 24 ? s.slice(0, 23) + '…' : s);

function badNumber(text, reason) {
  const shown = clip(text);
  const error =
    reason === 'not-finite' ? `"${shown}" is not allowed: every entry must be a finite number`
      : reason === 'division-by-zero' ? `"${shown}" divides by zero`
        : `"${shown}" is not a number`;
  return { ok: false, code: 'bad-number', reason, error, text: shown };
}

// One already-normalized, trimmed token.
function parseToken(t) {
  if (t === '') return { ok: false, code: 'empty', reason: 'empty', error: 'Enter a number', text: '' };
  if (NUMBER_RE.test(t)) {
    const v = Number(t);
    return Number.isFinite(v) ? { ok: true, value: v } : badNumber(t, 'not-finite');
  }
  const f = FRACTION_RE.exec(t);
  if (f) {
    const num = Number(f[1]), den = Number(f[2]);
    if (den === 0) return badNumber(t, 'division-by-zero');
    const v = num / den;
    return Number.isFinite(v) ? { ok: true, value: v } : badNumber(t, 'not-finite');
  }
  if (NON_FINITE_RE.test(t)) return badNumber(t, 'not-finite');
  return badNumber(t, 'not-a-number');
}

// Spaces around a fraction bar belong to the fraction: "1 / 3" -> "1/3".
// Linear (a regex /[ \t]*\/[ \t]*/ backtracks over every run of spaces:
// 0.5-1.3 s on 20,000 of them).
const isBlank = (c) => c === ' ' || c === '\t';
function joinFractions(s) {
  if (!s.includes('/')) return s;
  const parts = s.split('/');
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k];
    let a = 0, b = p.length;
    if (k > 0) while (a < b && isBlank(p[a])) a++;
    if (k < parts.length - 1) while (b > a && isBlank(p[b - 1])) b--;
    parts[k] = p.slice(a, b);
  }
  return parts.join('/');
}

export function parseNumber(text) {
  if (typeof text === 'number')
    return Number.isFinite(text) ? { ok: true, value: text } : badNumber(String(text), 'not-finite');
  if (typeof text !== 'string') return badNumber(String(text), 'not-a-number');
  if (text.length > 200) return badNumber(text, 'not-a-number');
  return parseToken(joinFractions(normalize(text).trim()));
}

// ---- matrices ------------------------------------------------------------

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function failure(code, error, row = null, col = null, extra = {}) {
  return { ok: false, code, error: cap(error), row, col, ...extra };
}

function tooLarge(row, col) {
  return row !== null
    ? failure('too-large', `more than ${MAX_SIDE} rows (the limit is ${MAX_SIDE} x ${MAX_SIDE})`, row, null, { limit: MAX_SIDE })
    : failure('too-large', `more than ${MAX_SIDE} columns (the limit is ${MAX_SIDE} x ${MAX_SIDE})`, null, col, { limit: MAX_SIDE });
}

// rows: arrays of token strings, with their 1-based row numbers -> numbers.
function finish(rows) {
  if (rows.length === 0) return failure('empty', 'the matrix is empty: enter at least one number');
  if (rows.length > MAX_SIDE) return tooLarge(MAX_SIDE + 1, null);
  const expected = rows[0].length;
  const value = [];
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i];
    if (cells.length > MAX_SIDE) return tooLarge(null, MAX_SIDE + 1);
    const out = new Array(cells.length);
    for (let j = 0; j < cells.length; j++) {
      const r = parseToken(cells[j]);
      if (!r.ok) {
        const where = `row ${i + 1}, column ${j + 1}`;
        return r.code === 'empty'
          ? failure('bad-number', `${where}: the entry is empty`, i + 1, j + 1, { text: '', reason: 'not-a-number' })
          : failure('bad-number', `${where}: ${r.error}`, i + 1, j + 1, { text: r.text, reason: r.reason });
      }
      out[j] = r.value;
    }
    if (cells.length !== expected) {
      const col = Math.min(cells.length, expected) + 1;
      return failure('ragged',
        `row ${i + 1} has ${cells.length} ${cells.length === 1 ? 'entry' : 'entries'} but row 1 has ${expected}: every row needs the same number of entries`,
        i + 1, col, { expected, got: cells.length });
    }
    value.push(out);
  }
  return { ok: true, value };
}

// Plain text: rows on lines or separated by ';'; cells by tabs, commas or spaces.
function parsePlain(text) {
  const rows = [];
  for (const line of text.split(/[\n;]/)) {
    const s = line.trim();
    if (s === '') continue;
    if (rows.length === MAX_SIDE) return tooLarge(MAX_SIDE + 1, null);
    let cells;
    if (s.includes('\t') || s.includes(',')) {
      cells = s.split(s.includes('\t') ? '\t' : ',').map((c) => c.trim());
      if (cells.length > 1 && cells[cells.length - 1] === '') cells.pop(); // trailing separator
    } else {
      cells = s.split(/\s+/);
    }
    rows.push(cells);
  }
  return finish(rows);
}

// NumPy / JSON / MATLAB brackets. Tokens: [ ] , ; newline and atoms.
function tokenize(text) {
  const tokens = [];
  const re = / *(?:([[\],;\n])|([^[\],;\s]+))/gy;
  let m;
  re.lastIndex = 0;
  // Newlines are tokens (MATLAB rows); other whitespace only separates.
  // Every other whitespace is a space, so that no character stops the scan.
  const src = text.replace(/[^\S\n]+/g, ' ');
  while (re.lastIndex < src.length && (m = re.exec(src)) !== null) {
    if (m[1] !== undefined) tokens.push(m[1] === '\n' ? 'nl' : m[1]);
    else if (m[2] !== undefined) tokens.push({ atom: m[2] });
  }
  return tokens;
}

function parseBrackets(text) {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const isAtom = (t) => t && typeof t === 'object';
  const skipNl = () => { while (peek() === 'nl') i++; };

  // Reads one [ ... ] whose '[' is at tokens[i]. depth 1 = top level.
  // Returns {rows: string[][]} for a list of atoms (';' / newline split rows,
  // MATLAB) or {lists: [...]} for a list of lists, or a failure.
  function list(depth) {
    i++; // '['
    const items = [];
    let rows = [[]];
    let kind = null; // 'atoms' | 'lists'
    for (;;) {
      const t = peek();
      if (t === undefined) return failure('syntax', "a ']' is missing");
      if (t === ']') { i++; break; }
      if (t === ',') { i++; continue; }
      if (t === 'nl' || t === ';') {
        i++;
        if (kind !== 'lists' && rows[rows.length - 1].length) rows.push([]);
        continue;
      }
      if (t === '[') {
        if (kind === 'atoms') return failure('syntax', 'numbers and [brackets] are mixed in one list', rows.length, null);
        if (depth >= 2) return failure('syntax', 'too many levels of [brackets]: a matrix has two', items.length + 1, null);
        kind = 'lists';
        const sub = list(depth + 1);
        if (!sub.rows) return sub;
        if (items.length === MAX_SIDE) return tooLarge(MAX_SIDE + 1, null);
        items.push(sub);
        continue;
      }
      if (kind === 'lists') return failure('syntax', 'numbers and [brackets] are mixed in one list', items.length, null);
      kind = 'atoms';
      const row = rows[rows.length - 1];
      if (row.length === MAX_SIDE) return tooLarge(null, MAX_SIDE + 1);
      row.push(t.atom);
      i++;
    }
    if (kind === 'lists') return { lists: items };
    rows = rows.filter((r) => r.length);
    if (rows.length > MAX_SIDE) return tooLarge(MAX_SIDE + 1, null);
    return { rows };
  }

  const out = [];
  skipNl();
  while (i < tokens.length) {
    const t = peek();
    if (t === '[') {
      const l = list(1);
      if (l.ok === false) return l;
      if (l.lists) {
        if (out.length) return failure('syntax', 'after a matrix in [[brackets]] comes more text', null, null);
        for (let k = 0; k < l.lists.length; k++) {
          const rr = l.lists[k].rows;
          if (rr.length > 1) return failure('syntax', `row ${k + 1} is split by ';' or a line break inside its brackets`, k + 1, null);
          out.push(rr.length ? rr[0] : []);
        }
        if (out.length === 0) return failure('empty', 'the matrix is empty: enter at least one number');
        // A single [[...]] is the whole matrix; nothing may follow it.
        skipNl();
        while (peek() === ',' || peek() === ';' || peek() === 'nl') i++;
        if (i < tokens.length) return failure('syntax', 'after a matrix in [[brackets]] comes more text', null, null);
        break;
      }
      out.push(...l.rows);
    } else if (t === ',' || t === ';' || t === 'nl') {
      i++;
    } else if (t === ']') {
      return failure('syntax', "a ']' has no matching '['", out.length || null, null);
    } else {
      return failure('syntax', `"${clip(t.atom)}" stands outside the [brackets]`, out.length + 1, null);
    }
    if (out.length > MAX_SIDE) return tooLarge(MAX_SIDE + 1, null);
  }
  // Rows of empty brackets ([[], []]) are empty rows: a ragged or empty matrix.
  if (out.every((r) => r.length === 0)) return failure('empty', 'the matrix is empty: enter at least one number');
  return finish(out);
}

// np.array( ... ), numpy.array(...), array(...), torch.tensor(...), with an
// optional ", dtype=float" tail.
const WRAPPER_RE = /^(?:(?:np|numpy|torch)\s*\.\s*)?(?:array|asarray|tensor|matrix)\s*\(([\s\S]*)\)\s*;?$/;
const DTYPE_RE = /,\s*dtype\s*=\s*[\w.]+\s*$/;

export function parseMatrix(text) {
  if (typeof text !== 'string') return failure('syntax', 'the matrix must be given as text');
  if (text.length > MAX_CHARS)
    return failure('too-large', `the text is longer than ${MAX_CHARS} characters`, null, null, { limit: MAX_CHARS });
  let s = joinFractions(normalize(text)).trim();
  const w = WRAPPER_RE.exec(s);
  if (w) s = w[1].replace(DTYPE_RE, '').trim();
  if (s === '') return failure('empty', 'the matrix is empty: enter at least one number');
  return s.startsWith('[') ? parseBrackets(s) : parsePlain(s);
}

// "0,5;1,5;2,5" or "1,5": every row is one integer, a comma and digits, no
// space, no tab: a decimal comma writes the same (see the note above).
const COMMA_PAIR_RE = /^[+-]?\d+,\d+$/;
export function decimalCommaNote(text) {
  if (typeof text !== 'string' || text.length > MAX_CHARS || /[\uFF0C\u3001]/.test(text)) return null;
  const s = normalize(text).trim();
  if (s.startsWith('[') || WRAPPER_RE.test(s)) return null;
  const rows = s.split(/[\n;]/).map((r) => r.trim()).filter((r) => r !== '');
  if (!rows.length || !rows.every((r) => COMMA_PAIR_RE.test(r))) return null;
  const example = rows[0].replace(',', '.');
  return { code: 'decimal-comma', cols: 2, example,
    message: `Read as 2 columns; for ${example} write ${example} (a point, not a comma)` };
}
