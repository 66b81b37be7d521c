// Part 3 of the vectors lesson: the chapter's rules of matrix algebra checked
// on random matrices (seeded, sizes editable). Both sides of each rule are
// computed by the core (matmul, transpose, and add / scale / sub row by
// row); the table gives the largest |difference| of every rule, and the
// selected rule shows its inputs, both sides and their difference.
import { h, clear } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { rng, randomMatrix } from '../../core/random.js';
import { texNode } from '../../core/tex.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { guard, errorSlot } from '../shared/kit.js';
import { sizeSelect, seedInput } from './inputs.js';

export const PROPS = ['assoc', 'distL', 'distR', 'transProd', 'transSum', 'transScale', 'commute'];
// [TeX of the rule, plain left side, plain right side]
const RULES = {
  assoc: ['A(BC) = (AB)C', 'A(BC)', '(AB)C'],
  distL: ['A(B + C) = AB + AC', 'A(B + C)', 'AB + AC'],
  distR: ['(A + B)C = AC + BC', '(A + B)C', 'AC + BC'],
  transProd: ['(AB)^\\top = B^\\top A^\\top', '(AB)ᵀ', 'BᵀAᵀ'],
  transSum: ['(A + B)^\\top = A^\\top + B^\\top', '(A + B)ᵀ', 'Aᵀ + Bᵀ'],
  transScale: ['(\\alpha A)^\\top = \\alpha A^\\top', '(αA)ᵀ', 'αAᵀ'],
  commute: ['AB \\overset{?}{=} BA', 'AB', 'BA'],
};

// Inputs of every rule from one seed; shapes follow the sizes m, k, n, q.
function inputsFor(seed, { m, k, n, q }) {
  const next = rng(seed);
  const A = randomMatrix(next, m, k), B = randomMatrix(next, k, n), C = randomMatrix(next, n, q);
  const B2 = randomMatrix(next, k, n), A2 = randomMatrix(next, m, k);
  const S1 = randomMatrix(next, m, m), S2 = randomMatrix(next, m, m);
  return {
    assoc: { A, B, C }, distL: { A, B, C: B2 }, distR: { A, B: A2, C: B }, transProd: { A, B },
    transSum: { A, B: A2 }, transScale: { A }, commute: { A: S1, B: S2 },
  };
}

function sides(lab, id, { A, B, C }, alpha) {
  const add = (X, Y) => X.map((r, i) => lab.add(r, Y[i]));
  const scale = (a, X) => X.map((r) => lab.scale(a, r));
  const { matmul: mm, transpose: tr } = lab;
  switch (id) {
    case 'assoc': return [mm(A, mm(B, C)), mm(mm(A, B), C)];
    case 'distL': return [mm(A, add(B, C)), add(mm(A, B), mm(A, C))];
    case 'distR': return [mm(add(A, B), C), add(mm(A, C), mm(B, C))];
    case 'transProd': return [tr(mm(A, B)), mm(tr(B), tr(A))];
    case 'transSum': return [tr(add(A, B)), add(tr(A), tr(B))];
    case 'transScale': return [tr(scale(alpha, A)), scale(alpha, tr(A))];
    default: return [mm(A, B), mm(B, A)];
  }
}

// The rule in plain text for assistive technology (the KaTeX is hidden from it).
const ruleText = (id) => (id === 'commute' ? 'AB = BA ?' : `${RULES[id][1]} = ${RULES[id][2]}`);
const hideFromAT = (node) => { node.setAttribute('aria-hidden', 'true'); return node; };

