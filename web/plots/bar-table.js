// The bar chart's table (bar-chart.js): a row per bar, with its item, its
// name (the bar's title, when bars have one), its parts when stacked (their
// titles), its total and its mark.
import { fmt } from '../util/format.js';

export function barsTable(t, { caption, yLabel, items, groups, totals }) {
  const all = groups.flat();
  const named = all.some((b) => b.title), stacked = all.some((b) => b.segments.length > 1), marked = all.some((b) => b.mark);
  const rows = groups.flatMap((bars, i) => bars.map((b, j) => [
    items[i].label ? String(items[i].label).replace(/\n/g, ' ') : String(i + 1),
    ...(named ? [b.title || ''] : []),
    ...(stacked ? [b.segments.map((sg) => sg.title || fmt(sg.value, 4)).join(' + ')] : []),
    totals[i][j],
    ...(marked ? [b.mark ? b.mark.value : null] : [])]));
  const head = [t('figure.item'), ...(named ? [t('figure.name')] : []), ...(stacked ? [t('figure.parts')] : []),
    stacked ? t('figure.total') : yLabel || t('figure.value'), ...(marked ? [t('figure.mark')] : [])];
  return { caption, head, rows };
}
