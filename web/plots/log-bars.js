// Grouped bar chart on a logarithmic value axis: each group (a singular
// value, a sequence length) holds one or more bars; optional horizontal
// reference lines (a memory cap). Values spanning many orders of magnitude
// stay readable. Bars carry a <title> and a value label; colours follow
// CSS classes (`--c`).
//
//   const bars = createLogBars({ariaLabel, yLabel})
//   bars.set({groups: [{label, bars: [{value, className, text, title}]}], hlines: [{y, className, label}]})
import { scaleLog } from 'd3';
import { h, morph } from '../core/dom.js';
import { fmt } from '../core/format.js';
import { s, pow10Label } from './svg.js';
import { createDataTable, linesTable } from './data-table.js';

export function createLogBars({ ariaLabel = '', yLabel = '', height = 240, minWidth = 260, yFormat } = {}) {
  const svg = s('svg', { class: 'log-bars', role: 'img', 'aria-label': ariaLabel });
  const data = createDataTable();
  const el = h('figure', { class: 'figure log-bars-figure' }, svg, data.el);
  const M = { left: 54, right: 10, top: 18, bottom: 30 };

  function set({ groups = [], hlines = [], floor } = {}) {
    // Drawn afresh, then merged into the shown figure (morph: only what
    // changed is touched).
    const out = document.createDocumentFragment();
    const nb = Math.max(1, ...groups.map((g) => g.bars.length));
    const bw = nb === 1 ? Math.max(18, Math.min(46, Math.floor(360 / Math.max(groups.length, 1)))) : Math.max(40, Math.min(60, Math.floor(540 / (groups.length * nb))));
    const gw = nb * bw + 14;
    const width = Math.max(minWidth, M.left + M.right + groups.length * gw);
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.setAttribute('width', String(width));
    out.appendChild(s('title', {}, ariaLabel));
    const vals = [...groups.flatMap((g) => g.bars.map((b) => b.value)), ...hlines.map((l) => l.y)].filter((v) => v > 0 && Number.isFinite(v));
    let hi = vals.length ? Math.max(...vals) : 1;
    let lo = floor || (vals.length ? Math.min(...vals) : 0.1);
    lo = 10 ** Math.floor(Math.log10(lo) - 0.3);
    hi = 10 ** Math.ceil(Math.log10(hi) + 0.15);
    const sy = scaleLog([lo, hi], [height - M.bottom, M.top]).clamp(true);
    const base = height - M.bottom;
    const a = Math.round(Math.log10(lo)), b = Math.round(Math.log10(hi));
    const every = Math.max(1, Math.ceil((b - a + 1) / 6));
    for (let e = a; e <= b; e += every) {
      const y = sy(10 ** e);
      out.appendChild(s('line', { x1: M.left, x2: width - M.right, y1: y, y2: y, class: 'lb-grid' }));
      out.appendChild(s('text', { x: M.left - 6, y: y + 4, 'text-anchor': 'end', class: 'plot-tick' }, yFormat ? yFormat(10 ** e) : pow10Label(e)));
    }
    out.appendChild(s('line', { x1: M.left, x2: width - M.right, y1: base, y2: base, class: 'plot-axis' }));
    if (yLabel) {
      const cy = (M.top + base) / 2;
      out.appendChild(s('text', { x: 12, y: cy, 'text-anchor': 'middle', class: 'plot-label', transform: `rotate(-90 12 ${cy})` }, yLabel));
    }
    groups.forEach((g, gi) => {
      const x0 = M.left + 8 + gi * gw;
      g.bars.forEach((bar, bi) => {
        const v = bar.value;
        const x = x0 + bi * bw;
        const top = v > 0 && Number.isFinite(v) ? sy(v) : base - 1;
        const grp = s('g', { class: `lb-bar ${bar.className || ''}` });
        grp.appendChild(s('rect', { x: x + 1, y: Math.min(top, base - 1), width: bw - 3, height: Math.max(1, base - top) }, s('title', {}, bar.title || fmt(v, 4))));
        if (bar.text !== '') grp.appendChild(s('text', { x: x + bw / 2, y: Math.min(top, base - 1) - 4, 'text-anchor': 'middle', class: 'lb-value' }, bar.text !== undefined ? bar.text : fmt(v, 3)));
        out.appendChild(grp);
      });
      out.appendChild(s('text', { x: x0 + (nb * bw) / 2, y: base + 16, 'text-anchor': 'middle', class: 'lb-label' }, g.label));
    });
    for (const l of hlines) {
      if (!(l.y > 0)) continue;
      const y = sy(l.y);
      out.appendChild(s('line', { x1: M.left, x2: width - M.right, y1: y, y2: y, class: `ll-hline ${l.className || ''}` }));
      if (l.label) out.appendChild(s('text', { x: M.left + 4, y: y - 5, 'text-anchor': 'start', class: `ll-hlabel ${l.className || ''}` }, l.label));
    }
    // A row per bar: its group, its title (what the bar is), its value.
    const t = data.t;
    morph(svg, out);
    data.set([
      { caption: ariaLabel, head: [t('figure.item'), t('figure.name'), yLabel || t('figure.value')],
        rows: groups.flatMap((g) => g.bars.map((bar) => [g.label, bar.title || '', bar.value])) },
      linesTable(t, hlines.map((l) => ({ label: l.label, value: l.y }))),
    ]);
  }

  return { el, svg, set };
}
