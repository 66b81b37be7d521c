// The pipeline's matrices: Q, Kᵀ, V side by side, then every intermediate
// of lab.attention (scores, scaled, weights, output), each in its panel.
import { h } from '../../ui/dom.js';
import { sub } from '../../util/format.js';
import { createMatrixView } from '../../plots/matrix-view.js';

// word(i): a row's or column's token; pointAt(name): the onCell of view name.
export function pipelineViews({ t, word, pointAt }) {
  const views = {};
  const panels = {};
  const qkViews = {
    Q: createMatrixView({ caption: t('qk.Q'), name: 'qk-Q', color: 'signed', digits: 3, rowLabel: word }),
    Kt: createMatrixView({ caption: t('qk.Kt'), name: 'qk-Kt', color: 'signed', digits: 3, colLabel: word }),
    V: createMatrixView({ caption: t('qk.V'), name: 'qk-V', color: 'signed', digits: 3, rowLabel: word }),
  };
  // Read-only views that may scroll: reachable by keyboard.
  for (const [k, v] of Object.entries(qkViews)) { v.el.tabIndex = 0; v.el.setAttribute('role', 'group'); v.el.setAttribute('aria-label', t(`qk.${k}`)); }
  panels.qk = h('div', { class: 'panel pipeline-panel qk-panel' }, h('div', { class: 'row' }, qkViews.Q.el, qkViews.Kt.el, qkViews.V.el));
  for (const name of ['scores', 'scaled', 'weights', 'output']) {
    views[name] = createMatrixView({
      caption: t(`view.${name}`), name, color: name === 'weights' ? 'weights' : 'signed', digits: 3,
      rowLabel: word, colLabel: (j) => (name === 'output' ? `d${sub(j + 1)}` : word(j)),
      onCell: pointAt(name),
    });
    panels[name] = h('div', { class: 'panel pipeline-panel' }, views[name].el);
  }
  const el = h('div', { class: 'pipeline', 'data-ex': 'pipeline' }, panels.qk, panels.scores, panels.scaled, panels.weights, panels.output);
  return { el, qkViews, views, panels };
}

// A matrix wider than its box scrolls sideways: a step brings the column
// it highlights (a key, a value column, one cell) into the box's view.
export function showMarkedColumns(pipeline) {
  for (const w of pipeline.querySelectorAll('.matrix-wrap')) {
    const on = [...w.querySelectorAll('td.hl')];
    if (!on.length || new Set(on.map((td) => td.dataset.j)).size !== 1 || w.scrollWidth <= w.clientWidth) continue;
    const a = on[0].getBoundingClientRect(), b = w.getBoundingClientRect();
    if (a.right > b.right) w.scrollLeft += a.right - b.right + 16;
    else if (a.left < b.left) w.scrollLeft -= b.left - a.left + 16;
  }
}
