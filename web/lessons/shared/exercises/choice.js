// "Predict, then reveal" and "explain why": a choice among options, each
// wrong option with its own explanation (ex.<id>.why.<option>). A
// prediction is committed once: then the core's numbers (inst.reveal, TeX)
// are shown, right or wrong. An explanation may be tried again.
import { h } from '../../../ui/dom.js';
import { texNode } from '../../../math/tex.js';
import { rich } from '../../../math/rich-text.js';
import { texWords } from './tex-words.js';
import { praise } from './card.js';

export function mountChoice(card, { def, inst, t }) {
  const name = `ex-${def.id}-choice`;
  const radios = inst.choices.map((c) => h('input', { type: 'radio', name, value: c }));
  const group = h('fieldset', { class: 'ex-choices' },
    h('legend', { class: 'visually-hidden' }, rich(card.k('title'))),
    ...inst.choices.map((c, i) => h('label', { class: 'ex-choice' }, radios[i], ' ', rich(card.k(`choices.${c}`)))));
  const check = h('button', { type: 'button', class: 'btn btn-primary' }, t(def.kind === 'predict' ? 'ex.commit' : 'ex.check'));
  const reveal = h('div', { class: 'ex-reveal', hidden: true },
    h('p', { class: 'ex-reveal-title' }, t('ex.revealed')),
    ...(inst.reveal ? [texNode(texWords(inst.reveal, card.k), true, 'div')] : []));
  card.body.append(group, h('div', { class: 'ex-actions' }, check), reveal);

  const committed = () => def.kind === 'predict' && card.mark !== '-';
  function lock() {
    for (const r of radios) r.disabled = true;
    check.disabled = true;
    reveal.hidden = false;
  }
  check.addEventListener('click', () => {
    const picked = radios.find((r) => r.checked);
    if (!picked) { card.result(false, t('ex.pickOne')); return; }
    const ok = picked.value === inst.answer;
    const why = card.k(`why.${picked.value}`);
    const verdict = ok ? praise(t, why) : `${t('ex.notQuite')} ${why}`;
    if (def.kind !== 'predict') { card.result(ok, verdict, [picked.value]); return; }
    // A prediction is committed once: a wrong one names the answer and opens the worked solution.
    card.result(ok, ok ? verdict : `${verdict} ${t('ex.theAnswer', { answer: card.k(`choices.${inst.answer}`) })}`, [picked.value]);
    lock();
    if (!ok) card.showSolution();
  });
  if (committed()) { lock(); if (card.mark !== 'c') card.showSolution(); }
}
