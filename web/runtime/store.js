// A lesson's values: its URL parameters (params.js), the step of its
// player, and values derived from them by the core. A derived value is
// computed again only when one of the names it is derived from changes,
// and a listener is told only about the names it reads.
//
//   const store = createStore(initial, derive)   // derive: {name: {from, compute(values)}}
//   store.values.r                                 // a parameter or a derived value
//   store.error('r')                               // the Error its last compute threw, or null
//   store.watch(['z', 'r'], (changed) => ...)      // called after a set() that changes one of them
//   store.set({ z: [1, 2] })                       // -> the names that changed (derived ones too)

const same = (a, b) => a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i])));

export function createStore(initial, derive = {}) {
  const values = { ...initial };
  const errors = {};
  const watchers = [];
  // The derived names in an order where each comes after what it is derived from.
  const order = [];
  const visit = (name, path = []) => {
    if (order.includes(name) || !derive[name]) return;
    if (path.includes(name)) throw new Error(`store: ${name} is derived from itself`);
    for (const f of derive[name].from) visit(f, [...path, name]);
    order.push(name);
  };
  Object.keys(derive).forEach((k) => visit(k));

  function compute(name) {
    try { values[name] = derive[name].compute(values); errors[name] = null; } catch (e) { values[name] = null; errors[name] = e; }
  }
  order.forEach(compute);

  function set(patch) {
    const changed = new Set(Object.keys(patch).filter((k) => !same(values[k], patch[k])));
    for (const k of changed) values[k] = patch[k];
    for (const name of order) {
      if (!derive[name].from.some((f) => changed.has(f))) continue;
      const was = values[name], wasError = errors[name];
      compute(name);
      if (!same(was, values[name]) || wasError !== errors[name]) changed.add(name);
    }
    if (changed.size) for (const w of watchers.slice()) if (w.reads.some((k) => changed.has(k))) w.fn(changed);
    return changed;
  }

  function watch(reads, fn) {
    const w = { reads, fn };
    watchers.push(w);
    return () => { const i = watchers.indexOf(w); if (i >= 0) watchers.splice(i, 1); };
  }

  return { values, set, watch, error: (name) => errors[name] || null };
}
