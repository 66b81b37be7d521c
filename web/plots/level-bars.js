// Bars measured against reference levels: each bar is a stack of segments
// (e.g. H(P) + KL(P||Q) on top of each other), optionally with a mark (a
// short tick at a value the stack should reach, e.g. the core's H(P, Q)),
// and horizontal reference lines with a text (e.g. log n). An infinite
// segment is drawn up to the top edge, dashed, and labelled ∞. Colours come
// from CSS classes (`--c`). The numbers are the caller's; this only draws.
//
//   const lb = createLevelBars({ariaLabel, yLabel})
//   lb.set({items: [{label, segments: [{value, className, title}], mark: {value, title}}],
//           lines: [{y, className, text, title}], max, format})
import { scaleLinear } from 'd3';
import { h, morph, nextId } from '../core/dom.js';
import { fmt } from '../core/format.js';
import { s, axes, clipRect } from './svg.js';
import { createDataTable, linesTable } from './data-table.js';

const M = { left: 46, right: 12, top: 22, bottom: 40 };

export function createLevelBars({ ariaLabel = '', yLabel = '', width = 420, height = 220 } = {}) {
  const svg = s('svg', { class: 'level-bars', role: 'img', 'aria-label': ariaLabel, viewBox: `0 0 ${width} ${height}`, width });
  const data = createDataTable();
  const el = h('figure', { class: 'figure level-bars-figure' }, svg, data.el);
  const y0 = height - M.bottom, y1 = M.top;

  const clipId = nextId('clip');
  function set({ items = [], lines = [], max, format = (v) => fmt(v, 3), showValues = true, xLabel = '' } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    // Line texts go in a gutter on the right, clear of the bars' values.
    const gutter = Math.max(0, ...lines.map((l) => (l.text ? 8 + 6.2 * String(l.text).length : 0)));
    const x0 = M.left, x1 = width - M.right - gutter;
    const totals = items.map((it) => it.segments.reduce((a, sg) => a + sg.value, 0));
    const finite = [...totals, ...lines.map((l) => l.y), ...items.map((it) => (it.mark ? it.mark.value : 0))].filter(Number.isFinite);
    const top = max !== undefined ? max : Math.max(1e-12, ...finite) * 1.12;
    const sy = scaleLinear([0, top], [y0, y1]);
    const sx = scaleLinear([0, 1], [x0, x1]);
    const n = Math.max(1, items.length);
    const slot = (x1 - x0) / n;
    const bw = Math.max(0.6, Math.min(64, slot * (n > 40 ? 0.9 : 0.62)));
    const clip = clipRect(x0, 0, x1 - x0 + 4, y0, clipId);
    out.appendChild(s('defs', {}, clip.el));
    out.appendChild(s('g', { 'aria-hidden': 'true' }, axes({ sx, sy, xTicks: [], yTicks: 4, yLabel, xLabel })));
    const g = s('g', { 'clip-path': clip.url });
    // Bars under 6 px apart (some 60 items or more) are drawn as one path
    // per colour, without tooltips (too thin to point at; the table lists
    // them): a rect and a title per bar took 40 ms of layout at 1,024 bars,
    // and 64 bars (the asymptotics lesson's weights) ~4 ms of each update.
    const dense = slot < 6 ? new Map() : null;
    items.forEach((it, i) => {
      const cx = x0 + slot * (i + 0.5);
      let base = 0;
      const bar = s('g', { class: `lb-bar ${it.className || ''}` });
      for (const sg of it.segments) {
        const inf = sg.value === Infinity;
        const v = inf ? top * 1.2 : Math.max(0, sg.value);
        if (!Number.isFinite(v)) continue;
        const ya = Math.max(y1 - 4, sy(Math.min(base, top * 1.05))), yb = Math.max(y1 - 4, sy(base + v));
        const cls = `lb-seg ${sg.className || ''} ${inf ? 'inf' : ''}`;
        base += v;
        if (dense) {
          dense.set(cls, `${dense.get(cls) || ''}M${(cx - bw / 2).toFixed(2)},${yb.toFixed(2)}h${bw.toFixed(2)}V${ya.toFixed(2)}h${(-bw).toFixed(2)}Z`);
          continue;
        }
        bar.appendChild(s('rect', { x: cx - bw / 2, y: yb, width: bw, height: Math.max(0, ya - yb), class: cls },
          sg.title ? s('title', {}, sg.title) : null));
      }
      if (it.mark && Number.isFinite(it.mark.value)) {
        const y = sy(it.mark.value);
        bar.appendChild(s('line', { x1: cx - bw / 2 - 5, x2: cx + bw / 2 + 5, y1: y, y2: y, class: 'lb-mark' }, it.mark.title ? s('title', {}, it.mark.title) : null));
      }
      if (bar.firstChild) g.appendChild(bar);
    });
    if (dense) for (const [cls, d] of dense) g.appendChild(s('path', { d, class: `${cls} lb-dense` }));
    for (const l of lines) {
      if (!Number.isFinite(l.y) || l.y > top) continue;
      const y = sy(l.y);
      g.appendChild(s('line', { x1: x0, x2: x1 + 4, y1: y, y2: y, class: `lb-line ${l.className || ''}` }, l.title ? s('title', {}, l.title) : null));
    }
    out.appendChild(g);
    // Texts outside the clip: values above the bars, labels below, line texts.
    items.forEach((it, i) => {
      const cx = x0 + slot * (i + 0.5);
      const total = totals[i];
      if (showValues && bw >= 14) {
        const y = Number.isFinite(total) ? Math.max(y1 - 8, sy(Math.min(top, total)) - 5) : y1 - 8;
        out.appendChild(s('text', { x: cx, y, 'text-anchor': 'middle', class: `lb-value ${Number.isFinite(total) ? '' : 'inf'}` }, Number.isFinite(total) ? format(total) : '∞'));
      }
      if (it.label && slot >= 12) {
        const parts = String(it.label).split('\n');
        const t = s('text', { x: cx, y: y0 + 15, 'text-anchor': 'middle', class: 'lb-label' });
        parts.forEach((p, k) => t.appendChild(s('tspan', { x: cx, dy: k ? 13 : 0 }, p)));
        out.appendChild(t);
      }
    });
    for (const l of lines) {
      if (!Number.isFinite(l.y) || l.y > top || !l.text) continue;
      out.appendChild(s('text', { x: x1 + 8, y: sy(l.y) + 4, class: `lb-line-text ${l.className || ''}` }, l.text));
    }
    out.appendChild(s('title', {}, ariaLabel));
    // A row per bar: its total, its parts when stacked (their titles), its mark.
    const t = data.t;
    const stacked = items.some((it) => it.segments.length > 1), marked = items.some((it) => it.mark);
    morph(svg, out);
    data.set([
      { caption: ariaLabel, head: [t('figure.item'), ...(stacked ? [t('figure.parts')] : []), t('figure.total'), ...(marked ? [t('figure.mark')] : [])],
        rows: items.map((it, i) => [it.label ? String(it.label).replace(/\n/g, ' ') : String(i + 1),
          ...(stacked ? [it.segments.map((sg) => sg.title || fmt(sg.value, 4)).join(' + ')] : []), totals[i], ...(marked ? [it.mark ? it.mark.value : null] : [])]) },
      linesTable(t, lines.map((l) => ({ label: l.text || l.title || '', value: l.y }))),
    ]);
  }

  return { el, svg, set };
}
