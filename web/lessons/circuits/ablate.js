// Knocking heads out: a head left out of the residual stream (its output
// not added; lab.transformerLoss's ablate) at the checkpoint shown. Once
// the circuit has formed, removing either of its two heads brings the
// repeat's loss back up.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { HEADS } from './setting.js';
const pair = (name) => name.split('.').map((x) => Number(x) - 1);

export function ablateSection({ lab, t, values, set }) {
  const boxes = HEADS.map((name) => {
    const input = h('input', { type: 'checkbox', value: name });
    input.addEventListener('change', () => set({ off: HEADS.filter((_, k) => boxes[k].input.checked) }));
    const [l, hd] = pair(name);
    return { input, el: h('label', {}, input, ' ', t('headName', { l: l + 1, h: hd + 1 })) };
  });
  const table = h('table', { class: 'matrix ci-ablate' });
  const note = h('p', { class: 'check', 'aria-live': 'polite' });
  const el = h('div', { class: 'panel', 'data-ex': 'ablate' },
    h('fieldset', { class: 'controls ci-off' }, h('legend', {}, t('offLegend')), ...boxes.map((b) => b.el)),
    h('div', { class: 'matrix-wrap' }, table), note);

  return {
    el,
    later: true,
    reads: ['shown', 'off'],
    draw(v) {
      boxes.forEach((b, k) => { b.input.checked = v.off.includes(HEADS[k]); });
      if (!v.run) return;
      const c = v.shown;
      const { tokens } = v.run.test;
      const ablate = v.off.map(pair);
      const loss = (targets) => lab.transformerLoss({ tokens, targets }, c.two.params, { ablate }).loss;
      // The intact model's losses are the checkpoint's; with heads left out, measured now.
      const rows = [[t('intact'), c.two.repeat, c.two.first]];
      if (ablate.length) rows.push([t('ablated'), loss(v.run.split.repeat), loss(v.run.split.first)]);
      table.replaceChildren(h('caption', {}, t('ablateCaption', { k: c.step })),
        h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), h('th', { scope: 'col' }, t('series.repeat')), h('th', { scope: 'col' }, t('series.first')))),
        h('tbody', {}, ...rows.map(([name, r, f]) => h('tr', {}, h('th', { scope: 'row' }, name),
          h('td', { dataset: { value: String(r) } }, fmt(r, 4)), h('td', { dataset: { value: String(f) } }, fmt(f, 4))))));
      const rise = ablate.length ? rows[1][1] - rows[0][1] : 0;
      note.className = ablate.length ? `check ${rise > 0.5 ? 'bad' : 'good'}` : 'note';
      note.textContent = ablate.length ? t('ablateNote', { rise: fmt(rise, 3), heads: v.off.map((n) => { const [l, hd] = pair(n); return t('headName', { l: l + 1, h: hd + 1 }); }).join(t('listSep')) }) : t('ablateNone');
    },
  };
}
