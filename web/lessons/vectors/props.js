// Part 3 of the vectors lesson: the chapter's rules of matrix algebra
// checked on random matrices (seeded, sizes editable; `rules`, rules.js).
// The table gives the largest |difference| of every rule, and the selected
// rule shows its inputs, both sides and their difference.
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { errorSlot } from '../shared/kit.js';
import { sizeSelect } from '../shared/inputs.js';
import { numberInput, seedInput } from './inputs.js';
import { PROPS, RULES } from './rules.js';
import { shown } from './shown.js';
import schema from './params.js';

const P = schema.params;
// The rule in plain text for assistive technology (the typeset rule is hidden from it).
const ruleText = (id) => (id === 'commute' ? 'AB = BA ?' : `${RULES[id][1]} = ${RULES[id][2]}`);
const hideFromAT = (node) => { node.setAttribute('aria-hidden', 'true'); return node; };
const shapeText = (ins) => Object.entries(ins).map(([name, M]) => `${name}: ${M.length}×${M[0].length}`).join(', ');

function view(caption, M, name, color = 'signed') {
  const v = createMatrixView({ caption, color, digits: 4, name });
  v.set(M);
  return v;
}

export function propsSection(api) {
  const { t, values, set } = api;
  const err = errorSlot();
  const sizes = [['m', 'sizeM'], ['k', 'sizeK'], ['n', 'sizeN'], ['q', 'sizeQ']].map(([key, label]) =>
    sizeSelect(t(label), values[key], P[key].min, P[key].max, (v) => set({ [key]: v })));
  const seedCtl = seedInput({ t, value: values.seed, spec: P.seed, onChange: (seed) => set({ seed }) });
  const cInput = numberInput({ label: t('scalarLabel'), value: values.c, spec: P.c, onChange: (c) => set({ c }) });
  const table = h('table', { class: 'matrix vp-rules' });
  const detail = h('div', { class: 'vp-detail', 'aria-live': 'polite' });
  const el = h('div', { class: 'panel', 'data-ex': 'props' },
    h('div', { class: 'controls' }, ...sizes, ...seedCtl.el, cInput),
    h('p', { class: 'note' }, t('shapesNote')), err,
    h('div', { class: 'matrix-wrap' }, table), detail);

  function renderTable({ inputs, results }, prop) {
    table.append(h('caption', {}, t('rulesCaption')),
      h('thead', {}, h('tr', {}, ...['colRule', 'colShapes', 'colDiff', 'colVerdict'].map((key) => h('th', { scope: 'col' }, t(key))))),
      h('tbody', {}, ...PROPS.map((id) => {
        const r = results[id];
        const pick = h('button', { type: 'button', class: 'btn btn-small', 'aria-pressed': String(id === prop), onclick: () => set({ prop: id }) },
          h('span', { class: 'vp-sr' }, ruleText(id)), hideFromAT(texNode(RULES[id][0])));
        const verdict = id === 'commute' ? (r.equal ? 'verdictCommute' : 'verdictNotLaw') : r.worst === 0 ? 'verdictExact' : r.equal ? 'verdictEqual' : 'verdictDiffer';
        return h('tr', { class: id === prop ? 'on' : '' },
          h('th', { scope: 'row' }, pick), h('td', {}, shapeText(inputs[id])), h('td', {}, fmt(r.worst, 2)),
          h('td', { class: `check ${r.equal === (id !== 'commute') ? 'good' : 'bad'}` }, t(verdict)));
      })));
  }

  function renderDetail(ins, r, prop, c) {
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

  return {
    el,
    reads: ['rules', 'prop'],
    draw(vals) {
      const rules = shown(api, err, vals, 'rules');
      clear(table);
      clear(detail);
      if (!rules) return;
      renderTable(rules, vals.prop);
      renderDetail(rules.inputs[vals.prop], rules.results[vals.prop], vals.prop, vals.c);
    },
  };
}
