// What renormalizing did to the learner's numbers (a note) and what went
// wrong (an error box), for the distribution and for the joint table.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { errorSlot, showCoreError } from '../shared/kit.js';

// noteKey: the string that names the total divided by ({s}).
export function renormNote(t, noteKey) {
  const note = h('p', { class: 'pb-note', 'aria-live': 'polite', hidden: true });
  const err = errorSlot();
  return {
    note, err,
    // norm: normalize() of norm.js, null when it threw normError; nextError:
    // what the core said of the normalized numbers. Says whether it failed.
    show(norm, normError, nextError) {
      if (norm) {
        note.hidden = !norm.scaled;
        note.textContent = norm.zero ? t('zeroNote') : norm.scaled ? t(noteKey, { s: fmt(norm.sum, 6) }) : '';
      }
      const failed = normError || (norm.zero ? new Error(t('zeroError')) : nextError);
      if (failed) showCoreError(err, t, failed);
      else { err.textContent = ''; err.hidden = true; }
      return !!failed;
    },
  };
}
