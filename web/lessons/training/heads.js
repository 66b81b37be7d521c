// Two heads, two jobs: a model that must say, at every position, both the
// first token and the previous one, with one head per answer (each head its
// own read-out W_O, the loss the sum of the two cross-entropies, so each
// head's gradient comes from its own answer only and lab.trainAttention
// trains each exactly). Then what the trained "previous token" head means:
// W_Q W_Kᵀ between position embeddings, a matrix over (query position, key
// position) whose largest entry in row i sits at key i − 1. The two heads
// are trained after the lesson is drawn, one per animation frame (state
// `heads`: {runs, ready, error}); the matrix is derived from the second.
import { h } from '../../ui/dom.js';
import { rich } from '../../math/rich-text.js';
import { fmt, full } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { posLabels } from './tasks.js';
import { HEAD_TASKS, headRun } from './run.js';

// The heads of the seed, trained again when it changes; a failed run stops there.
export function startHeads({ lab, values, set, watch }, frames) {
  function begin() {
    const runs = [];
    set({ heads: { runs, ready: false, error: null } });
    frames.run('heads', () => {
      try { runs.push(headRun(lab, values.seed, runs.length)); } catch (e) { set({ heads: { runs: [...runs], ready: false, error: e } }); return false; }
      const ready = runs.length === HEAD_TASKS.length;
      set({ heads: { runs: [...runs], ready, error: null } });
      return !ready;
    });
  }
  const stop = watch(['seed'], begin);
  begin();
  return () => { stop(); frames.stop('heads'); };
}

export function headsSection({ t }) {
  const err = errorSlot();
  const maps = HEAD_TASKS.map((task, k) => createHeatmap({ title: t('heads.title', { h: k + 1, job: t(`heads.job.${task}`) }), xLabel: t('keyAxis'), yLabel: t('queryAxis'), ariaLabel: t('heads.figure', { h: k + 1 }) }));
  const accs = HEAD_TASKS.map(() => h('p', { class: 'note' }));
  const block = createMatrixView({ caption: t('heads.blockCaption'), name: 'WqWk', color: 'signed', digits: 2,
    rowLabel: (i) => t('heads.qpos', { i: i + 1 }), colLabel: (j) => t('heads.kpos', { j: j + 1 }) });
  const check = h('p', { class: 'check', dataset: { name: 'prev-check' } });
  const el = h('div', {},
    h('div', { class: 'panel', 'data-ex': 'heads', dataset: { name: 'heads' } }, err,
      h('div', { class: 'row tr-heads' }, ...maps.map((m, k) => h('div', { class: 'tr-scroll' }, m.el, accs[k])))),
    h('h2', {}, t('weightsHeading')),
    h('div', { class: 'prose' }, h('p', {}, rich(t('weightsText1'))), h('p', {}, t('weightsText2'))),
    h('div', { class: 'panel', 'data-ex': 'weights', dataset: { name: 'weights' } }, h('div', { class: 'tr-scroll' }, block.el), check));

  function draw(v) {
    const { runs, ready, error } = v.heads || { runs: [], ready: false, error: null };
    el.dataset.ready = String(ready);
    if (error) showCoreError(err, t, error); else { err.textContent = ''; err.hidden = true; }
    runs.forEach((r, k) => {
      const labels = posLabels(r.d.tokens[v.seq - 1]);
      maps[k].set(r.weights[v.seq - 1], { rowLabels: labels, colLabels: labels });
      const kk = r.loss.length - 1;
      accs[k].textContent = t('heads.acc', { h: k + 1, steps: kk, acc: fmt(100 * r.accuracy[kk], 3), loss: fmt(r.loss[kk], 4) });
      accs[k].dataset.accuracy = full(r.accuracy[kk]);
    });
    const M = v.prevBlock;
    if (!M) return;
    block.set(M, { highlight: { cells: M.map((_, i) => [i, Math.max(0, i - 1)]) } });
    // Row i (from 2): is the largest entry among keys j <= i at j = i - 1?
    const rows = M.slice(1).map((row, q) => row.slice(0, q + 2).indexOf(Math.max(...row.slice(0, q + 2))) === q);
    const all = rows.every(Boolean);
    check.className = `check ${all ? 'good' : 'bad'}`;
    check.textContent = t(all ? 'heads.prevYes' : 'heads.prevNo', { n: rows.filter(Boolean).length, of: rows.length });
  }

  return { el, reads: ['heads', 'prevBlock', 'seq'], draw };
}