export function createPropsPart(ctx) {
  const { lab, t } = ctx;
  let { m, k, n, q, seed, c, prop } = ctx.values;
  const err = errorSlot();
  const sizes = [['m', 'sizeM'], ['k', 'sizeK'], ['n', 'sizeN'], ['q', 'sizeQ']].map(([key, label]) =>
    sizeSelect({ label: t(label), value: ctx.values[key], min: 1, max: 5, onChange: (v) => { ({ m, k, n, q } = { m, k, n, q, [key]: v }); save(); update(); } }));
  const seedCtl = seedInput({ t, value: seed, onChange: (s) => { seed = s; save(); update(); } });
  const cInput = h('input', { type: 'number', min: '-5', max: '5', step: '0.5', value: String(c), class: 'seed' });
  cInput.addEventListener('change', () => {
    const v = Number(cInput.value);
    if (cInput.value.trim() !== '' && Number.isFinite(v)) { c = Math.max(-5, Math.min(5, v)); cInput.value = String(c); save(); update(); } else cInput.value = String(c);
  });
  const table = h('table', { class: 'matrix vp-rules' });
  const detail = h('div', { class: 'vp-detail', 'aria-live': 'polite' });
  const el = h('div', { class: 'panel' },
    h('div', { class: 'controls' }, ...sizes, ...seedCtl.el, h('label', {}, t('scalarLabel'), cInput)),
    h('p', { class: 'note' }, t('shapesNote')), err,
    h('div', { class: 'matrix-wrap' }, table), detail);

  function save() { ctx.setValues({ m, k, n, q, seed, c, prop }); }

  function maxDiff(L, R) {
    let worst = 0, scale = 0;
    L.forEach((row, i) => {
      worst = Math.max(worst, lab.norm(lab.sub(row, R[i]), { p: Infinity }));
      scale = Math.max(scale, lab.norm(row, { p: Infinity }));
    });
    return { worst, equal: worst <= 1e-10 * (1 + scale) };
  }

  const shapeText = (ins) => Object.entries(ins).map(([name, M]) => `${name}: ${M.length}×${M[0].length}`).join(', ');

  function update() {
    const all = inputsFor(seed, { m, k, n, q });
    const results = guard(err, t, () => Object.fromEntries(PROPS.map((id) => {
      const [L, R] = sides(lab, id, all[id], c);
      return [id, { L, R, ...maxDiff(L, R), D: L.map((row, i) => lab.sub(row, R[i])) }];
    })));
    clear(table);
    clear(detail);
    if (!results) return;
    table.append(h('caption', {}, t('rulesCaption')),
      h('thead', {}, h('tr', {}, ...['colRule', 'colShapes', 'colDiff', 'colVerdict'].map((key) => h('th', { scope: 'col' }, t(key))))),
      h('tbody', {}, ...PROPS.map((id) => {
        const r = results[id];
        const pick = h('button', { type: 'button', class: 'btn btn-small', 'aria-pressed': String(id === prop), onclick: () => { prop = id; save(); update(); } },
          h('span', { class: 'vp-sr' }, ruleText(id)), hideFromAT(texNode(RULES[id][0])));
        const verdict = id === 'commute' ? (r.equal ? 'verdictCommute' : 'verdictNotLaw') : r.worst === 0 ? 'verdictExact' : r.equal ? 'verdictEqual' : 'verdictDiffer';
        return h('tr', { class: id === prop ? 'on' : '' },
          h('th', { scope: 'row' }, pick), h('td', {}, shapeText(all[id])), h('td', {}, fmt(r.worst, 2)),
          h('td', { class: `check ${r.equal === (id !== 'commute') ? 'good' : 'bad'}` }, t(verdict)));
      })));
    renderDetail(all[prop], results[prop]);
  }

  function view(caption, M, name, color = 'signed') {
    const v = createMatrixView({ caption, color, digits: 4, name });
    v.set(M);
    return v;
  }

  function renderDetail(ins, r) {
    const [, lhs, rhs] = RULES[prop];
    // The difference uncoloured; its nonzero cells (rounding) outlined.
    const diff = view(t('diffCaption'), r.D, 'prop-diff', null);
    diff.mark({ cells: r.D.flatMap((row, i) => row.flatMap((d, j) => (d !== 0 ? [[i, j]] : []))) });
    detail.append(
      h('h3', { class: 'h-small' }, t('detailHeading'), ' ', texNode(RULES[prop][0])),
      h('p', {}, t(`rule.${prop}`)),
      h('div', { class: 'row' }, ...Object.entries(ins).map(([name, M]) => view(name, M, `prop-${name}`).el),
        prop === 'transScale' ? h('p', {}, `α = ${fmt(c, 4)}`) : null),
      h('div', { class: 'row' }, view(t('lhsCaption', { f: lhs }), r.L, 'prop-lhs').el, view(t('rhsCaption', { f: rhs }), r.R, 'prop-rhs').el, diff.el),
      h('p', { class: `check ${r.equal === (prop !== 'commute') ? 'good' : 'bad'}` },
        t(prop === 'commute' ? (r.equal ? 'commuteEqual' : 'commuteDiffer') : r.equal ? 'sameSides' : 'differentSides', { d: fmt(r.worst, 2) })));
  }

  update();
  return { el };
}
