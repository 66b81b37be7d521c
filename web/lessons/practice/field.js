// A labelled textarea for a whole matrix, pasted or typed as CSV / TSV,
// whitespace rows, MATLAB or NumPy text (lib/parse-matrix.js). Bad text marks
// the field (aria-invalid) and says why in the page's language; the last good
// matrix stays in use. Limits (size, range) come from the lesson's URL schema
// so that every accepted matrix also fits in a link.
//
// Strings (lesson i18n): parse.* (one per parser code / reason), limit.size,
// limit.range, parse.keep, inUse, sep (space between sentences: ' ' or '').
import { h, nextId } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { parseMatrix, decimalCommaNote } from '../../lib/parse-matrix.js';
import { refuseLongPaste } from '../shared/kit.js';

// NumPy-like text for a matrix, one row per line; numbers in full precision
// so that reading the text back gives the very same doubles.
export function matrixText(m) {
  const rows = m.map((row) => `[${row.map((x) => (Object.is(x, -0) ? '-0' : String(x))).join(', ')}]`);
  return `[${rows.join(',\n ')}]`;
}

const SYNTAX = [
  [/is missing/, 'missingClose'],
  [/has no matching/, 'extraClose'],
  [/are mixed/, 'mixed'],
  [/too many levels/i, 'tooDeep'],
  [/comes more text/, 'trailing'],
  [/is split by/, 'splitRow'],
  [/stands outside/, 'outside'],
];

// parseMatrix's failure -> a sentence in the current language.
export function parseMessage(r, t) {
  const at = { row: r.row, col: r.col };
  switch (r.code) {
    case 'empty':
      return t('parse.empty');
    case 'bad-number':
      if (r.text === '') return t('parse.emptyEntry', at);
      if (r.reason === 'not-finite') return t('parse.notFinite', { ...at, text: r.text });
      if (r.reason === 'division-by-zero') return t('parse.divZero', { ...at, text: r.text });
      return t('parse.badNumber', { ...at, text: r.text });
    case 'ragged':
      return t('parse.ragged', { row: r.row, got: r.got, expected: r.expected });
    case 'too-large':
      if (r.row) return t('parse.tooManyRows', { limit: r.limit });
      if (r.col) return t('parse.tooManyCols', { limit: r.limit });
      return t('parse.tooLong', { limit: r.limit });
    case 'syntax': {
      const hit = SYNTAX.find(([re]) => re.test(r.error || ''));
      if (!hit) return t('parse.syntax.other');
      const quoted = /"(.*)"/.exec(r.error || '');
      return t(`parse.syntax.${hit[1]}`, { row: r.row, text: quoted ? quoted[1] : '' });
    }
    default:
      return t('parse.syntax.other');
  }
}

// spec: {maxRows, maxCols, min, max} (the lesson's URL schema entry).
export function checkLimits(m, spec, t) {
  const maxRows = spec.maxRows || 16, maxCols = spec.maxCols || 16;
  const rows = m.length, cols = m[0].length;
  if (rows > maxRows || cols > maxCols) return t('limit.size', { rows, cols, max: Math.min(maxRows, maxCols) });
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      const x = m[i][j];
      if ((spec.min !== undefined && x < spec.min) || (spec.max !== undefined && x > spec.max))
        return t('limit.range', { row: i + 1, col: j + 1, value: fmt(x, 6), min: fmt(spec.min, 6), max: fmt(spec.max, 6) });
    }
  return '';
}

export function createMatrixField({ label, value, spec, t, onChange, debounceMs = 400 }) {
  const id = nextId('mf');
  const textarea = h('textarea', {
    id, class: 'matrix-text', spellcheck: 'false', autocomplete: 'off', autocapitalize: 'off',
    rows: String(Math.min(8, Math.max(3, value.length + 1))), 'aria-describedby': `${id}-use ${id}-err`,
  });
  textarea.value = matrixText(value);
  const inUse = h('p', { class: 'pr-in-use', id: `${id}-use` });
  const err = h('p', { class: 'field-error', id: `${id}-err`, 'aria-live': 'polite' });
  const note = h('p', { class: 'field-note', 'aria-live': 'polite' });  // what an ambiguous comma was read as
  const el = h('div', { class: 'pr-field' }, h('label', { for: id, class: 'pr-label' }, label), textarea, inUse, err, note);
  refuseLongPaste(textarea, t, (m) => { err.textContent = m; });
  let current = value;
  let lastText = textarea.value;
  let timer = null;

  const showInUse = () => { inUse.textContent = t('inUse', { rows: current.length, cols: current[0].length }); };

  function commit() {
    clearTimeout(timer);
    const text = textarea.value;
    if (text === lastText && !textarea.hasAttribute('aria-invalid')) return;
    lastText = text;
    const r = parseMatrix(text);
    const dc = r.ok ? decimalCommaNote(text) : null;
    note.textContent = dc ? t('parse.decimalComma', { rows: r.value.length, cols: dc.cols, example: dc.example }) : '';
    const msg = r.ok ? checkLimits(r.value, spec, t) : parseMessage(r, t);
    if (msg) {
      textarea.setAttribute('aria-invalid', 'true');
      err.textContent = msg + t('sep') + t('parse.keep');
      return;
    }
    textarea.removeAttribute('aria-invalid');
    err.textContent = '';
    const same = r.value.length === current.length && r.value.every((row, i) => row.length === current[i].length && row.every((x, j) => Object.is(x, current[i][j])));
    current = r.value;
    showInUse();
    if (!same) onChange(r.value);
  }

  textarea.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(commit, debounceMs); });
  textarea.addEventListener('change', commit);
  showInUse();

  return {
    el, textarea,
    get value() { return current; },
    // Replaces the text (presets): clears any error.
    set(m) {
      clearTimeout(timer);
      current = m;
      textarea.value = matrixText(m);
      lastText = textarea.value;
      textarea.rows = Math.min(8, Math.max(3, m.length + 1));
      textarea.removeAttribute('aria-invalid');
      err.textContent = '';
      note.textContent = '';
      showInUse();
    },
    destroy() { clearTimeout(timer); },
  };
}
