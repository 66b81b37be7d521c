// "Make it happen": the learner reaches a target with the lesson's own
// controls. inst.measure(values, lab, k) -> {ok, text}: checked on every
// change of the lesson's values (the shell calls update); reaching it once
// counts (the mark stays; the feedback follows the values). k(key, vars) translates the exercise's own strings (ex.<id>.<key>).
import { h } from '../../../ui/dom.js';
import { rich } from '../../../math/rich-text.js';
import { praise } from './card.js';

export function mountMake(card, { inst, t, lab }) {
  const now = h('p', { class: 'ex-measure', 'aria-live': 'polite' });
  card.body.append(now);
  let shown = '';  // what the feedback says: 'right', 'before' or nothing yet
  return {
    update(values) {
      let r;
      try { r = inst.measure(values, lab, card.k); } catch { return; }  // inputs the lesson itself reports as invalid
      now.replaceChildren(...rich(`${t('ex.now')} ${r.text}`));
      if (r.ok && card.mark !== 'c') card.result(true, praise(t, card.k('right')), values);
      else if (card.mark === 'c') {
        // The mark stays, but "done" must not stand beside a measure that says otherwise (η = 60: 24 %).
        if (r.ok && shown !== 'right') card.note(praise(t, card.k('right')));
        if (!r.ok && shown !== 'before') card.note(t('ex.reachedBefore'));
      }
      shown = r.ok ? 'right' : card.mark === 'c' ? 'before' : '';
    },
  };
}
