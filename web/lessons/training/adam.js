// One weight of the model through Adam, with the chapter's formulas and
// the actual numbers: at step t the full-batch gradient g_t (from the core's
// backward passes at the trainer's parameters after t - 1 updates), then
// m_t, v_t, their bias corrections and the new value, which must equal the
// value lab.trainAttention reaches after t updates. Drawn when it comes near
// the screen (each step it shows is a gradient and a trainer call).
import { h } from '../../ui/dom.js';
import { fmt, full, tex as fmtTex } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { rich } from '../../math/rich-text.js';
import { guard, errorSlot, showCoreError } from '../shared/kit.js';
import { TOKENS, V, D, DK, TASKS } from './tasks.js';
import { adamRows, DEFAULT_LR, ADAM } from './run.js';

const T_MAX = 10;
const MATS = ['Wq', 'Wk', 'Wv', 'Wo'];
const TEX = { Wq: 'W_Q', Wk: 'W_K', Wv: 'W_V', Wo: 'W_O' };
const f6 = (x) => fmtTex(x, 6);

export function adamSection({ t, values, set, control, error }) {
  const err = errorSlot();
  const rowName = (m, i) => (m === 'Wo' ? `${i + 1}` : i < V ? TOKENS[i] : t('posCol', { i: i - V + 1 }));
  const dims = (m) => [m === 'Wo' ? DK : D, m === 'Wo' ? TASKS[values.task].classes : DK];
  const matSel = control('wm', { label: t('adam.matrix'), options: MATS.map((m) => [m, t(`adam.mats.${m}`)]) });
  // Another matrix: its first weight.
  matSel.select.addEventListener('change', () => set({ wi: 1, wj: 1 }));
  // The row and column menus list the matrix's own rows and columns.
  const rowSel = h('select', {});
  const colSel = h('select', {});
  rowSel.addEventListener('change', () => set({ wi: Number(rowSel.value) }));
  colSel.addEventListener('change', () => set({ wj: Number(colSel.value) }));
  const prev = h('button', { type: 'button', class: 'btn', dataset: { act: 'adam-prev' }, onclick: () => set({ wt: Math.max(1, values.wt - 1) }) }, '← ', t('adam.prev'));
  const next = h('button', { type: 'button', class: 'btn btn-primary', dataset: { act: 'adam-next' }, onclick: () => set({ wt: Math.min(T_MAX, values.wt + 1) }) }, t('adam.next'), ' →');
  const counter = h('span', { class: 'step-counter', 'aria-live': 'polite' });
  const intro = h('p', { class: 'note' });
  const formulas = h('div', { class: 'tr-adam-formulas', tabindex: '0', role: 'group', 'aria-label': t('adam.formulas') });
  const check = h('p', { class: 'check', dataset: { name: 'adam-check' } });
  const el = h('div', { class: 'panel', 'data-ex': 'adam', dataset: { name: 'adam' } },
    h('div', { class: 'controls' }, matSel.el, h('label', {}, t('adam.row'), rowSel), h('label', {}, t('adam.col'), colSel)),
    h('div', { class: 'controls' }, prev, next, counter), err, intro, formulas, check);

  function options(sel, n, cur, name) {
    sel.replaceChildren(...Array.from({ length: n }, (_, k) => h('option', { value: String(k + 1), selected: k + 1 === cur }, name(k))));
  }

  function draw(v) {
    const [rows, cols] = dims(v.wm);
    const wi = Math.min(v.wi, rows), wj = Math.min(v.wj, cols);
    options(rowSel, rows, wi, (k) => rowName(v.wm, k));
    options(colSel, cols, wj, (k) => String(k + 1));
    const lr = DEFAULT_LR.adam;
    if (!v.adamRun) { showCoreError(err, t, error('adamRun')); return; }
    // The updates up to the one shown (the run keeps what it has done).
    const trace = guard(err, t, () => adamRows(v.adamRun, { lr, T: v.wt, name: v.wm, i: wi - 1, j: wj - 1 }));
    if (!trace) return;
    const r = trace[v.wt - 1];
    counter.textContent = t('adam.counter', { t: r.t, n: T_MAX });
    prev.disabled = r.t <= 1;
    next.disabled = r.t >= T_MAX;
    const w = `${TEX[v.wm]}[${wi},${wj}]`;
    intro.replaceChildren(...rich(t('adam.intro', { w: `W_${v.wm[1].toUpperCase()}[${wi}, ${wj}]`, lr: fmt(lr, 3) })));
    const { beta1: b1, beta2: b2 } = ADAM;
    const tt = r.t, tm = r.t - 1;
    setTexList(formulas, [
      [`g_{${tt}} = \\frac{\\partial L}{\\partial ${w}}\\Big|_{\\theta_{${tm}}} = ${f6(r.g)}`, true, 'div'],
      [`m_{${tt}} = \\beta_1 m_{${tm}} + (1-\\beta_1)\\,g_{${tt}} = ${b1}\\cdot(${f6(r.mPrev)}) + ${fmtTex(1 - b1, 3)}\\cdot(${f6(r.g)}) = ${f6(r.m)}`, true, 'div'],
      [`v_{${tt}} = \\beta_2 v_{${tm}} + (1-\\beta_2)\\,g_{${tt}}^2 = ${b2}\\cdot ${fmtTex(r.vPrev, 4)} + ${fmtTex(1 - b2, 3)}\\cdot ${fmtTex(r.g * r.g, 4)} = ${fmtTex(r.v, 4)}`, true, 'div'],
      [`\\hat m_{${tt}} = \\frac{m_{${tt}}}{1-\\beta_1^{${tt}}} = \\frac{${f6(r.m)}}{${fmtTex(1 - b1 ** tt, 6)}} = ${f6(r.mHat)},\\qquad \\hat v_{${tt}} = \\frac{v_{${tt}}}{1-\\beta_2^{${tt}}} = ${fmtTex(r.vHat, 4)}`, true, 'div'],
      [`\\theta_{${tt}} = \\theta_{${tm}} - \\eta\\,\\frac{\\hat m_{${tt}}}{\\sqrt{\\hat v_{${tt}}} + \\epsilon} = ${f6(r.x)} - ${fmtTex(lr, 3)}\\cdot\\frac{${f6(r.mHat)}}{${fmtTex(Math.sqrt(r.vHat), 6)} + 10^{-8}} = ${f6(r.next)}`, true, 'div'],
    ]);
    const diff = Math.abs(r.next - r.core);
    // The chapter's recursion against the trainer: the new weight and its own m, v (result.state).
    const near = (a, b) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));
    const ok = near(r.next, r.core) && near(r.m, r.coreM) && near(r.v, r.coreV);
    check.className = `check ${ok ? 'good' : 'bad'}`;
    check.textContent = t(ok ? 'adam.same' : 'adam.differs', { t: tt, core: fmt(r.core, 8), diff: fmt(diff, 2) });
    Object.assign(el.dataset, { t: String(tt), g: full(r.g), m: full(r.m), v: full(r.v), mHat: full(r.mHat), vHat: full(r.vHat), next: full(r.next), core: full(r.core), coreM: full(r.coreM), coreV: full(r.coreV) });
  }

  return { el, later: true, reads: ['task', 'adamRun', 'wm', 'wi', 'wj', 'wt'], draw };
}
