// A lesson's controls, built from its URL schema (params.js): a number or
// an integer is a slider over the spec's bounds and step (scale: 'log', a
// slider over log10 of the value in steps of `step`, a value it gives kept
// to 3 significant digits; or a menu of the values the lesson offers), a boolean a check box, an enum a menu. Bounds and defaults are
// written once, in params.js; the control and the store stay in step both
// ways.
import { slider, toggle, select } from '../lessons/shared/kit.js';
import { fmt } from '../util/format.js';

// name: a parameter of spec; store: runtime/store.js; set(patch): the
// lesson's setter (store and URL). opts: label, and format (sliders) or
// options [[value, text]] (menus; a number's menu holds numbers); scale
// (sliders over another grid than params.js's, e.g. a list's index: see
// scaledSlider).
export function controlFor(name, spec, store, set, { label, format, options, scale } = {}) {
  if (!spec) throw new Error(`controlFor: no parameter ${name} in params.js`);
  if (scale) return scaledSlider(name, spec, store, set, { label, format, scale });
  let c;
  if ((spec.type === 'number' || spec.type === 'integer') && options) {
    c = select({ label, value: String(store.values[name]), options: options.map(([v, text]) => [String(v), text]), onChange: (v) => set({ [name]: Number(v) }) });
    store.watch([name], () => { c.select.value = String(store.values[name]); });
  } else if (spec.type === 'number' && spec.scale === 'log') {
    return scaledSlider(name, spec, store, set, { label, format, scale: { to: Math.log10, from: (u) => Number((10 ** u).toPrecision(3)), step: spec.step } });
  } else if (spec.type === 'number' || spec.type === 'integer') {
    const step = spec.step ?? (spec.type === 'integer' ? 1 : null);
    if (step === null) throw new Error(`controlFor: parameter ${name} has no step in params.js`);
    c = slider({ label, min: spec.min, max: spec.max, step, value: store.values[name], format: format || ((v) => fmt(v, 3)), onInput: (v) => set({ [name]: v }) });
    store.watch([name], () => { if (Number(c.input.value) !== store.values[name]) c.set(store.values[name]); });
  } else if (spec.type === 'boolean') {
    c = toggle({ label, checked: store.values[name], onChange: (v) => set({ [name]: v }) });
    store.watch([name], () => { c.input.checked = !!store.values[name]; });
  } else if (spec.type === 'enum') {
    c = select({ label, value: store.values[name], options: options || spec.values.map((v) => [v, v]), onChange: (v) => set({ [name]: v }) });
    store.watch([name], () => { c.select.value = store.values[name]; });
  } else throw new Error(`controlFor: a ${spec.type} parameter (${name}) has no control here`);
  return c;
}

// A slider that moves over to(value) rather than the value: a log scale
// ({to: Math.log10, from: (u) => 10 ** u, step: 0.01}) or a list's index
// ({to: (v) => list.indexOf(v), from: (k) => list[k], step: 1}). Its ends
// are the points of its grid (multiples of step) within to(spec.min) ..
// to(spec.max); format shows the value, from(position).
function scaledSlider(name, spec, store, set, { label, format = (v) => fmt(v, 3), scale: { to, from, step } }) {
  const min = Math.ceil(to(spec.min) / step - 1e-9) * step, max = Math.floor(to(spec.max) / step + 1e-9) * step;
  const c = slider({ label, min, max, step, value: to(store.values[name]), format: (u) => format(from(u)), onInput: (u) => set({ [name]: from(u) }) });
  store.watch([name], () => { if (from(Number(c.input.value)) !== store.values[name]) c.set(to(store.values[name])); });
  return c;
}
