// The text alternative of a figure: under the SVG, a collapsed
// <details class="fig-data"> holding tables of exactly the numbers drawn,
// so that a screen reader, a printout or find-in-page gets the data and not
// only a picture. Every plot owns one and refreshes it in its set().
// The plots get no translator: the strings (figure.* in web/i18n/*.json)
// are read in the page's language, document.documentElement.lang, which
// the shell sets before it mounts a lesson (a language switch re-mounts).
//
//   const data = createDataTable()
//   figure.appendChild(data.el)
//   data.set([{caption, head: ['x', 'y'], rows: [['1', 0.5], ...]}, ...])
// The first cell of a row is its header; numbers go through fmt. Tables
// longer than MAX_ROWS show evenly spaced rows (first and last kept) and
// say so in their caption. A table with more than PRINT_COLS columns of
// values (the optimization lesson's 25 × 25 map) is printed in blocks of
// columns, each with the row headers: whole, it is wider than the paper.
import { h, clear } from '../ui/dom.js';
import { fmt, paren } from '../util/format.js';
import { translator } from '../ui/i18n.js';

export const MAX_ROWS = 50;
export const PRINT_COLS = 12;
const DEFER_MS = 150;

// t() for the shared strings, in the page's language.
export const figureText = () => translator(document.documentElement.lang || 'en');

// At most max of the items: every step-th (a whole step, so that a column
// of steps reads 0, 3, 6, …), and the last one.
export function evenly(items, max = MAX_ROWS) {
  if (items.length <= max) return items;
  const step = Math.ceil((items.length - 1) / (max - 1));
  const out = items.filter((_, k) => k % step === 0);
  if ((items.length - 1) % step) out.push(items[items.length - 1]);
  return out;
}

const cell = (v, digits) => (typeof v === 'number' ? fmt(v, digits) : v === null || v === undefined || v === '' ? '—' : String(v));

export function createDataTable({ digits = 4 } = {}) {
  const t = figureText();
  // A scrolling box is a tab stop so that keyboard users can scroll it (at 360 px a wide table does).
  const body = h('div', { class: 'fig-data-body', tabindex: '0', role: 'region', 'aria-label': t('figure.data') });
  const el = h('details', { class: 'fig-data', hidden: true }, h('summary', {}, t('figure.data')), body);

  // cols: the value columns shown, [from, to) (the row headers always).
  function grid(caption, head, rows, [from, to], cls) {
    const pick = (r) => [r[0], ...r.slice(1 + from, 1 + to)];
    return h('table', { class: cls },
      h('caption', {}, caption),
      head.length ? h('thead', {}, h('tr', {}, ...pick(head).map((x) => h('th', { scope: 'col' }, cell(x, digits))))) : null,
      h('tbody', {}, ...rows.map(pick).map(([first, ...rest]) => h('tr', {}, h('th', { scope: 'row' }, cell(first, digits)),
        ...rest.map((v) => h('td', {}, cell(v, digits)))))));
  }

  function table({ caption = '', head = [], rows = [] }) {
    const shown = evenly(rows);
    const note = shown.length < rows.length ? paren(t('figure.sampled', { shown: shown.length, total: rows.length })) : '';
    const n = Math.max(head.length, ...shown.map((r) => r.length)) - 1;
    if (n <= PRINT_COLS) return grid(caption + note, head, shown, [0, n]);
    // Print: blocks of about equal width, in a fragment after the table shown on screen.
    const blocks = Math.ceil(n / PRINT_COLS), size = Math.ceil(n / blocks);
    const out = document.createDocumentFragment();
    out.append(grid(caption + note, head, shown, [0, n], 'fig-data-screen'));
    for (let from = 0; from < n; from += size) {
      const to = Math.min(n, from + size);
      out.append(grid(caption + note + paren(t('figure.columns', { from: from + 1, to, n })), head, shown, [from, to], 'fig-data-print'));
    }
    return out;
  }

  // tables: [{caption, head, rows}]; empty ones are left out, and with
  // nothing to show the disclosure is hidden. While the disclosure is
  // closed, updates after the first are built once input pauses
  // (DEFER_MS): rebuilding hundreds of cells on every slider step cost
  // several ms of each drag frame. Opening it builds at once.
  let pending = null, timer = null, built = false;
  function set(tables) {
    pending = tables;
    if (!built || el.open) { flush(); return; }
    if (timer === null) timer = setTimeout(flush, DEFER_MS);
  }
  function flush() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (pending === null) return;
    const tables = pending;
    pending = null;
    built = true;
    clear(body);
    const list = tables.filter((tb) => tb && tb.rows && tb.rows.length);
    for (const tb of list) body.appendChild(table(tb));
    body.setAttribute('aria-label', list.length && list[0].caption ? `${t('figure.data')}: ${list[0].caption}` : t('figure.data'));
    el.hidden = !list.length;
  }
  el.addEventListener('toggle', () => { if (el.open) flush(); });

  return { el, set, t };
}

// Several (x, y) series as one table: a row per x value (series sharing an
// x share the row), a column per series; a missing value shows as —.
export function seriesTable({ caption, xLabel = 'x', series }) {
  const byX = new Map();
  series.forEach((q, k) => {
    for (const [x, y] of q.points) {
      if (!byX.has(x)) byX.set(x, new Array(series.length).fill(null));
      byX.get(x)[k] = y;
    }
  });
  const xs = [...byX.keys()].sort((a, b) => a - b);
  return { caption, head: [xLabel, ...series.map((q) => q.label)], rows: xs.map((x) => [x, ...byX.get(x)]) };
}

// Labelled reference lines (a bound, a memory cap, the current n).
export function linesTable(t, lines) {
  return { caption: t('figure.references'), head: [t('figure.line'), t('figure.value')], rows: lines.filter((l) => Number.isFinite(l.value)).map((l) => [l.label, l.value]) };
}
