// An exercise's numbers for a seed: drawn from the exercise seed (URL
// parameter xseed) mixed with the exercise id, so that each exercise has
// its own stream and a reload shows the same numbers. Pure: the js tests
// recompute the same instances through the API.
import { rng } from '../../../util/random.js';
import { within } from './tolerance.js';

// FNV-1a: a stable number per exercise id, mixed into the seed.
function hash(text) {
  let x = 0x811c9dc5;
  for (const c of text) x = Math.imul(x ^ c.codePointAt(0), 0x01000193) >>> 0;
  return x;
}

export const exerciseRng = (seed, id) => rng((seed ^ hash(id)) >>> 0);

// The numbers of one exercise for a seed: what the page shows and what a
// test recomputes through the API. Options of a choice are shown in an
// order drawn from the seed too; a known mistake that gives the right
// answer to the stated tolerance (for these numbers) is no mistake.
export function instanceOf(def, seed, lab) {
  const inst = def.make(exerciseRng(seed, def.id), lab);
  if (inst.mistakes) inst.mistakes = inst.mistakes.filter((m) => !within(m.value, inst.answer, inst.digits));
  if (inst.choices) {
    // The order the definition gives: the LMS's record names a choice by it (SCORM 1.2: a letter).
    inst.definedChoices = inst.choices.slice();
    const next = exerciseRng(seed, `${def.id}:order`);
    const order = inst.choices.map((c) => [next(), c]).sort((a, b) => a[0] - b[0]).map(([, c]) => c);
    inst.choices = order;
  }
  return inst;
}
