// An editable matrix: a grid of text fields (numbers, fractions such as
// 1/3, scientific notation) with row/column headers. A bad entry marks its
// field and says why; the last good value stays in use.
import { h, clear, nextId } from '../ui/dom.js';
import { rich, plain } from '../math/rich-text.js';
import { parseNumber } from '../lib/parse-matrix.js';
import { checkNumber } from '../state/schema.js';
import { fmt } from '../util/format.js';

// The longest text a cell takes: a number (-1.2345678901234567e-300, 355/113)
// fits with room to spare. Without a limit a 1-10 MB paste or drop landed in
// the field and took seconds (44 s in zh-Hans) to lay out before being refused.
export const CELL_CHARS = 64;

// spec (optional): the URL schema entry of the matrix ({min, max}): a cell
// accepts exactly the numbers a link accepts, so a copied link reproduces
// the view; a number outside is refused with its cell (1-based).
export function createMatrixEditor({ label, t, onChange, spec = null, rowLabel = (i) => String(i + 1), colLabel = (j) => String(j + 1) }) {
  const id = nextId('me');
  const grid = h('table', { class: 'matrix matrix-editor' });
  const msg = h('p', { class: 'field-error', id: `${id}-msg`, 'aria-live': 'polite' });
  const el = h('div', { class: 'matrix-wrap editor' }, grid, msg);
  let value = [];
  // The grid a field belongs to: set() during a commit (a clamped value) removes
  // the focused field, whose blur fires its change event inside that removal;
  // a field of an earlier grid commits nothing.
  let shown = 0;

  function set(m) {
    value = m.map((r) => r.slice());
    const mine = ++shown;
    clear(grid);
    grid.appendChild(h('caption', {}, rich(label)));
    const cols = m.length ? m[0].length : 0;  // [] (no rows): an empty grid, not a throw
    const head = h('tr', {}, h('td', { class: 'corner' }));
    for (let j = 0; j < cols; j++) head.appendChild(h('th', { scope: 'col' }, colLabel(j)));
    grid.appendChild(h('thead', {}, head));
    const body = h('tbody');
    m.forEach((row, i) => {
      const tr = h('tr', {}, h('th', { scope: 'row' }, rowLabel(i)));
      row.forEach((x, j) => {
        const input = h('input', {
          type: 'text', inputmode: 'decimal', value: String(x), spellcheck: 'false', autocomplete: 'off', maxlength: String(CELL_CHARS),
          'aria-label': `${plain(label)} [${i + 1}, ${j + 1}]`, 'aria-describedby': `${id}-msg`,
        });
        input.addEventListener('change', () => { if (mine === shown) commit(input, i, j); });
        input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && mine === shown) commit(input, i, j); });
        // A paste or drop too long for a cell is refused before the browser inserts it
        // (maxlength alone would cut it silently).
        const refuse = (e, text) => {
          if (text.length <= CELL_CHARS) return;
          e.preventDefault();
          input.setAttribute('aria-invalid', 'true');
          msg.textContent = t('editor.tooLong', { n: CELL_CHARS, row: i + 1, col: j + 1 });
        };
        input.addEventListener('paste', (e) => refuse(e, e.clipboardData ? e.clipboardData.getData('text') : ''));
        input.addEventListener('drop', (e) => refuse(e, e.dataTransfer ? e.dataTransfer.getData('text') : ''));
        tr.appendChild(h('td', {}, input));
      });
      body.appendChild(tr);
    });
    grid.appendChild(body);
    msg.textContent = '';
  }

  function commit(input, i, j) {
    if (input.value.length > CELL_CHARS) {  // a value set by script: maxlength does not apply
      input.setAttribute('aria-invalid', 'true');
      msg.textContent = t('editor.tooLong', { n: CELL_CHARS, row: i + 1, col: j + 1 });
      return;
    }
    const r = parseNumber(input.value);
    if (!r.ok) {
      input.setAttribute('aria-invalid', 'true');
      msg.textContent = t('editor.badNumber', { text: input.value.slice(0, 40), row: i + 1, col: j + 1 });
      return;
    }
    if (spec && checkNumber(r.value, spec).error) {
      input.setAttribute('aria-invalid', 'true');
      msg.textContent = t('editor.outOfRange', { value: fmt(r.value, 6), row: i + 1, col: j + 1, min: fmt(spec.min, 6), max: fmt(spec.max, 6) });
      return;
    }
    input.removeAttribute('aria-invalid');
    msg.textContent = '';
    if (value[i][j] === r.value) return;
    value[i][j] = r.value;
    onChange && onChange(value.map((row) => row.slice()));
  }

  return { el, set, get value() { return value.map((r) => r.slice()); } };
}
