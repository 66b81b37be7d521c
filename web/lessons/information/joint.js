// An editable joint table P(X = i, Y = j) with its margins: a text field
// per cell (counts or probabilities; the lesson divides by the total) and,
// around it, the marginals P(X) and P(Y) that the core computed. A cell
// shows its value rounded, but keeps the exact number until it is edited.
import { h, clear, nextId } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { parseNumber } from '../../lib/parse-matrix.js';

export function createJointEditor({ t, onChange }) {
  const id = nextId('joint');
  const table = h('table', { class: 'matrix info-joint' });
  const msg = h('p', { class: 'field-error', id: `${id}-msg`, 'aria-live': 'polite' });
  const el = h('div', { class: 'matrix-wrap editor' }, table, msg);
  let value = [];

  function set(m, { pX = null, pY = null } = {}) {
    value = m.map((r) => r.slice());
    const rows = m.length, cols = m[0].length;
    clear(table);
    table.appendChild(h('caption', {}, t('jointCaption')));
    table.appendChild(h('thead', {}, h('tr', {}, h('td', { class: 'corner' }),
      ...Array.from({ length: cols }, (_, j) => h('th', { scope: 'col' }, `Y = ${j + 1}`)),
      h('th', { scope: 'col', class: 'margin' }, 'P(X = i)'))));
    const body = h('tbody');
    m.forEach((row, i) => {
      const tr = h('tr', {}, h('th', { scope: 'row' }, `X = ${i + 1}`));
      row.forEach((x, j) => {
        const input = h('input', {
          type: 'text', inputmode: 'decimal', value: fmt(x, 4).replace('−', '-'), spellcheck: 'false', autocomplete: 'off',
          'aria-label': t('jointCell', { i: i + 1, j: j + 1 }), 'aria-describedby': `${id}-msg`,
        });
        const commit = () => {
          const r = parseNumber(input.value);
          if (!r.ok || !(r.value >= 0) || r.value > 1e6) {
            input.setAttribute('aria-invalid', 'true');
            msg.textContent = t('jointBad', { text: input.value.slice(0, 40), i: i + 1, j: j + 1 });
            return;
          }
          input.removeAttribute('aria-invalid');
          msg.textContent = '';
          if (fmt(value[i][j], 4).replace('−', '-') === input.value.trim()) return;  // unchanged: keep the exact value
          const next = value.map((rr) => rr.slice());
          next[i][j] = r.value;
          onChange(next);
        };
        input.addEventListener('change', commit);
        input.addEventListener('keydown', (e) => { if (e.key === 'Enter') commit(); });
        tr.appendChild(h('td', {}, input));
      });
      tr.appendChild(h('td', { class: 'margin' }, pX ? fmt(pX[i], 4) : ''));
      body.appendChild(tr);
    });
    body.appendChild(h('tr', { class: 'margin-row' }, h('th', { scope: 'row' }, 'P(Y = j)'),
      ...Array.from({ length: cols }, (_, j) => h('td', { class: 'margin' }, pY ? fmt(pY[j], 4) : '')),
      h('td', { class: 'corner' })));
    table.appendChild(body);
    msg.textContent = '';
  }

  return { el, set, get value() { return value.map((r) => r.slice()); } };
}
