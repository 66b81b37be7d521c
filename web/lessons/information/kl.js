// Information lesson, part 2: KL(P || Q) and KL(Q || P) side by side (they
// differ: KL is not a distance), infinite where one distribution rules out
// an outcome the other allows, and cross-entropy H(P, Q) = H(P) + KL(P || Q)
// checked with the core's own three numbers (lab.klDivergence,
// lab.crossEntropy, lab.entropy).
import { h, clear } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { errorSlot, showCoreError, fmtTex, vecTex } from '../shared/kit.js';
import { baseOf, logTex } from './entropy.js';

// The derived value `kl`: KL and cross-entropy both ways, and H(P) + KL(P || Q).
export function divergences(lab, { P, Q }, unit, ent) {
  const base = baseOf(unit);
  const r = { pq: lab.klDivergence(P, Q, { base }), qp: lab.klDivergence(Q, P, { base }),
    cePQ: lab.crossEntropy(P, Q, { base }), ceQP: lab.crossEntropy(Q, P, { base }) };
  return ent ? { ...r, sum: ent.HP + r.pq } : null;
}

export function klPart({ t, error }) {
  const err = errorSlot();
  const inputs = h('div', { class: 'info-formula', tabindex: '0' });
  const bars = createBarChart({ ariaLabel: t('klFigure'), width: 440, height: 230 });
  const klText = h('div', { class: 'info-formula', tabindex: '0' });
  const why = h('div', { class: 'info-why' });
  const ceText = h('div', { class: 'info-formula', tabindex: '0' });
  const ceCheck = h('p', { class: 'check' });
  bars.el.dataset.hl = 'kl';
  klText.dataset.hl = 'asym';
  const el = h('div', { 'data-ex': 'ce' },
    h('div', { class: 'panel', dataset: { part: 'kl', ex: 'kl' } }, inputs, bars.el, klText, why, err),
    h('h2', {}, t('ceHeading')),
    h('div', { class: 'prose' }, h('p', {}, t('ceText1')), h('p', {}, rich(t('ceText2')))),
    h('div', { class: 'panel', dataset: { part: 'ce' } }, ceText, ceCheck));

  return {
    el,
    reads: ['kl'],
    draw({ pq: { P, Q }, unit, ent, kl: r }) {
      if (error('kl')) showCoreError(err, t, error('kl')); else { err.textContent = ''; err.hidden = true; }
      clear(why);
      if (!r) { clear(inputs); clear(klText); clear(ceText); return; }
      const u = t(unit);
      const L = logTex(unit);
      setTexList(inputs, [[`P = ${vecTex(P)},\\quad Q = ${vecTex(Q)}`, true, 'div']]);
      bars.set({
        items: [
          { label: 'KL(P‖Q)', segments: [{ value: r.pq, className: 'c-klpq', title: `KL(P‖Q) = ${fmt(r.pq, 6)} ${u}` }] },
          { label: 'KL(Q‖P)', segments: [{ value: r.qp, className: 'c-klqp', title: `KL(Q‖P) = ${fmt(r.qp, 6)} ${u}` }] },
          { label: 'H(P)+\nKL(P‖Q)', segments: [{ value: ent.HP, className: 'c-p', title: `H(P) = ${fmt(ent.HP, 6)}` }, { value: r.pq, className: 'c-klpq', title: `KL(P‖Q) = ${fmt(r.pq, 6)}` }],
            mark: { value: r.cePQ, title: t('ceMark', { v: fmt(r.cePQ, 6) }) } },
          { label: 'H(Q)+\nKL(Q‖P)', segments: [{ value: ent.HQ, className: 'c-q', title: `H(Q) = ${fmt(ent.HQ, 6)}` }, { value: r.qp, className: 'c-klqp', title: `KL(Q‖P) = ${fmt(r.qp, 6)}` }],
            mark: { value: r.ceQP, title: t('ceMark', { v: fmt(r.ceQP, 6) }) } },
        ],
        lines: [],
      });
      const term = (a, b) => (a === 0 ? '0' : `${fmtTex(a, 3)}\\,${L}\\frac{${fmtTex(a, 3)}}{${fmtTex(b, 3)}}`);
      setTexList(klText, [
        [`\\mathrm{KL}(P\\,\\|\\,Q) = \\sum_i p_i ${L}\\frac{p_i}{q_i} = ${P.map((p, i) => term(p, Q[i])).join(' + ')} = ${fmtTex(r.pq, 5)}`, true, 'div'],
        [`\\mathrm{KL}(Q\\,\\|\\,P) = \\sum_i q_i ${L}\\frac{q_i}{p_i} = ${Q.map((q, i) => term(q, P[i])).join(' + ')} = ${fmtTex(r.qp, 5)}`, true, 'div']]);
      // Why a value is what it is: infinite, zero, or just different.
      const msgs = [];
      const holes = (A, B) => A.map((a, i) => (a > 0 && B[i] === 0 ? i : -1)).filter((i) => i >= 0);
      const hPQ = holes(P, Q), hQP = holes(Q, P);
      if (hPQ.length) msgs.push(t('infPQ', { i: hPQ[0] + 1, p: fmt(P[hPQ[0]], 3) }));
      if (hQP.length) msgs.push(t('infQP', { i: hQP[0] + 1, q: fmt(Q[hQP[0]], 3) }));
      if (!msgs.length && r.pq === 0 && r.qp === 0) msgs.push(t('klZero'));
      else if (!msgs.length) msgs.push(t('klAsym', { a: fmt(r.pq, 4), b: fmt(r.qp, 4), unit: u }));
      msgs.push(t('zeroLogZero'));
      for (const m of msgs) why.appendChild(h('p', {}, m));

      const sum = r.sum;
      setTexList(ceText, [
        [`H(P, Q) = -\\sum_i p_i ${L} q_i = ${fmtTex(r.cePQ, 6)}`, true, 'div'],
        [`H(P) + \\mathrm{KL}(P\\,\\|\\,Q) = ${fmtTex(ent.HP, 6)} + ${fmtTex(r.pq, 6)} = ${fmtTex(sum, 6)}`, true, 'div']]);
      const diff = Number.isFinite(sum) ? Math.abs(sum - r.cePQ) : (sum === r.cePQ ? 0 : NaN);
      const holds = diff <= 1e-12 * Math.max(1, Math.abs(r.cePQ)) || (sum === Infinity && r.cePQ === Infinity);
      ceCheck.className = `check ${holds ? 'good' : 'bad'}`;
      ceCheck.textContent = holds
        ? (Number.isFinite(sum) ? t('ceHolds', { d: fmt(diff, 2) }) : t('ceHoldsInf'))
        : t('ceFails', { d: fmt(diff, 3) });
    },
  };
}
