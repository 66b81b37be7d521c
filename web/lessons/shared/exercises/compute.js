// "Compute": a number or a short vector worked out by hand from numbers
// shown, typed in the page's number syntax (full-width digits too). The
// tolerance is stated (inst.digits decimals); a wrong answer that matches a
// known mistake (inst.mistakes: [{key, value}], computed by the core with
// the mistake made) gets that mistake's feedback (ex.<id>.mistakes.<key>).
import { h, nextId } from '../../../ui/dom.js';
import { parseMatrix } from '../../../lib/parse-matrix.js';
import { within, toleranceKey } from './tolerance.js';
import { rich } from '../../../math/rich-text.js';
import { praise } from './card.js';

// Text -> number[] (a row or a column), or null.
function readNumbers(text) {
  const r = parseMatrix(text);
  if (!r.ok || !r.value.length) return null;
  const m = r.value;
  if (m.length === 1) return m[0];
  if (m.every((row) => row.length === 1)) return m.map((row) => row[0]);
  return null;
}

// Decimals a typed number has (8.34 -> 2), up to 12.
const decimalsOf = (x) => { let k = 0; while (k < 12 && Math.round(x * 10 ** k) / 10 ** k !== x) k++; return k; };

export function mountCompute(card, { def, inst, t }) {
  const id = nextId('ex');
  const n = [].concat(inst.answer).length;
  const input = h('input', { id, type: 'text', class: 'ex-input', inputmode: 'decimal', spellcheck: 'false', autocomplete: 'off',
    'aria-describedby': `${id}-tol` });
  const check = h('button', { type: 'button', class: 'btn btn-primary' }, t('ex.check'));
  card.body.append(
    h('div', { class: 'ex-actions' }, h('label', { for: id }, rich(card.k('label'))), ' ', input, ' ', check),
    h('p', { class: 'note', id: `${id}-tol` }, t(toleranceKey(n, inst.digits), { digits: inst.digits, n })));
  const submit = () => {
    const got = readNumbers(input.value);
    if (!got) { card.result(false, t('ex.notNumbers')); return; }
    if (got.length !== n) { card.result(false, t('ex.count', { n, got: got.length }), got); return; }
    if (within(got, inst.answer, inst.digits)) { card.result(true, praise(t, card.k('right')), got); return; }
    // Right, but rounded to fewer decimals than asked: say so, not "check your arithmetic".
    const typed = Math.max(...got.map(decimalsOf));
    if (typed < inst.digits && within(got, inst.answer, typed)) { card.result(false, t('ex.moreDecimals', { digits: inst.digits }), got); return; }
    const m = (inst.mistakes || []).find((x) => within(got, x.value, inst.digits));
    card.result(false, m ? card.k(`mistakes.${m.key}`) : t('ex.wrongNumber'), got);
  };
  check.addEventListener('click', submit);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') submit(); });
}
