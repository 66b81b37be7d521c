// "Compute": a number or a short vector worked out by hand from numbers
// shown, typed in the page's number syntax (full-width digits too). The
// tolerance is stated (inst.digits decimals); a wrong answer that matches a
// known mistake (inst.mistakes: [{key, value}], computed by the core with
// the mistake made) gets that mistake's feedback (ex.<id>.mistakes.<key>).
import { h, nextId } from '../../../core/dom.js';
import { parseMatrix } from '../../../lib/parse-matrix.js';
import { within } from './tolerance.js';
import { rich } from '../../../core/rich-text.js';


// Text -> number[] (a row or a column), or null.
function readNumbers(text) {
  const r = parseMatrix(text);
  if (!r.ok || !r.value.length) return null;
  const m = r.value;
  if (m.length === 1) return m[0];
  if (m.every((row) => row.length === 1)) return m.map((row) => row[0]);
  return null;
}

export function mountCompute(card, { def, inst, t }) {
  const id = nextId('ex');
  const n = [].concat(inst.answer).length;
  const input = h('input', { id, type: 'text', class: 'ex-input', inputmode: 'decimal', spellcheck: 'false', autocomplete: 'off',
    'aria-describedby': `${id}-tol` });
  const check = h('button', { type: 'button', class: 'btn btn-primary' }, t('ex.check'));
  card.body.append(
    h('div', { class: 'ex-actions' }, h('label', { for: id }, rich(card.k('label'))), ' ', input, ' ', check),
    h('p', { class: 'note', id: `${id}-tol` }, t(`ex.tolerance${n > 1 ? 'Vector' : ''}${inst.digits === 0 ? 'Int' : ''}`, { digits: inst.digits, n })));
  const submit = () => {
    const got = readNumbers(input.value);
    if (!got) { card.result(false, t('ex.notNumbers')); return; }
    if (got.length !== n) { card.result(false, t('ex.count', { n, got: got.length })); return; }
    if (within(got, inst.answer, inst.digits)) { card.result(true, `${t('ex.right')} ${card.k('right')}`); return; }
    const m = (inst.mistakes || []).find((x) => within(got, x.value, inst.digits));
    card.result(false, m ? card.k(`mistakes.${m.key}`) : t('ex.wrongNumber'));
  };
  check.addEventListener('click', submit);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') submit(); });
}
