// Part 2 of the probability lesson: a joint table P(X = i, Y = j) the
// learner edits, its marginals and both conditional tables from the core
// (lab.conditional), with the cells each formula uses highlighted. Hovering
// or focusing a cell of any table selects (i, j) for the formulas.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { toggle, guard, errorSlot } from '../shared/kit.js';
import { normalizeMatrix } from './norm.js';
import schema from './params.js';
import { JSTEPS, computeJoint, jointFormula, jointMarks } from './cond.js';

const PRESETS = {
  dependent: [[0.1, 0.2, 0.1], [0.25, 0.05, 0.3]],
  independent: [[0.2, 0.12, 0.08], [0.3, 0.18, 0.12]],
  determined: [[0.3, 0, 0], [0, 0.5, 0], [0, 0, 0.2]],
};
const xl = (i) => `X=${i + 1}`;
const yl = (j) => `Y=${j + 1}`;

export function createJointPart(ctx) {
  const { lab, t } = ctx;
  let J = ctx.values.J.map((row) => row.slice());
  let jrenorm = ctx.values.jrenorm;
  let ci = Math.min(ctx.values.ci, J.length) - 1;
  let cj = Math.min(ctx.values.cj, J[0].length) - 1;
  let r = null;

  const err = errorSlot();
  const note = h('p', { class: 'pb-note', 'aria-live': 'polite', hidden: true });
  const editor = createMatrixEditor({ label: t('jointEditor'), t, rowLabel: xl, colLabel: yl, spec: schema.params.J, onChange: (M) => {
    J = M.map((row) => row.map((a) => Math.min(1e6, a)));  // the URL schema's bound
    if (J.some((row, i) => row.some((a, j) => a !== M[i][j]))) editor.set(J);
    save(); update();
  } });
  const sizeSel = (label, value, onChange) => {
    const sel = h('select', {}, ...[1, 2, 3, 4].map((v) => h('option', { value: String(v), selected: v === value }, String(v))));
    sel.addEventListener('change', () => onChange(Number(sel.value)));
    return { el: h('label', {}, label, sel), sel };
  };
  const resize = (rows, cols) => {
    J = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (J[i] && J[i][j] !== undefined ? J[i][j] : 0)));
    ci = Math.min(ci, rows - 1); cj = Math.min(cj, cols - 1);
    editor.set(J); save(); update();
  };
  const rowsSel = sizeSel(t('rowsLabel'), J.length, (v) => resize(v, J[0].length));
  const colsSel = sizeSel(t('colsLabel'), J[0].length, (v) => resize(J.length, v));
  const renormToggle = toggle({ label: t('renormLabel'), checked: jrenorm, onChange: (v) => { jrenorm = v; save(); update(); } });
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, M]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => {
      J = M.map((row) => row.slice()); rowsSel.sel.value = String(J.length); colsSel.sel.value = String(J[0].length);
      ci = Math.min(ci, J.length - 1); cj = Math.min(cj, J[0].length - 1);
      editor.set(J); save(); update();
    } }, t(`jpreset.${k}`))));

  const pick = (i, j) => { if (i === ci && j === cj) return; ci = i; cj = j; ctx.setValues({ ci: i + 1, cj: j + 1 }); draw(); player.refresh(); };
  const views = {
    joint: createMatrixView({ caption: t('view.joint'), name: 'joint', color: 'weights', digits: 4, rowLabel: xl, colLabel: yl, onCell: pick }),
    pX: createMatrixView({ caption: t('view.pX'), name: 'pX', color: 'weights', digits: 4, rowLabel: xl, colLabel: () => 'P(X)', onCell: (i) => pick(i, cj) }),
    pY: createMatrixView({ caption: t('view.pY'), name: 'pY', color: 'weights', digits: 4, rowLabel: () => 'P(Y)', colLabel: yl, onCell: (_, j) => pick(ci, j) }),
    pXgivenY: createMatrixView({ caption: t('view.pXgivenY'), name: 'pXgivenY', color: 'weights', digits: 4, rowLabel: xl, colLabel: yl, onCell: pick }),
    pYgivenX: createMatrixView({ caption: t('view.pYgivenX'), name: 'pYgivenX', color: 'weights', digits: 4, rowLabel: xl, colLabel: yl, onCell: pick }),
    product: createMatrixView({ caption: t('view.product'), name: 'product', color: 'weights', digits: 4, rowLabel: xl, colLabel: yl, onCell: pick }),
  };
  const sums = h('p', { class: 'note' });
  const indep = h('p', { class: 'check' });
  const productBox = h('div', { class: 'pb-product' }, views.product.el, indep);

  const player = createStepPlayer({
    t: (k, v) => t(k === 'player.label' ? 'playerJoint' : k, v), initial: ctx.values.jstep - 1,
    steps: JSTEPS.map((id) => ({ id, title: t(`js.${id}.title`), text: t(`js.${id}.text`), formula: () => (r ? jointFormula(id, r, ci, cj, t) : '') })),
    onStep: (i) => { ctx.setValues({ jstep: i + 1 }); draw(); },
  });

  player.el.dataset.ex = 'jsteps';  // the conditional-probability exercise goes after it
  const el = h('div', { class: 'panel' },
    h('div', { class: 'controls' }, rowsSel.el, colsSel.el, renormToggle.el),
    presets,
    note, err,
    h('div', { class: 'pb-tables' }, editor.el, views.joint.el, views.pX.el, views.pY.el),
    h('p', { class: 'note pointer-hint' }, t('cellHint')),
    player.el,
    h('div', { class: 'pb-tables' }, views.pXgivenY.el, views.pYgivenX.el, productBox),
    sums);

  function save() { ctx.setValues({ J, jrenorm, ci: ci + 1, cj: cj + 1 }); }

  function draw() {
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

  function update() {
    r = guard(err, t, () => {
      const nr = normalizeMatrix(lab, J, jrenorm);
      note.hidden = !nr.scaled;
      note.textContent = nr.zero ? t('zeroNote') : nr.scaled ? t('renormNoteJoint', { s: fmt(nr.sum, 6) }) : '';
      if (nr.zero) throw new Error(t('zeroError'));
      return computeJoint(lab, nr.P);
    });
    if (r) {
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
    } else {
      for (const v of Object.values(views)) v.set([]);
      sums.textContent = '';
      indep.textContent = '';
    }
    draw();
    player.refresh();
  }

  editor.set(J);
  update();
  return { el, destroy: () => player.destroy() };
}
