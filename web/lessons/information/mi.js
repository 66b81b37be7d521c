// Information lesson, part 3: mutual information of an editable joint
// table, I(X; Y) = H(X) - H(X | Y) = H(Y) - H(Y | X), computed both ways
// from the core's conditional entropies (lab.conditionalEntropy) and
// directly as KL(P_XY || P_X P_Y) (lab.mutualInformation). A button makes
// the table the product of its marginals (lab.conditional for the
// marginals, lab.matmul for the outer product): then I = 0.
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { select, guard, errorSlot, showCoreError, fmtTex } from '../shared/kit.js';
import { baseOf } from './entropy.js';
import { createJointEditor } from './joint.js';
import { normalizeJoint, editJoint } from './state.js';

// The table cut or padded to rows x cols (new cells get the mean entry).
function resizeJoint(m, rows, cols) {
  const mean = m.flat().reduce((a, b) => a + b, 0) / m.flat().length || 1;
  return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i < m.length && j < m[0].length ? m[i][j] : mean)));
}

// The derived value `mi` of the normalized table (jn: normalizeJoint's
// result): the marginals, the entropies, I(X;Y) directly and both ways.
export function mutualInformation(lab, jn, unit) {
  if (!jn) return null;
  const base = baseOf(unit);
  const c = lab.conditional(jn.joint), H = lab.conditionalEntropy(jn.joint, { base }), I = lab.mutualInformation(jn.joint, { base });
  return { ...H, c, I, I1: H.HX - H.HXgivenY, I2: H.HY - H.HYgivenX };
}

export function miPart({ lab, t, values, set, error }) {
  const onChange = ({ joint }) => set(editJoint(joint));
  const err = errorSlot();
  const sizes = [2, 3, 4].map((k) => [String(k), String(k)]);
  const rowsSel = select({ label: t('rowsX'), value: '2', options: sizes, onChange: (k) => onChange({ joint: resizeJoint(values.jt, Number(k), values.jt[0].length) }) });
  const colsSel = select({ label: t('colsY'), value: '3', options: sizes, onChange: (k) => onChange({ joint: resizeJoint(values.jt, values.jt.length, Number(k)) }) });
  const independent = h('button', { type: 'button', class: 'btn', onclick: () => makeIndependent() }, t('makeIndependent'));
  const dependent = h('button', { type: 'button', class: 'btn', onclick: () => onChange({ joint: values.jt.map((row, i) => row.map((_, j) => (i === j ? 1 : 0))) }) }, t('makeDependent'));
  const editor = createJointEditor({ t, onChange: (joint) => onChange({ joint }) });
  const totalNote = h('p', { class: 'note' });
  const bars = createBarChart({ ariaLabel: t('miFigure'), width: 360, height: 230 });
  const formulas = h('div', { class: 'info-formula', tabindex: '0' });
  const check = h('p', { class: 'check' });
  bars.el.dataset.hl = 'mi';
  formulas.dataset.hl = 'mi indep';
  independent.dataset.hl = 'indep';
  check.dataset.hl = 'indep';
  const el = h('div', { class: 'panel', dataset: { part: 'mi' } },
    h('div', { class: 'controls' }, rowsSel.el, colsSel.el, independent, dependent),
    editor.el, totalNote, err,
    h('div', { class: 'info-entropy-row' }, bars.el, h('div', { class: 'info-readout' }, formulas, check)));

  function makeIndependent() {
    const n = normalizeJoint(values.jt);
    if (!n) return;
    const c = guard(err, t, () => lab.conditional(n.joint));
    if (!c) return;
    const outer = guard(err, t, () => lab.matmul(c.pX.map((x) => [x]), [c.pY]));
    if (outer) onChange({ joint: outer });
  }

  return {
    el,
    reads: ['jt', 'jn', 'mi', 'unit'],
    draw({ jt, jn: n, mi: r, unit }) {
      rowsSel.select.value = String(jt.length);
      colsSel.select.value = String(jt[0].length);
      if (!n) {
        editor.set(jt);
        err.hidden = false;
        err.textContent = t('jointZero');
        clear(formulas);
        return;
      }
      if (error('mi')) showCoreError(err, t, error('mi')); else { err.textContent = ''; err.hidden = true; }
      editor.set(jt, r ? { pX: r.c.pX, pY: r.c.pY } : {});
      totalNote.textContent = Math.abs(n.total - 1) > 1e-12 ? t('jointTotal', { total: fmt(n.total, 6) }) : t('jointSumsToOne');
      if (!r) { clear(formulas); return; }
      const { HX, HY, HXgivenY, HYgivenX, HXY, I1, I2 } = r;
      const u = t(unit);
      const seg = (value, className, name) => ({ value, className, title: `${name} = ${fmt(value, 6)} ${u}` });
      bars.set({
        items: [
          { label: 'H(X)', segments: [seg(HXgivenY, 'c-cond', 'H(X|Y)'), seg(r.I, 'c-mi', 'I(X;Y)')], mark: { value: HX, title: `H(X) = ${fmt(HX, 6)}` } },
          { label: 'H(Y)', segments: [seg(r.I, 'c-mi', 'I(X;Y)'), seg(HYgivenX, 'c-cond2', 'H(Y|X)')], mark: { value: HY, title: `H(Y) = ${fmt(HY, 6)}` } },
          { label: 'H(X,Y)', segments: [seg(HXgivenY, 'c-cond', 'H(X|Y)'), seg(r.I, 'c-mi', 'I(X;Y)'), seg(HYgivenX, 'c-cond2', 'H(Y|X)')], mark: { value: HXY, title: `H(X,Y) = ${fmt(HXY, 6)}` } },
        ],
      });
      setTexList(formulas, [
        [`I(X;Y) = H(X) - H(X\\mid Y) = ${fmtTex(HX, 5)} - ${fmtTex(HXgivenY, 5)} = ${fmtTex(I1, 5)}`, true, 'div'],
        [`I(X;Y) = H(Y) - H(Y\\mid X) = ${fmtTex(HY, 5)} - ${fmtTex(HYgivenX, 5)} = ${fmtTex(I2, 5)}`, true, 'div'],
        [`I(X;Y) = \\mathrm{KL}\\big(P_{XY}\\,\\|\\,P_X P_Y\\big) = ${fmtTex(r.I, 5)}\\ \\text{${u}}`, true, 'div']]);
      const agree = Math.abs(I1 - r.I) <= 1e-12 && Math.abs(I2 - r.I) <= 1e-12;
      const indep = Math.abs(r.I) <= 1e-12;
      check.className = `check ${agree ? 'good' : 'bad'}`;
      check.textContent = `${t(agree ? 'miAgree' : 'miDisagree', { d: fmt(Math.max(Math.abs(I1 - r.I), Math.abs(I2 - r.I)), 2) })} ${indep ? t('miIndependent') : ''}`;
    },
  };
}
