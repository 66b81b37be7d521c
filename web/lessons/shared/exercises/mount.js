// Places a lesson's exercises (web/lessons/<id>/exercises.js) into the
// mounted lesson: each card right after the element carrying
// data-ex="<def.at>" (where the idea is taught), or at the end if the lesson
// has no such anchor. Each exercise's numbers are drawn from the exercise
// seed and the exercise id, so a reload shows the same ones.
import { createCard } from './card.js';
import { mountChoice } from './choice.js';
import { mountCompute } from './compute.js';
import { mountMake } from './make.js';
import { instanceOf } from './seed.js';

const KINDS = { predict: mountChoice, explain: mountChoice, compute: mountCompute, make: mountMake };

// defs: the lesson's exercises; marks: one per exercise; onMark(index, mark).
export function mountExercises(root, { defs, lab, t, seed, marks, teacher, onMark }) {
  const live = [];
  const after = new Map();  // anchor -> the last card placed after it
  defs.forEach((def, i) => {
    let inst;
    try { inst = instanceOf(def, seed, lab); } catch (e) {
      // A bug in an exercise's definition must not take the lesson down.
      console.error(`exercise ${def.id}:`, e);
      return;
    }
    const card = createCard({ def, inst, t, mark: marks[i], teacher, onMark: (m) => onMark(i, m) });
    const kind = KINDS[def.kind](card, { def, inst, t, lab });
    const anchor = def.at && root.querySelector(`[data-ex="${def.at}"]`);
    // Cards of one anchor follow each other in the definitions' order.
    if (anchor) { (after.get(anchor) || anchor).after(card.el); after.set(anchor, card.el); } else root.appendChild(card.el);
    live.push({ def, card, kind });
  });
  return {
    cards: live.map((x) => x.card.el),
    update(values) { for (const x of live) if (x.kind && x.kind.update) x.kind.update(values); },
    focus(id) {
      const x = live.find((e) => e.def.id === id);
      if (x) { x.card.el.scrollIntoView({ block: 'start' }); x.card.el.focus({ preventScroll: true }); }
    },
  };
}
