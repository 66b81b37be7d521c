// Information lesson, part 1: two editable distributions P and Q over n
// outcomes, the unit (bits or nats), and the entropy of each drawn against
// its bounds 0 and log n. Numbers: lab.entropy (log n is the entropy of
// the uniform distribution, also from the core).
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { select, errorSlot, showCoreError, fmtTex } from '../shared/kit.js';
import { createDistEditor, uniform } from './dist.js';
import { editPQ } from './state.js';

export const baseOf = (unit) => (unit === 'nats' ? Math.E : 2);
export const logTex = (unit) => (unit === 'nats' ? '\\ln' : '\\log_2');
export const logText = (unit) => (unit === 'nats' ? 'ln' : 'log₂');

// The derived value `ent`: H(P), H(Q) and log n.
export const entropies = (lab, { P, Q }, unit) => {
  const base = baseOf(unit);
  return { HP: lab.entropy(P, { base }), HQ: lab.entropy(Q, { base }), logn: lab.entropy(uniform(P.length), { base }) };
};

export function entropyPart({ t, values, set, control, error }) {
  const edit = (patch) => set(editPQ(values.pq, patch));
  const err = errorSlot();
  const unitSel = control('unit', { label: t('unit'), options: [['bits', t('bits')], ['nats', t('nats')]] });
  const nSel = select({ label: t('outcomes'), value: '4', options: [2, 3, 4, 5, 6, 7, 8].map((k) => [String(k), String(k)]), onChange: (k) => edit({ n: Number(k) }) });
  const btn = (key, f) => h('button', { type: 'button', class: 'btn btn-small', onclick: f }, t(key));
  const presets = h('div', { class: 'controls' },
    btn('presetUniform', () => edit({ P: uniform(values.pq.P.length) })),
    btn('presetCertain', () => edit({ P: values.pq.P.map((_, i) => (i === 0 ? 1 : 0)) })),
    btn('presetQeqP', () => edit({ Q: values.pq.P.slice() })),
    btn('presetMissing', () => edit({ Q: missing(values.pq.P, values.pq.Q) })));
  const pEd = createDistEditor({ t, name: 'P', className: 'p', onChange: (P) => edit({ P }) });
  const qEd = createDistEditor({ t, name: 'Q', className: 'q', onChange: (Q) => edit({ Q }) });
  const bars = createBarChart({ ariaLabel: t('entropyFigure'), width: 300, height: 210 });
  const formula = h('div', { class: 'info-formula', tabindex: '0' });
  const check = h('p', { class: 'check' });
  const remark = h('p', { class: 'note' });

  const el = h('div', { 'data-ex': 'entropy' },
    h('div', { class: 'panel', dataset: { part: 'entropy' } },
      h('div', { class: 'controls' }, unitSel.el, nSel.el), presets,
      h('div', { class: 'info-dists' }, pEd.el, qEd.el), err),
    h('div', { class: 'panel', dataset: { part: 'bounds' } }, formula,
      h('div', { class: 'info-entropy-row' }, bars.el, h('div', { class: 'info-readout' }, check, remark))));

  return {
    el,
    reads: ['pq', 'unit', 'ent'],
    draw({ pq: { P, Q }, unit, ent: r }) {
      nSel.select.value = String(P.length);
      pEd.set(P);
      qEd.set(Q);
      if (error('ent')) { showCoreError(err, t, error('ent')); clear(formula); return; }
      err.textContent = '';
      err.hidden = true;
      const u = t(unit);
      bars.set({
        items: [
          { label: 'H(P)', segments: [{ value: r.HP, className: 'c-p', title: `H(P) = ${fmt(r.HP, 6)} ${u}` }] },
          { label: 'H(Q)', segments: [{ value: r.HQ, className: 'c-q', title: `H(Q) = ${fmt(r.HQ, 6)} ${u}` }] },
        ],
        lines: [
          { y: r.logn, className: 'c-bound', text: `${logText(unit)} ${P.length} = ${fmt(r.logn, 4)}`, title: t('maxEntropy') },
          { y: 0, className: 'c-bound', text: t('zeroLine'), title: t('minEntropy') },
        ],
        max: Math.max(r.logn, 0.1) * 1.18,
      });
      const terms = P.map((p) => (p === 0 ? '0' : `${fmtTex(p, 3)}\\,${logTex(unit)} ${fmtTex(p, 3)}`)).join(' + ');
      setTexList(formula, [
        [`H(P) = -\\sum_i p_i ${logTex(unit)} p_i = -\\big(${terms}\\big) = ${fmtTex(r.HP, 5)}\\ \\text{${u}}`, true, 'div'],
        [`0 \\;\\le\\; H(P) = ${fmtTex(r.HP, 4)} \\;\\le\\; ${logTex(unit)} n = ${logTex(unit)} ${P.length} = ${fmtTex(r.logn, 4)}`, true, 'div']]);
      const inBounds = r.HP >= 0 && r.HP <= r.logn + 1e-12 && r.HQ >= 0 && r.HQ <= r.logn + 1e-12;
      check.className = `check ${inBounds ? 'good' : 'bad'}`;
      check.textContent = t(inBounds ? 'boundsHold' : 'boundsFail');
      const gap = r.logn - r.HP;
      remark.textContent = gap < 1e-9 ? t('atMax') : r.HP < 1e-12 ? t('atZero') : t('between', { gap: fmt(gap, 3), unit: u });
    },
  };
}

// Q with a zero where P is positive (the smallest positive p_i), so that
// KL(P || Q) is infinite; the other entries of Q are renormalized.
function missing(P, Q) {
  let k = -1;
  P.forEach((p, i) => { if (p > 0 && (k < 0 || p < P[k])) k = i; });
  if (k < 0) return Q;
  const rest = Q.reduce((a, q, i) => (i === k ? a : a + q), 0);
  return Q.map((q, i) => (i === k ? 0 : rest > 0 ? q / rest : 1 / (Q.length - 1)));
}
