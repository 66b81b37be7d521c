// The figures of the real-model section (real-model.js): every head's
// pattern as a small map (a button: pressing it picks the head), the heads
// ranked by their scores, the next-character predictions. Numbers come in
// from the core; this file only lays them out and formats them.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { weightColor, setWeightVars } from '../../plots/colors.js';

// Below this, no score names a head.
const ROLE_MIN = 0.2;
// headScores' four scores, in the order of the ranking's columns.
export const ROLES = ['previousToken', 'prefixMatch', 'sameToken', 'firstToken'];

export const headName = (t, l, k) => t('rmHead', { l: l + 1, h: k + 1 });

// One head's n x n pattern as a small SVG (causal: the cells j <= i only).
// Cells of one colour are one path: 32 shades, a few dozen elements a map
// rather than n(n+1)/2 cells (2,080 at n = 64, each with its two theme
// colours, made the 8 maps a third of a second per keystroke). The large
// map of the head picked shows every value.
const SHADES = 32;
function smallMap(A, label) {
  const n = A.length;
  const cells = Array.from({ length: SHADES }, () => []);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) cells[Math.max(0, Math.min(SHADES - 1, Math.floor(A[i][j] * SHADES)))].push(`M${j} ${i}h1v1h-1z`);
  }
  const svg = h('svg', { class: 'heatmap rm-map', viewBox: `0 0 ${n} ${n}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': label },
    h('rect', { class: 'rm-frame', x: 0, y: 0, width: n, height: n }));
  cells.forEach((d, k) => {
    if (!d.length) return;
    const x = (k + 0.5) / SHADES;
    svg.appendChild(setWeightVars(h('path', { class: 'hm-cell', d: d.join(''), fill: weightColor(x) }), x));
  });
  return svg;
}

// The head's role: {key, score} from its largest score (a score is NaN
// when the text has no query it applies to, e.g. no repeated character).
export function headRole(scores, l, k) {
  let key = 'none', score = -Infinity;
  for (const r of ROLES) if (scores[r][l][k] > score) [key, score] = [r, scores[r][l][k]];
  return { key: score < ROLE_MIN ? 'none' : key, score };
}

// The 2 x 4 maps, each a button (aria-pressed: the head picked).
export function drawMaps(grid, { t, attention, scores, picked, onPick }) {
  const buttons = [];
  attention.forEach((layer, l) => layer.forEach((A, k) => {
    const name = headName(t, l, k);
    const role = t(`rmRole.${headRole(scores, l, k).key}`);
    const on = picked[0] === l && picked[1] === k;
    const b = h('button', { type: 'button', class: 'rm-head', 'aria-pressed': on ? 'true' : 'false', dataset: { head: `${l}.${k}` }, onclick: () => onPick([l, k]) },
      h('span', { class: 'rm-head-name' }, name), smallMap(A, `${t('rmHeadLong', { l: l + 1, h: k + 1 })}: ${role}`), h('span', { class: 'rm-head-role' }, role));
    buttons.push(b);
  }));
  grid.replaceChildren(...buttons);
}

// The heads ranked by their largest score, as a table.
export function rankingTable(t, scores) {
  const rows = [];
  scores.previousToken.forEach((layer, l) => layer.forEach((_, k) => rows.push({ l, k, ...headRole(scores, l, k) })));
  rows.sort((a, b) => b.score - a.score);
  const th = (s) => h('th', { scope: 'col' }, s);
  return h('table', { class: 'rm-rank' },
    h('thead', {}, h('tr', {}, th(t('rmColHead')), th(t('rmColRole')), ...ROLES.map((r) => th(t(`rmCol.${r}`))))),
    h('tbody', {}, ...rows.map(({ l, k, key }) => h('tr', { dataset: { head: `${l}.${k}`, role: key } },
      h('th', { scope: 'row' }, headName(t, l, k)), h('td', {}, t(`rmRole.${key}`)),
      ...ROLES.map((r) => h('td', { class: 'num' }, Number.isNaN(scores[r][l][k]) ? '–' : fmt(scores[r][l][k], 3)))))));
}

// A vocabulary entry as shown: "other" and the invisible characters named.
export function charName(t, model, id) {
  if (id >= model.vocab.length) return t('rmOther');
  const c = model.vocab[id];
  return c === ' ' ? `␣ (${t('rmSpace')})` : c === '\n' ? `↵ (${t('rmNewline')})` : c;
}

// The top 5 of probs (the core's softmax) as a table with bars.
export function predictionTable(t, model, probs) {
  const top = probs.map((p, id) => [id, p]).sort((a, b) => b[1] - a[1]).slice(0, 5);
  const bar = (p) => { const s = h('span', { class: 'rm-bar' }); s.style.width = `${(100 * p).toFixed(1)}%`; return s; };
  return h('table', { class: 'rm-pred' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('rmColChar')), h('th', { scope: 'col' }, t('rmColProb')))),
    h('tbody', {}, ...top.map(([id, p]) => h('tr', {},
      h('th', { scope: 'row', class: 'rm-char' }, charName(t, model, id)),
      h('td', { class: 'num' }, h('span', { class: 'rm-bar-box' }, bar(p)), h('span', { class: 'rm-p' }, `${fmt(100 * p, 3)} %`))))));
}
