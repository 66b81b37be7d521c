// The √dₖ demonstration: random queries and keys whose entries have mean 0
// and variance 1 (uniform on [−√3, √3], one decimal), one per token, of
// size dₖ up to 64. The map shows the weights with or without the 1/√dₖ;
// the table gives, for every query, the entropy of its row and its largest
// weight, both ways, from lab.attention and lab.entropy.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { rng, randomMatrix } from '../../core/random.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { guard, errorSlot, toggle } from '../shared/kit.js';

const DKS = [1, 2, 4, 8, 16, 32, 64];

export function scaleInputs(seed, n, dk) {
  const next = rng(seed * 31 + 5);
  return { Q: randomMatrix(next, n, dk, Math.sqrt(3)), K: randomMatrix(next, n, dk, Math.sqrt(3)) };
}

export function createScaling({ lab, t, dk, unscaled, onChange }) {
  const err = errorSlot();
  const options = [...new Set([...DKS, dk])].sort((a, b) => a - b);
  const pick = h('select', {}, ...options.map((v) => h('option', { value: String(v), selected: v === dk }, String(v))));
  pick.addEventListener('change', () => { dk = Number(pick.value); onChange({ sdk: dk }); render(); });
  const scaledToggle = toggle({ label: t('scaleToggle'), checked: !unscaled, onChange: (v) => { unscaled = !v; onChange({ unscaled }); render(); } });
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
    h('div', { class: 'controls' }, h('label', {}, t('scaleDk'), pick), scaledToggle.el),
    err, h('div', { class: 'row scaling-row' }, maps.scaled.el, maps.raw.el, h('div', { class: 'scroll-x' }, stats.el)), summary);
  let args = null;

  function render(a = args) {
    args = a;
    if (!args) return;
    tokens = args.tokens;
    const n = tokens.length;
    const { Q, K } = scaleInputs(args.seed, n, dk);
    window.__attnlabScale = { Q, K, dk, unscaled };
    const res = guard(err, t, () => {
      const s = lab.attention(Q, K, K);
      const raw = lab.attention(Q, K, K, { scale: 1 });
      return { s, raw, rows: s.weights.map((w, i) => [lab.entropy(w), Math.max(...w), lab.entropy(raw.weights[i]), Math.max(...raw.weights[i])]) };
    });
    if (!res) return;
    maps.scaled.set(res.s.weights, { rowLabels: tokens, colLabels: tokens });
    maps.raw.set(res.raw.weights, { rowLabels: tokens, colLabels: tokens });
    maps.scaled.el.hidden = unscaled;
    maps.raw.el.hidden = !unscaled;
    stats.set(res.rows);
    const mean = (k) => res.rows.reduce((x, r) => x + r[k], 0) / n;
    summary.textContent = t('scaleSummary', {
      dk, n, hmax: fmt(lab.entropy(tokens.map(() => 1 / n)), 3), hs: fmt(mean(0), 3), ms: fmt(mean(1), 3), hr: fmt(mean(2), 3), mr: fmt(mean(3), 3),
    });
  }

  return { el, render };
}
