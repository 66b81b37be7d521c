// The graph editor of the graphs lesson: presets, the drawing (click the
// background to add a node, drag from a node to another to connect them,
// click an edge to remove it) and the same edits from the keyboard: on a
// focused node, arrows move between nodes (the focused node is the
// selected one), N adds a node, C jumps to "Connect to", E to the node's
// edge list, Delete removes the node (graph-edits.js; the controls:
// edit-controls.js). A status line says what happened.
import { h } from '../../ui/dom.js';
import { createGraphView } from '../../plots/graph-view.js';
import { PRESET_NAMES, fromPreset, clearEdges, neighbours } from './state.js';
import { editControls } from './edit-controls.js';
import { graphEdits } from './graph-edits.js';

export function createEditor({ t, onGraph, onSelect }) {
  const ed = { g: null, sel: 0, comps: null };
  const status = h('p', { class: 'gr-status', role: 'status', 'aria-live': 'polite' });
  const say = (key, vars) => { status.textContent = t(key, vars); };
  const nodeName = (i) => {
    const nb = ed.g ? neighbours(ed.g, i).map((j) => j + 1) : [];
    if (!nb.length) return t('ed.nodeAlone', { i: i + 1 });
    return t(nb.length === 1 ? 'ed.nodeNameOne' : 'ed.nodeName', { i: i + 1, k: nb.length, list: nb.join(', ') });
  };

  // The edits are made once the controls they move focus to exist.
  let edits = null;
  const view = createGraphView({
    ariaLabel: t('ed.figure'), caption: t('ed.caption'), name: 'editor', editable: true, nodeName,
    onBackground: (p) => edits.add(p, false),
    onConnect: (i, j) => edits.connect(i, j),
    onEdgeClick: (i, j) => edits.disconnect(i, j),
    onActivate: (i) => onSelect(i),
    onNodeFocus: (i) => { if (i !== ed.sel) onSelect(i); },
    onNodeKey: (i, e) => edits.key(i, e),
  });

  const presetBtns = PRESET_NAMES.map((p) => h('button', {
    type: 'button', class: 'btn btn-small', 'aria-pressed': 'false', dataset: { preset: p },
    onclick: () => { const ng = fromPreset(p); onGraph(ng, Math.min(ed.sel, ng.n - 1)); say('ed.loaded', { name: t(`preset.${p}`) }); },
  }, t(`preset.${p}`)));
  const clearBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'clear-edges' }, onclick: () => { onGraph(clearEdges(ed.g), ed.sel); say('ed.cleared'); } }, t('ed.clearEdges'));

  const controls = editControls({
    t, onSelect,
    add: () => edits.add(null, false),
    del: () => edits.del(ed.sel, false),
    connectChosen: () => edits.connectChosen(),
    disconnect: (i, j, k) => edits.disconnect(i, j, k),
  });
  edits = graphEdits({ ed, onGraph, say, view, target: controls.target, edgeList: controls.edgeList });

  const presets = h('div', { class: 'controls gr-presets', role: 'group', 'aria-label': t('ed.presets') },
    h('span', { class: 'note' }, t('ed.presets')), ...presetBtns, clearBtn);
  const compNote = h('p', { class: 'note gr-hint' });
  const drawing = h('div', { class: 'gr-drawing' }, view.el, compNote, h('p', { class: 'note gr-hint' }, t('ed.hint')), status, controls.el);

  // state: {g, sel, comps}: the graph, its selected node, its connected components.
  function render(state) {
    ed.g = state.g; ed.sel = state.sel; ed.comps = state.comps;
    const { g, sel, comps } = ed;
    const many = comps && comps.count > 1;
    view.set({
      n: g.n, edges: g.edges, pos: g.pos, current: sel,
      nodeClass: (i) => [i === sel ? 'sel' : '', many ? `comp comp-${comps.labels[i] % 8}` : ''].join(' '),
      edgeClass: (i, j) => (i === sel || j === sel ? 'hl' : ''),
      edgeTitle: (i, j) => t('ed.edgeTitle', { i: i + 1, j: j + 1 }),
    });
    compNote.hidden = !many;
    compNote.textContent = many ? t('ed.components', { count: comps.count }) : '';
    for (const b of presetBtns) b.setAttribute('aria-pressed', String(b.dataset.preset === g.preset));
    clearBtn.disabled = g.edges.length === 0;
    controls.render(ed);
  }

  return { presets, drawing, render, focusNode: (i) => view.focusNode(i) };
}
