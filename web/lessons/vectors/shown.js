// A derived value (index.js) as a part shows it: the value, or null with
// the core's error in the part's error slot (shared/kit.js guard).
import { guard } from '../shared/kit.js';

export const shown = ({ t, error }, slot, values, name) => guard(slot, t, () => {
  if (error(name)) throw error(name);
  return values[name];
});
