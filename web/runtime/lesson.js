// A lesson as a list of sections. Each section declares what it reads (URL
// parameters of params.js, the player's `step`, values derived from them)
// and how it draws (draw(values, changed): changed is the Set of names
// that changed, null on the first draw); the runtime keeps the values (runtime/store.js), builds
// controls from params.js, writes changes to the URL, and calls a section's
// draw once at the start and then only when something it reads changes.
// A section far below the screen while the learner drags is drawn when it
// comes near (layout/draw-later.js): the lesson's code says what it shows,
// not when.
//
//   export default defineLesson({
//     id, schema,                                   // params.js
//     state: { playing: false },                    // values of the page that are not in the URL
//     derive: (lab) => ({ r: { from: ['z'], compute: (v) => lab.softmax(v.z) } }),
//     sections: [node, (api) => ({ el, reads: ['z', 'r'], draw(v) {...}, destroy() {...} }), ...],
//     start: (api) => stop,                         // after the first draw: what runs on its own (a training loop)
//   });
//
// A section's el may be a list of nodes (the lesson's blocks stay siblings).
// A section function may return a list of sections: one of them may place
// the others' els inside its own (a step player beside its parts), and an
// el already placed stays where it is.
// api: lab, t, lang, values, set(patch), control(name, opts), error(name), watch(reads, fn),
// setStep(i) (the shell's step, also the store's `step`), initialStep,
// loadData(name) (a script of data loaded when asked: lessons/loader.js).
import { createStore } from './store.js';
import { controlFor } from './controls.js';
import { drawWhenShown } from '../layout/draw-later.js';

export function defineLesson({ id, schema, state = {}, derive = () => ({}), sections, start }) {
  return {
    id,
    mount(el, ctx) {
      const names = Object.keys(schema.params);
      const initial = Object.fromEntries(names.map((k) => [k, ctx.values[k]]));
      const store = createStore({ ...state, ...initial, step: ctx.step }, derive(ctx.lab));
      // The URL (and the shell) hear only about parameters that changed.
      const set = (patch) => {
        const url = Object.fromEntries(Object.entries(patch).filter(([k, v]) => names.includes(k) && JSON.stringify(store.values[k]) !== JSON.stringify(v)));
        if (Object.keys(url).length) ctx.setValues(url);
        return store.set(patch);
      };
      const api = {
        lab: ctx.lab, t: ctx.t, lang: ctx.lang, values: store.values, initialStep: ctx.step, set, loadData: ctx.loadData,
        error: store.error, watch: store.watch,
        control: (name, opts) => controlFor(name, schema.params[name], store, set, opts),
        setStep: (i) => { ctx.setStep(i); store.set({ step: i }); },
      };
      const built = sections.flatMap((s) => (typeof s === 'function' ? [].concat(s(api)) : [{ el: s }]));
      el.append(...built.flatMap((s) => [].concat(s.el)).filter((node) => !node.parentNode));
      const stops = [];
      for (const s of built) {
        if (!s.draw) continue;
        const draw = (changed) => () => s.draw(store.values, changed);
        if (s.later) drawWhenShown(s.el, draw(null)); else draw(null)();
        stops.push(store.watch(s.reads || [], (changed) => (s.later ? drawWhenShown(s.el, draw(changed)) : draw(changed)())));
      }
      const stopStart = start ? start(api) : null;
      return { destroy: () => { if (stopStart) stopStart(); stops.forEach((f) => f()); built.forEach((s) => s.destroy && s.destroy()); } };
    },
  };
}
