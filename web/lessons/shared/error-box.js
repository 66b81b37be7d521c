// A section's error box: the core's error e said in it, or (e null) the
// box emptied and hidden. Returns whether there was an error.
import { showCoreError } from '../shared/kit.js';

export function showError(slot, t, e) {
  if (e) showCoreError(slot, t, e);
  else { slot.textContent = ''; slot.hidden = true; }
  return !!e;
}
