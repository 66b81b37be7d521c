// FlashAttention's tiles: the scores Q Kᵀ are never stored; query block i
// meets key block j in a B_r x B_c tile in fast memory, and the block's
// running max m, sum l and unnormalised output O are updated from it
// (FlashAttention-2's order: each query block's row of tiles in turn). The
// learner moves through the tiles; the traced block's m, l and O after the
// tiles run so far come from lab.tiledAttention's trace, and the finished
// output is compared with standard attention's.
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { rich } from '../../math/rich-text.js';
import { errorSlot, showCoreError } from '../shared/kit.js';
import { createTileGrid } from './tile-grid.js';
import { maxAbsDiff } from './demo.js';

export function tilesSection({ t, values, set, control, error }) {
  const err = errorSlot();
  const nCtl = control('n', { label: t('nLabel') });
  const brCtl = control('br', { label: h('span', {}, rich(t('brLabel'))) });
  const bcCtl = control('bc', { label: h('span', {}, rich(t('bcLabel'))) });
  const causalCtl = control('causal', { label: t('causalLabel') });
  const blockSel = h('select', { onchange: () => set({ block: Number(blockSel.value) }) });
  // params.js bounds the tile count; draw narrows the slider to this run's tiles.
  const tileCtl = control('tile', { label: t('tileLabel') });
  const grid = createTileGrid({ ariaLabel: t('gridFigure'), rowsLabel: t('gridRows'), colsLabel: t('gridCols'),
    head: [t('tileOrder'), t('tileRowBlock'), t('tileColBlock'), t('tileState')], stateName: (k) => t(`tileStates.${k}`) });
  const state = h('div', { class: 'matrix-wrap' });
  const exact = h('p', { class: 'fl-exact' });

  function drawState(r, trace, rows, upto) {
    clear(state);
    const last = trace.filter((s) => s.index < upto).pop();
    const d = r.output[0].length;
    const head = [h('td', { class: 'corner' }), h('th', { scope: 'col' }, 'm'), h('th', { scope: 'col' }, 'l'),
      ...Array.from({ length: d }, (_, j) => h('th', { scope: 'col' }, `O[·, ${j + 1}]`))];
    const body = rows.map((q, i) => h('tr', {}, h('th', { scope: 'row' }, t('queryRow', { i: q + 1 })),
      ...(last ? [last.m[i], last.l[i], ...last.O[i]] : [-Infinity, 0, ...Array(d).fill(0)]).map((x) => h('td', {}, fmt(x, 4)))));
    state.appendChild(h('table', { class: 'matrix' },
      h('caption', {}, last ? t('stateCaption', { j: last.colBlock + 1 }) : t('stateStart')),
      h('thead', {}, h('tr', {}, ...head)), h('tbody', {}, ...body)));
  }

  return {
    el: h('div', { class: 'panel', 'data-ex': 'tiles' },
      h('div', { class: 'controls' }, nCtl.el, brCtl.el, bcCtl.el, causalCtl.el,
        h('label', {}, t('blockLabel'), blockSel), tileCtl.el), err,
      h('div', { class: 'row fl-tiles-row' }, grid.el, h('div', { class: 'fl-state' }, state)),
      h('div', { 'data-ex': 'exact' }, exact)),
    reads: ['n', 'br', 'bc', 'causal', 'block', 'tile', 'tiled', 'standard'],
    draw({ n, br, bc, tile, tiled: r, standard }) {
      if (error('tiled')) { showCoreError(err, t, error('tiled')); return; }
      err.textContent = '';
      err.hidden = true;
      const blocks = Math.ceil(n / br), traced = Math.min(values.block, blocks) - 1;
      clear(blockSel);
      for (let b = 1; b <= blocks; b++) blockSel.appendChild(h('option', { value: String(b), selected: b === traced + 1 }, String(b)));
      const done = Math.min(tile, r.tiles.length);
      tileCtl.input.max = String(r.tiles.length);
      tileCtl.set(done);
      const now = r.tiles[done - 1];
      grid.set({ n, br, bc, tiles: r.tiles, done, traced,
        text: t(now.skipped ? 'tileSkipped' : 'tileNow', { k: done, total: r.tiles.length, i: now.rowBlock + 1, j: now.colBlock + 1 }) });
      // The trace's entries with their place in the execution order.
      const order = new Map(r.tiles.map((x, k) => [`${x.rowBlock},${x.colBlock}`, k]));
      const trace = r.trace.map((s) => ({ ...s, index: order.get(`${traced},${s.colBlock}`) }));
      const rows = Array.from({ length: Math.min(br, n - traced * br) }, (_, i) => traced * br + i);
      drawState(r, trace, rows, done);
      exact.textContent = t('exactLine', { diff: fmt(maxAbsDiff(r.output, standard.output), 2) });
    },
  };
}
