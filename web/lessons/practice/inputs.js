// The inputs: Q, K, V typed or pasted as text, the causal mask, a custom
// scale, the example and a random one. A matrix goes into the URL when a
// link can hold it; one too long waits in `unlinked`, in use, and is named
// in a note.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { rng, randomMatrix } from '../../util/random.js';
import schema from './params.js';
import { NAMES, clone, fitsLink, scaleOf } from './model.js';
import { createMatrixField } from './field.js';
import { createScaleField } from './scale-field.js';

export function inputsSection({ t, values, set, control }) {
  const spec = (name) => schema.params[name];

  // next: some of Q, K, V -> the URL, or `unlinked` for those too long for it.
  function setMatrices(next) {
    const patch = {}, unlinked = { ...values.unlinked };
    for (const [name, m] of Object.entries(next)) {
      if (fitsLink(name, m)) { patch[name] = m; delete unlinked[name]; } else unlinked[name] = m;
    }
    set({ ...patch, unlinked });
  }
  const fields = Object.fromEntries(NAMES.map((name) => [name, createMatrixField({
    label: t(`field.${name}`), value: values.mats[name], spec: spec(name), t,
    onChange: (m) => setMatrices({ [name]: m }),
  })]));
  // A preset replaces every field's text (and clears its error), even when the numbers stay.
  function setAll(next) {
    for (const name of NAMES) fields[name].set(next[name]);
    setMatrices(next);
  }
  const resetBtn = h('button', { type: 'button', class: 'btn', onclick: () => setAll(Object.fromEntries(NAMES.map((name) => [name, clone(spec(name).default)]))) },
    t('resetExample'));
  const randomBtn = h('button', { type: 'button', class: 'btn', onclick: () => {
    const next = rng(Math.floor(Math.random() * 1e9));
    const n = 3 + Math.floor(next() * 4), dk = 2 + Math.floor(next() * 3), dv = 2 + Math.floor(next() * 2);
    setAll({ Q: randomMatrix(next, n, dk), K: randomMatrix(next, n, dk), V: randomMatrix(next, n, dv) });
  } }, t('randomExample'));
  const scale = createScaleField({ t, value: scaleOf(values.scale), onChange: (c) => set({ scale: c }) });
  const linkNote = h('p', { class: 'note pr-link-note', hidden: true });
  const q = spec('Q');

  return {
    el: [h('h2', {}, t('inputsHeading')),
      h('div', { class: 'panel', 'data-ex': 'inputs' },
        h('div', { class: 'pr-inputs' }, ...NAMES.map((n) => fields[n].el)),
        h('p', { class: 'note' }, t('formats', { max: Math.min(q.maxRows || 16, q.maxCols || 16), min: fmt(q.min, 6), lim: fmt(q.max, 6) })),
        h('div', { class: 'controls' }, control('causal', { label: t('causal') }).el, scale.el),
        h('div', { class: 'controls' }, resetBtn, randomBtn),
        linkNote)],
    reads: ['unlinked'],
    draw(v) {
      const names = Object.keys(v.unlinked);
      linkNote.hidden = names.length === 0;
      linkNote.textContent = names.length ? t('linkNote', { names: names.join(', ') }) : '';
    },
    destroy() {
      scale.destroy();
      for (const name of NAMES) fields[name].destroy();
    },
  };
}
