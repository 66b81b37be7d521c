// Part 2 of the probability lesson: a joint table P(X = i, Y = j) the
// learner edits, its marginals and both conditional tables from the core
// (the derived `joint`, cond.js), with the cells each formula uses
// highlighted. Hovering or focusing a cell of any table selects (i, j) for
// the formulas. The table's editor, sizes and presets: joint-input.js.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { renormNote } from './renorm-note.js';
import { JSTEPS, jointFormula, jointMarks } from './cond.js';
import { jointTableInput, xl, yl } from './joint-input.js';


// The derived value `cell`: the selected (i, j), 0-based, inside the table.
export const cellIn = ({ J, ci, cj }) => ({ i: Math.min(ci, J.length) - 1, j: Math.min(cj, J[0].length) - 1 });

export function jointSection({ t, values, set, control, error, watch }) {
  const table = jointTableInput({ t, values, set, control, watch });
  const { editor } = table;

  const pick = (i, j) => { if (i !== values.cell.i || j !== values.cell.j) set({ ci: i + 1, cj: j + 1 }); };
  const view = (name, opts) => createMatrixView({ caption: t(`view.${name}`), name, color: 'weights', digits: 4, rowLabel: xl, colLabel: yl, onCell: pick, ...opts });
  const views = {
    joint: view('joint'),
    pX: view('pX', { colLabel: () => 'P(X)', onCell: (i) => pick(i, values.cell.j) }),
    pY: view('pY', { rowLabel: () => 'P(Y)', onCell: (_, j) => pick(values.cell.i, j) }),
    pXgivenY: view('pXgivenY'),
    pYgivenX: view('pYgivenX'),
    product: view('product'),
  };
  const sums = h('p', { class: 'note' });
  const indep = h('p', { class: 'check' });
  const productBox = h('div', { class: 'pb-product' }, views.product.el, indep);
  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerJoint' : k, v), initial: values.jstep - 1,
    steps: JSTEPS.map((id) => ({ id, title: t(`js.${id}.title`), text: t(`js.${id}.text`),
      formula: () => (values.joint ? jointFormula(id, values.joint, values.cell.i, values.cell.j, t) : '') })),
    onStep: (i) => set({ jstep: i + 1 }),
  });
  player.el.dataset.ex = 'jsteps';  // the conditional-probability exercise goes after it

  const status = renormNote(t, 'renormNoteJoint');
  const el = h('div', { class: 'panel', 'data-ex': 'joint' },
    table.controls(),
    table.presets,
    status.note, status.err,
    h('div', { class: 'pb-tables' }, editor.el, views.joint.el, views.pX.el, views.pY.el),
    h('p', { class: 'note pointer-hint' }, t('cellHint')),
    player.el,
    h('div', { class: 'pb-tables' }, views.pXgivenY.el, views.pYgivenX.el, productBox),
    sums);
  editor.set(values.J);

  // The note, the error and the tables: what the core made of the table.
  function showResult({ jnorm, joint: r }) {
    if (status.show(jnorm, error('jnorm'), error('joint'))) {
      for (const v of Object.values(views)) v.set([]);
      sums.textContent = '';
      indep.textContent = '';
      return;
    }
    views.joint.set(r.P);
    views.pX.set(r.pX.map((x) => [x]));
    views.pY.set([r.pY]);
    views.pXgivenY.set(r.pXgivenY);
    views.pYgivenX.set(r.pYgivenX);
    views.product.set(r.product);
    sums.textContent = t('sumsNote', { cols: r.colSums.map((x) => fmt(x, 6)).join(', '), rows: r.rowSums.map((x) => fmt(x, 6)).join(', ') });
    const same = r.gap <= 1e-12;
    indep.className = same ? 'check good' : 'check';
    indep.textContent = t(same ? 'indepYes' : 'indepNo', { d: fmt(r.gap, 3) });
  }

  // The cells the current step and the selected cell are about.
  function showStep({ joint: r, cell: { i: ci, j: cj } }) {
    const id = JSTEPS[player.index];
    productBox.hidden = id !== 'indep';
    if (!r) return;
    const marks = jointMarks(id, ci, cj);
    for (const [name, v] of Object.entries(views)) {
      v.mark(marks[name] || null);
      // The selected cell itself, inside a highlighted row or column.
      for (const td of v.el.querySelectorAll('td[data-i]'))
        td.classList.toggle('pb-focus', name !== 'pX' && name !== 'pY' && !!marks[name] && Number(td.dataset.i) === ci && Number(td.dataset.j) === cj);
    }
  }

  return {
    el,
    reads: ['jnorm', 'joint', 'cell', 'jstep'],
    draw(v, changed) {
      if (!changed || changed.has('jnorm') || changed.has('joint')) showResult(v);
      showStep(v);
      player.refresh();
    },
    destroy: () => { table.stop(); player.destroy(); },
  };
}
