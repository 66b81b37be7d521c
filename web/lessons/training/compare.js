// Gradient descent, momentum and Adam from the same initial weights on one
// loss chart (each at its default rate), and gradient descent at a rate
// far too large: the core stops a run whose loss stops being finite and
// says at which update (diverged / divergedAt), and the page says so. The
// runs are trained after the lesson is drawn, CHUNK updates per animation
// frame (a run of 300 updates in one call was a 50 ms task), and drawn as
// each is done (state `compared`: {runs, ready, error}).
import { h } from '../../ui/dom.js';
import { fmt, full } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { chunkedRun, DEFAULT_LR, BIG_LR } from './run.js';

const METHODS = ['gd', 'momentum', 'adam'];
const CHUNK = 50;

// The comparison for the task, seed and number of updates, trained again when one of them changes.
export function startCompare({ lab, values, set, watch }, frames) {
  function begin() {
    const todo = [...METHODS, 'big'];
    const runs = {};
    let m = null, run = null;
    set({ compared: { runs, ready: false, error: null } });
    frames.run('compare', () => {
      if (!run) {
        m = todo.shift();
        if (!m) { set({ compared: { ...values.compared, ready: true } }); return false; }
        run = chunkedRun(lab, { ...values, ...(m === 'big' ? { method: 'gd', lr: BIG_LR } : { method: m, lr: DEFAULT_LR[m] }) });
      }
      try {
        const r = run.advance(CHUNK);
        if (r.done) { runs[m] = r; run = null; set({ compared: { runs: { ...runs }, ready: false, error: null } }); }
      } catch (e) { run = null; set({ compared: { ...values.compared, error: e } }); }  // that method is left out
      return true;
    });
  }
  const stop = watch(['task', 'seed', 'steps'], begin);
  begin();
  return () => { stop(); frames.stop('compare'); };
}

export function compareSection({ t, control }) {
  const err = errorSlot();
  const big = control('big', { label: t('cmp.big', { lr: BIG_LR }) });
  const chart = createXyChart({ ariaLabel: t('cmp.figure'), xLabel: t('stepAxis'), yLabel: t('lossAxis'), width: 640, height: 260, y: { scale: 'log' }, margin: { left: 62 } });
  const table = h('table', { class: 'matrix tr-cmp-table' });
  const verdict = h('p', { class: 'check', 'aria-live': 'polite', dataset: { name: 'diverged' } });
  const el = h('div', { class: 'panel', 'data-ex': 'optimizers', dataset: { name: 'compare' } },
    h('div', { class: 'controls' }, big.el), err, chart.el, h('div', { class: 'tr-scroll' }, table), verdict);

  function draw(v) {
    const { runs, ready, error } = v.compared || { runs: {}, ready: false, error: null };
    el.dataset.ready = String(ready);
    if (error) showCoreError(err, t, error); else { err.textContent = ''; err.hidden = true; }
    const shown = [...METHODS, ...(v.big ? ['big'] : [])].filter((m) => runs[m]);
    const cls = (m) => (m === 'big' ? 'm-gd tr-big' : `m-${m}`);
    const name = (m) => (m === 'big' ? t('cmp.bigName', { lr: BIG_LR }) : `${t(`m.${m}`)}, η = ${fmt(DEFAULT_LR[m], 3)}`);
    chart.set({
      series: shown.map((m) => ({ points: runs[m].loss.map((y, i) => [i, y]), className: cls(m), label: name(m) })),
      // The diverging run leaves through the top: the others stay readable.
      xDomain: [0, v.steps], empty: t('cmp.computing'),
      ...(shown.includes('big') ? { yDomain: [Math.max(1e-6, 0.5 * Math.min(...shown.filter((m) => m !== 'big').flatMap((m) => runs[m].loss.filter((x) => x > 0)), 1)), 1e8] } : {}),
    });
    table.replaceChildren(
      h('caption', {}, t('cmp.tableCaption')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('method')), h('th', { scope: 'col' }, t('cmp.lossAt', { k: v.steps })), h('th', { scope: 'col' }, t('cmp.accAt', { k: v.steps })))),
      h('tbody', {}, ...shown.map((m) => {
        const r = runs[m];
        const kk = r.loss.length - 1;
        return h('tr', { dataset: { method: m, loss: full(r.loss[kk]) } }, h('th', { scope: 'row' }, name(m)),
          h('td', {}, r.diverged ? t('cmp.divergedCell', { k: r.divergedAt }) : fmt(r.loss[kk], 4)),
          h('td', {}, r.diverged ? '—' : `${fmt(100 * r.accuracy[kk], 3)} %`));
      })));
    const b = runs.big;
    verdict.hidden = !(v.big && b);
    if (v.big && b) {
      const finite = b.loss.filter(Number.isFinite);
      verdict.className = `check ${b.diverged ? 'bad' : 'good'}`;
      verdict.textContent = b.diverged
        ? t('cmp.divergedText', { lr: BIG_LR, k: b.divergedAt, loss: fmt(finite[finite.length - 1], 3), start: fmt(b.loss[0], 3) })
        : t('cmp.notDiverged', { lr: BIG_LR });
      verdict.dataset.divergedAt = b.diverged ? String(b.divergedAt) : '';
    }
  }

  return { el, reads: ['compared', 'big', 'steps'], draw };
}
