// The graphs lesson's first panel: the editor (presets, drawing, keyboard
// edits: editor.js) beside the "normalized" box and the matrices
// (matrices.js). An edit writes the graph to the URL values (state.js
// valuesFromGraph) with the chosen node, and keeps the graph itself as
// `edited` (model.js); choosing another node forgets the neighbour j the
// formulas wrote out.
import { h } from '../../ui/dom.js';
import { valuesFromGraph } from './state.js';
import { createEditor } from './editor.js';
import { createMatrices } from './matrices.js';

export function editorSection({ t, values, set, control, error }) {
  const select = (i) => { if (i !== values.sel) set({ node: i + 1, nb: 0 }); };
  const editor = createEditor({
    t, onSelect: select,
    onGraph: (g, s) => set({ edited: g, ...valuesFromGraph(g), node: Math.max(0, Math.min(s, g.n - 1)) + 1, nb: 0 }),
  });
  const matrices = createMatrices({ t });
  const norm = control('normalized', { label: t('normalized') });
  const karate = h('p', { class: 'note' }, t('karateNote'));
  const el = h('div', { class: 'panel', 'data-ex': 'editor' },
    editor.presets, karate,
    h('div', { class: 'gr-stage' }, editor.drawing,
      h('div', { class: 'gr-right' }, h('div', { class: 'controls' }, norm.el), matrices.el)));

  return {
    el,
    reads: ['graph', 'sel', 'normalized', 'mats'],
    draw(v, changed) {
      karate.hidden = v.graph.preset !== 'karate';
      matrices.draw(v, changed, error);
      editor.render({ g: v.graph, sel: v.sel, comps: v.mats ? v.mats.comps : null });
    },
  };
}
