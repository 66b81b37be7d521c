// The √dₖ demonstration: random queries and keys (scale-inputs.js) of size
// dₖ up to 64, one per token of the sentence. The map shows the weights
// with or without the 1/√dₖ; the table gives, for every query, the entropy
// of its row and its largest weight, both ways (model.js: scale).
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot, toggle } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';

const DKS = [1, 2, 4, 8, 16, 32, 64];

export function scalingSection({ t, values, set, control, error }) {
  // The menu offers the powers of two, and a dₖ a link carries besides.
  const pick = control('sdk', { label: t('scaleDk'), options: [...new Set([...DKS, values.sdk])].sort((a, b) => a - b).map((v) => [v, String(v)]) });
  // Checked: scaled (unscaled in the URL is the box unchecked).
  const scaledToggle = toggle({ label: t('scaleToggle'), checked: !values.unscaled, onChange: (v) => set({ unscaled: !v }) });
  const err = errorSlot();
  const maps = { scaled: createHeatmap({ title: t('scaleMapScaled'), xLabel: t('keyWord'), yLabel: t('queryWord') }),
    raw: createHeatmap({ title: t('scaleMapRaw'), xLabel: t('keyWord'), yLabel: t('queryWord') }) };
  let tokens = [];
  const stats = createMatrixView({
    caption: t('scaleStats'), name: 'scale-stats', color: 'none', digits: 3,
    rowLabel: (i) => tokens[i] || String(i + 1),
    colLabel: (j) => t(['statHScaled', 'statMaxScaled', 'statHRaw', 'statMaxRaw'][j]),
  });
  const summary = h('p', { class: 'note scale-summary', 'aria-live': 'polite' });
  const el = h('div', { class: 'panel scaling', 'data-ex': 'scaleDemo' },
    h('div', { class: 'controls' }, pick.el, scaledToggle.el),
    err, h('div', { class: 'row scaling-row' }, maps.scaled.el, maps.raw.el, h('div', { class: 'scroll-x' }, stats.el)), summary);

  return {
    el, later: true,
    reads: ['sent', 'scale', 'sdk', 'unscaled'],
    draw({ sent, scale, sdk, unscaled }) {
      scaledToggle.input.checked = !unscaled;
      tokens = sent.tokens;
      const n = tokens.length;
      window.__attnlabScale = scale && { Q: scale.Q, K: scale.K, dk: sdk, unscaled };
      if (showError(err, t, error('scale'))) return;
      maps.scaled.set(scale.s.weights, { rowLabels: tokens, colLabels: tokens });
      maps.raw.set(scale.raw.weights, { rowLabels: tokens, colLabels: tokens });
      maps.scaled.el.hidden = unscaled;
      maps.raw.el.hidden = !unscaled;
      stats.set(scale.rows);
      const mean = (k) => scale.rows.reduce((x, r) => x + r[k], 0) / n;
      summary.textContent = t('scaleSummary', {
        dk: sdk, n, hmax: fmt(scale.hmax, 3), hs: fmt(mean(0), 3), ms: fmt(mean(1), 3), hr: fmt(mean(2), 3), mr: fmt(mean(3), 3),
      });
    },
    destroy: () => { delete window.__attnlabScale; },
  };
}
