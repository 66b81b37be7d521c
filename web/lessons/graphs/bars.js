// Two small SVG bar charts for the graphs lesson, readable from 2 to 40
// bars (the shared plots/bars.js writes every value above its bar, which
// runs together past a dozen bars):
//   createSpectrum  vertical bars of the Laplacian's eigenvalues, ascending;
//                   the (near) zero ones get a marker, since a zero bar is
//                   invisible; values written only when there is room.
//   createHBars     horizontal bars, one row per item (a neighbourhood's
//                   scores or weights), signed values around a zero line.
import { scaleLinear } from 'd3';
import { h, clear } from '../../ui/dom.js';
import { fmt, paren } from '../../util/format.js';
import { createDataTable } from '../../plots/data-table.js';

export function createSpectrum({ ariaLabel, zeroLabel }) {
  const svg = h('svg', { class: 'gr-spectrum', role: 'img', 'aria-label': ariaLabel });
  const data = createDataTable({ digits: 6 });
  const el = h('figure', { class: 'figure' }, svg, data.el);
  const H = 190, top = 18, bottom = 30, left = 34;

  function set(values, { max, isZero }) {
    clear(svg);
    const n = values.length;
    const bw = Math.max(9, Math.min(44, Math.floor(520 / Math.max(n, 1))));
    const W = left + n * bw + 10;
    // The axis ends at a round value above max, with ticks at round values (0, 2, 4, 6).
    const axis = scaleLinear().domain([0, max > 0 ? max : 1]).nice(3);
    const hi = axis.domain()[1];
    const y = (v) => top + (1 - Math.min(hi, Math.max(0, v)) / hi) * (H - top - bottom);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', String(W));
    svg.appendChild(h('title', {}, ariaLabel));
    for (const v of axis.ticks(3)) {
      svg.appendChild(h('line', { x1: String(left - 4), x2: String(W - 6), y1: String(y(v)), y2: String(y(v)), class: v === 0 ? 'gr-axis' : 'gr-grid' }));
      svg.appendChild(h('text', { x: String(left - 7), y: String(y(v) + 4), 'text-anchor': 'end', class: 'gr-tick' }, fmt(v, 3)));
    }
    const every = Math.ceil(n / 20);
    values.forEach((v, k) => {
      const x = left + k * bw;
      const zero = isZero(v);
      const g = h('g', { class: zero ? 'gr-bar zero' : 'gr-bar' });
      g.appendChild(h('rect', { x: String(x + 1), y: String(y(v)), width: String(bw - 2), height: String(Math.max(0, y(0) - y(v))) }));
      if (zero) g.appendChild(h('circle', { cx: String(x + bw / 2), cy: String(y(0)), r: String(Math.min(5, bw / 2 - 1)), class: 'gr-zero' }));
      g.appendChild(h('title', {}, `λ${k + 1} = ${fmt(v, 6)}${zero ? paren(zeroLabel) : ''}`));
      if (bw >= 30) g.appendChild(h('text', { x: String(x + bw / 2), y: String(y(v) - (zero ? 9 : 4)), 'text-anchor': 'middle', class: 'gr-value' }, zero ? '≈ 0' : fmt(v, 3)));
      if (k % every === 0)
        g.appendChild(h('text', { x: String(x + bw / 2), y: String(H - bottom + 14), 'text-anchor': 'middle', class: 'gr-tick' }, String(k + 1)));
      svg.appendChild(g);
    });
    svg.appendChild(h('text', { x: String(left + (n * bw) / 2), y: String(H - 3), 'text-anchor': 'middle', class: 'gr-tick' }, 'k  (λₖ)'));
    data.set([{ caption: ariaLabel, head: ['k', 'λₖ'], rows: values.map((v, k) => [String(k + 1), v]) }]);
  }

  return { el, svg, set };
}

export function createHBars({ ariaLabel }) {
  const svg = h('svg', { class: 'gr-hbars', role: 'img', 'aria-label': ariaLabel });
  const data = createDataTable();
  const el = h('figure', { class: 'figure' }, svg, data.el);
  const row = 20, labelW = 58, barW = 170, valueW = 62, top = 6;

  // items: [{label, value}]; range [lo, hi] with lo <= 0 <= hi.
  function set(items, { range = [0, 1], highlight = -1, title = ariaLabel, active = false } = {}) {
    clear(svg);
    svg.setAttribute('aria-label', title);
    svg.classList.toggle('active', active);
    const [lo, hi] = [Math.min(0, range[0]), Math.max(0, range[1], 1e-12)];
    const x = (v) => labelW + ((Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo || 1)) * barW;
    const W = labelW + barW + valueW, H = top * 2 + items.length * row + 16;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', String(W));
    svg.appendChild(h('title', {}, title));
    svg.appendChild(h('text', { x: String(labelW), y: '12', class: 'gr-tick' }, title));
    const x0 = x(0);
    items.forEach(({ label, value }, k) => {
      const y = top + 16 + k * row;
      const v = Number.isFinite(value) ? value : 0;
      const g = h('g', { class: k === highlight ? 'gr-hbar hl' : 'gr-hbar' });
      g.appendChild(h('text', { x: String(labelW - 6), y: String(y + row / 2 + 4), 'text-anchor': 'end', class: 'gr-tick' }, label));
      g.appendChild(h('rect', { x: String(Math.min(x0, x(v))), y: String(y + 3), width: String(Math.max(1, Math.abs(x(v) - x0))), height: String(row - 6), class: v < 0 ? 'neg' : '' }));
      g.appendChild(h('text', { x: String(labelW + barW + 6), y: String(y + row / 2 + 4), class: 'gr-value' }, fmt(value, 4)));
      svg.appendChild(g);
    });
    svg.appendChild(h('line', { x1: String(x0), x2: String(x0), y1: String(top + 14), y2: String(top + 18 + items.length * row), class: 'gr-axis' }));
    data.set([{ caption: title, head: [data.t('figure.item'), data.t('figure.value')], rows: items.map(({ label, value }) => [label, value]) }]);
  }

  return { el, svg, set };
}
