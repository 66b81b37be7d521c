// Linear attention (Katharopoulos et al. 2020): softmax's exp(q·k) replaced
// by φ(q)·φ(k), φ = elu + 1, so that (φQ φKᵀ) V = φQ (φKᵀ V): n²d work in
// one order, nd² in the other, and a running state like an RNN when
// causal. The weights it implies beside softmax's on the lesson's example
// (lab.linearAttention, lab.attention), and both orders timed live
// (lab.timeAttention) next to their operation counts (lab.attentionCost).
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { errorSlot, showCoreError, coreMessage } from '../shared/kit.js';

export const LN_OPTIONS = [256, 512, 1024, 2048, 4096, 8192];
export const LD_OPTIONS = [16, 32, 64, 128];
const ORDERS = ['left', 'right'];
// The core's limit of operations per timeAttention call (complexity/cost.hpp).
const TIME_BUDGET = 2e9;

// Mean over rows of the total variation distance ½ Σⱼ |aᵢⱼ − bᵢⱼ|.
export const meanTv = (A, B) => A.reduce((s, row, i) => s + row.reduce((r, x, j) => r + Math.abs(x - B[i][j]), 0) / 2, 0) / A.length;

export function linearSection({ t, lab, control, error }) {
  const err = errorSlot();
  const soft = createHeatmap({ title: t('softTitle'), xLabel: t('keyAxis'), yLabel: t('queryAxis'), ariaLabel: t('softTitle') });
  const lin = createHeatmap({ title: t('linTitle'), xLabel: t('keyAxis'), yLabel: t('queryAxis'), ariaLabel: t('linTitle') });
  const distance = h('p', { class: 'fl-exact' });
  const lnCtl = control('ln', { label: t('lnLabel'), options: LN_OPTIONS.map((v) => [v, String(v)]) });
  const ldCtl = control('ld', { label: t('ldLabel'), options: LD_OPTIONS.map((v) => [v, String(v)]) });
  const status = h('p', { class: 'fl-status', role: 'status', 'aria-live': 'polite' });
  const result = h('p', { class: 'fl-timing' });
  let sizes = null;
  const run = h('button', { type: 'button', class: 'btn btn-primary', onclick: () => time() }, t('timeBoth'));

  // One order per setTimeout slice, so that the page can paint between
  // them; as many repeats (up to 3) as the core's budget of operations per
  // call allows. An order the core refuses to time (too large) is reported.
  function timeOrder(ln, ld, order) {
    const flops = lab.attentionCost(ln, ld, { kind: 'linear', order }).flops;
    try {
      return { flops, ms: lab.timeAttention(ln, ld, { kind: 'linear', order, repeats: Math.max(1, Math.min(3, Math.floor(TIME_BUDGET / flops))) }).ms };
    } catch (e) {
      return { flops, refused: coreMessage(e, t).text };
    }
  }
  function report(ln, ld, r) {
    const vars = { n: ln, d: ld, left: fmt(r.left.ms, 3), right: fmt(r.right.ms, 3), ratio: fmt(r.left.ms / r.right.ms, 3),
      fl: fmt(r.left.flops, 3), fr: fmt(r.right.flops, 3), fratio: fmt(r.left.flops / r.right.flops, 3) };
    return t(r.left.refused ? 'timingLeftRefused' : 'timingResult', vars);
  }
  function time() {
    const { ln, ld } = sizes;
    run.disabled = true;
    status.textContent = t('timing');
    result.textContent = '';
    const r = {};
    const step = (k) => {
      if (k === ORDERS.length) {
        run.disabled = false;
        status.textContent = r.right.refused ? `${t('common.error')} ${r.right.refused}` : '';
        if (!r.right.refused) result.textContent = report(ln, ld, r);
        return;
      }
      r[ORDERS[k]] = timeOrder(ln, ld, ORDERS[k]);
      setTimeout(() => step(k + 1), 0);
    };
    setTimeout(() => step(0), 30);
  }

  return {
    el: h('div', { class: 'panel', 'data-ex': 'linear' }, err,
      h('div', { class: 'row fl-maps' }, soft.el, lin.el), distance,
      h('div', { class: 'controls' }, lnCtl.el, ldCtl.el, run), status, result),
    reads: ['ln', 'ld', 'linear', 'standard'],
    draw(v, changed) {
      sizes = { ln: v.ln, ld: v.ld };
      if (changed && (changed.has('ln') || changed.has('ld'))) result.textContent = '';
      const e = error('linear') || error('standard');
      if (e) { showCoreError(err, t, e); return; }
      err.textContent = '';
      err.hidden = true;
      const labels = v.standard.weights.map((_, i) => String(i + 1));
      soft.set(v.standard.weights, { rowLabels: labels, colLabels: labels });
      lin.set(v.linear.weights, { rowLabels: labels, colLabels: labels });
      distance.textContent = t('tvLine', { tv: fmt(meanTv(v.linear.weights, v.standard.weights), 3) });
    },
  };
}
