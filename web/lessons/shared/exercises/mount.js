// Places a lesson's exercises (web/lessons/<id>/exercises.js) into the
// mounted lesson: each card right after the element carrying
// data-ex="<def.at>" (where the idea is taught), or at the end if the lesson
// has no such anchor. Each exercise's numbers are drawn from the exercise
// seed and the exercise id, so a reload shows the same ones.
import { cardFrame, createCard } from './card.js';
import { drawWhenShown } from '../../../layout/draw-later.js';
import { mountChoice } from './choice.js';
import { mountCompute } from './compute.js';
import { mountMake } from './make.js';
import { instanceOf } from './seed.js';

const KINDS = { predict: mountChoice, explain: mountChoice, compute: mountCompute, make: mountMake };

// defs: the lesson's exercises; marks: one per exercise; onMark(index,
// mark, answer): answer (for a learner's try; none for a reset) is
// {ok, response, choices, latencyMs, description}: latencyMs from the card
// being shown (or the previous try) to this one, description its title.
// Each card's frame is placed at once; its content is built when it is
// near the screen or just after the lesson starts (layout/draw-later.js
// drawWhenShown), or when it is asked for (focus, a change of the values
// for a "make" card).
export function mountExercises(root, { defs, lab, t, seed, marks, teacher, onMark }) {
  const live = [];
  const after = new Map();  // anchor -> the last card placed after it
  let values = null;
  defs.forEach((def, i) => {
    const el = cardFrame(def);
    const anchor = def.at && root.querySelector(`[data-ex="${def.at}"]`);
    // Cards of one anchor follow each other in the definitions' order.
    if (anchor) { (after.get(anchor) || anchor).after(el); after.set(anchor, el); } else root.appendChild(el);
    const x = { def, el, kind: null, built: false };
    x.build = () => {
      if (x.built) return;
      x.built = true;
      let inst;
      try { inst = instanceOf(def, seed, lab); } catch (e) {
        // A bug in an exercise's definition must not take the lesson down.
        console.error(`exercise ${def.id}:`, e);
        el.remove();
        return;
      }
      let since = Date.now();
      const onTry = (m, a) => {
        const now = Date.now();
        const title = t(`ex.${def.id}.title`, inst.vars).replace(/[$*`]/g, '');
        onMark(i, m, { ...a, choices: inst.definedChoices || null, latencyMs: now - since, description: title });
        since = now;
      };
      const card = createCard({ def, inst, t, mark: marks[i], teacher, onMark: onTry, el });
      x.kind = KINDS[def.kind](card, { def, inst, t, lab });
      if (values && x.kind && x.kind.update) x.kind.update(values);
    };
    live.push(x);
    drawWhenShown(el, x.build);
  });
  return {
    // A "make" card measures every change (reaching its target once counts):
    // the first change after the start builds it if it is not yet.
    update(v) {
      const first = values === null;
      values = v;
      for (const x of live) {
        if (!first && !x.built && x.def.kind === 'make') x.build();
        else if (x.kind && x.kind.update) x.kind.update(v);
      }
    },
    focus(id) {
      const x = live.find((e) => e.def.id === id);
      if (x) { x.build(); x.el.scrollIntoView({ block: 'start' }); x.el.focus({ preventScroll: true }); }
    },
  };
}
