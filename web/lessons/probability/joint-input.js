// The joint table the probability lesson's learner edits (part 2): its
// editor (cells clamped to the parameter's maximum), its numbers of rows
// and columns, the renormalize switch and the presets.
import { h } from '../../ui/dom.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import schema from './params.js';

const PRESETS = {
  dependent: [[0.1, 0.2, 0.1], [0.25, 0.05, 0.3]],
  independent: [[0.2, 0.12, 0.08], [0.3, 0.18, 0.12]],
  determined: [[0.3, 0, 0], [0, 0.5, 0], [0, 0, 0.2]],
};
// Row and column labels of every table of the section.
export const xl = (i) => `X=${i + 1}`;
export const yl = (j) => `Y=${j + 1}`;

export function jointTableInput({ t, values, set, control, watch }) {
  // An edit writes the table, jrenorm and the selected cell (kept inside the table) together.
  const save = (J) => set({ J, jrenorm: values.jrenorm, ci: Math.min(values.cell.i + 1, J.length), cj: Math.min(values.cell.j + 1, J[0].length) });
  const editor = createMatrixEditor({ label: t('jointEditor'), t, rowLabel: xl, colLabel: yl, spec: schema.params.J, onChange: (M) => {
    const J = M.map((row) => row.map((a) => Math.min(schema.params.J.max, a)));
    if (J.some((row, i) => row.some((a, j) => a !== M[i][j]))) editor.set(J);
    save(J);
  } });
  const sizeSel = (label, value, onChange) => {
    const sel = h('select', {}, ...[1, 2, 3, 4].map((v) => h('option', { value: String(v), selected: v === value }, String(v))));
    sel.addEventListener('change', () => onChange(Number(sel.value)));
    return { el: h('label', {}, label, sel), sel };
  };
  const resize = (rows, cols) => {
    const J = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (values.J[i] && values.J[i][j] !== undefined ? values.J[i][j] : 0)));
    editor.set(J);
    save(J);
  };
  const rowsSel = sizeSel(t('rowsLabel'), values.J.length, (v) => resize(v, values.J[0].length));
  const colsSel = sizeSel(t('colsLabel'), values.J[0].length, (v) => resize(values.J.length, v));
  const renorm = control('jrenorm', { label: t('renormLabel') });
  const stopRenorm = watch(['jrenorm'], () => save(values.J));
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, M]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => {
      const J = M.map((row) => row.slice());
      rowsSel.sel.value = String(J.length);
      colsSel.sel.value = String(J[0].length);
      editor.set(J);
      save(J);
    } }, t(`jpreset.${k}`))));

  const controls = () => h('div', { class: 'controls' }, rowsSel.el, colsSel.el, renorm.el);
  return { editor, controls, presets, stop: stopRenorm };
}
