// The graph editor of the graphs lesson: presets, the drawing (click the
// background to add a node, drag from a node to another to connect them,
// click an edge to remove it) and the same edits from the keyboard: on a
// focused node, arrows move between nodes (the focused node is the
// selected one), N adds a node, C jumps to "Connect to", E to the node's
// edge list, Delete removes the node. A status line says what happened.
import { h, clear } from '../../ui/dom.js';
import { createGraphView } from '../../plots/graph-view.js';
import {
  PRESET_NAMES, MAX_NODES, MAX_EDGES, fromPreset, addNode, removeNode, addEdge, removeEdge, clearEdges,
  neighbours, hasEdge, freeSpot,
} from './state.js';

export function createEditor({ t, onGraph, onSelect }) {
  let g = null, sel = 0, comps = null;
  const status = h('p', { class: 'gr-status', role: 'status', 'aria-live': 'polite' });
  const say = (key, vars) => { status.textContent = t(key, vars); };
  const nodeName = (i) => {
    const nb = g ? neighbours(g, i).map((j) => j + 1) : [];
    if (!nb.length) return t('ed.nodeAlone', { i: i + 1 });
    return t(nb.length === 1 ? 'ed.nodeNameOne' : 'ed.nodeName', { i: i + 1, k: nb.length, list: nb.join(', ') });
  };

  const view = createGraphView({
    ariaLabel: t('ed.figure'), caption: t('ed.caption'), name: 'editor', editable: true, nodeName,
    onBackground: (p) => add(p, false),
    onConnect: (i, j) => connect(i, j),
    onEdgeClick: (i, j) => disconnect(i, j),
    onActivate: (i) => onSelect(i),
    onNodeFocus: (i) => { if (i !== sel) onSelect(i); },
    onNodeKey: (i, e) => key(i, e),
  });

  const presetBtns = PRESET_NAMES.map((p) => h('button', {
    type: 'button', class: 'btn btn-small', 'aria-pressed': 'false', dataset: { preset: p },
    onclick: () => { const ng = fromPreset(p); onGraph(ng, Math.min(sel, ng.n - 1)); say('ed.loaded', { name: t(`preset.${p}`) }); },
  }, t(`preset.${p}`)));
  const clearBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'clear-edges' }, onclick: () => { onGraph(clearEdges(g), sel); say('ed.cleared'); } }, t('ed.clearEdges'));

  const selSelect = h('select', { 'aria-label': t('ed.selected'), dataset: { field: 'selected' } });
  selSelect.addEventListener('change', () => onSelect(Number(selSelect.value)));
  const target = h('select', { dataset: { field: 'connect-to' } });
  const connectBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'connect' }, onclick: () => connectChosen() }, t('ed.connect'));
  target.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); connectChosen(); } });
  const targetLabel = h('label', {}, h('span'), target);
  const edgeList = h('ul', { class: 'gr-edge-list' });
  const edgeHeading = h('p', { class: 'gr-edge-heading' });
  const addBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'add-node' }, onclick: () => add(null, false) }, t('ed.addNode'));
  const delBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'delete-node' }, onclick: () => del(sel, false) });

  const panel = h('div', { class: 'gr-edit' },
    h('div', { class: 'controls' }, h('label', {}, t('ed.selected'), selSelect), addBtn, delBtn),
    h('div', { class: 'controls' }, targetLabel, connectBtn),
    edgeHeading, edgeList);
  const presets = h('div', { class: 'controls gr-presets', role: 'group', 'aria-label': t('ed.presets') },
    h('span', { class: 'note' }, t('ed.presets')), ...presetBtns, clearBtn);
  const compNote = h('p', { class: 'note gr-hint' });
  const drawing = h('div', { class: 'gr-drawing' }, view.el, compNote, h('p', { class: 'note gr-hint' }, t('ed.hint')), status, panel);

  function add(p, viaKeyboard) {
    if (g.n >= MAX_NODES) { say('ed.maxNodes', { max: MAX_NODES }); return; }
    const at = p || freeSpot(g, g.pos[sel] || [0.5, 0.5]);
    const k = g.n;
    onGraph(addNode(g, at), k);
    say('ed.added', { i: k + 1 });
    if (viaKeyboard) view.focusNode(k);
  }

  function del(k, viaKeyboard) {
    if (g.n <= 1) { say('ed.lastNode'); return; }
    onGraph(removeNode(g, k), Math.min(k, g.n - 2));
    say('ed.deleted', { i: k + 1 });
    if (viaKeyboard) view.focusNode(Math.min(k, g.n - 1));
  }

  function connect(i, j) {
    if (hasEdge(g, i, j)) { say('ed.exists', { i: i + 1, j: j + 1 }); return false; }
    if (g.edges.length >= MAX_EDGES) { say('ed.maxEdges', { max: MAX_EDGES }); return false; }
    onGraph(addEdge(g, i, j), i);
    say('ed.connected', { i: i + 1, j: j + 1 });
    return true;
  }

  function connectChosen() {
    if (target.disabled || target.value === '') return;
    connect(sel, Number(target.value));
    target.focus();
  }

  function disconnect(i, j, refocus = -1) {
    onGraph(removeEdge(g, i, j), sel);
    say('ed.removed', { i: i + 1, j: j + 1 });
    if (refocus >= 0) {
      const btns = edgeList.querySelectorAll('button');
      if (btns.length) btns[Math.min(refocus, btns.length - 1)].focus();
      else target.focus();
    }
  }

  function key(i, e) {
    const k = e.key;
    if (k === 'n' || k === 'N' || k === '+' || k === 'Insert') add(null, true);
    else if (k === 'c' || k === 'C') target.focus();
    else if (k === 'e' || k === 'E') {
      const first = edgeList.querySelector('button');
      if (first) first.focus(); else say('ed.noEdges', { i: i + 1 });
    } else if (k === 'Delete' || k === 'Backspace') del(i, true);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  function render(state) {
    ({ g, sel, comps } = state);
    const nb = neighbours(g, sel);
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
    clear(selSelect);
    for (let i = 0; i < g.n; i++) selSelect.appendChild(h('option', { value: String(i), selected: i === sel }, String(i + 1)));
    delBtn.textContent = t('ed.deleteNode', { i: sel + 1 });
    delBtn.disabled = g.n <= 1;
    addBtn.disabled = g.n >= MAX_NODES;
    // Connect to: every node not yet a neighbour.
    const keep = target.value;
    const free = Array.from({ length: g.n }, (_, j) => j).filter((j) => j !== sel && !nb.includes(j));
    clear(target);
    for (const j of free) target.appendChild(h('option', { value: String(j), selected: String(j) === keep }, t('ed.nodeOption', { j: j + 1 })));
    if (!free.length) target.appendChild(h('option', { value: '' }, t('ed.noneFree')));
    target.disabled = !free.length;
    connectBtn.disabled = !free.length;
    targetLabel.firstChild.textContent = t('ed.connectTo', { i: sel + 1 });
    target.setAttribute('aria-label', t('ed.connectTo', { i: sel + 1 }));
    // This node's edges, each with its remove button.
    edgeHeading.textContent = nb.length ? t('ed.edgesOf', { i: sel + 1 }) : t('ed.noEdges', { i: sel + 1 });
    clear(edgeList);
    nb.forEach((j, k) => edgeList.appendChild(h('li', {}, h('button', {
      type: 'button', class: 'btn btn-small', dataset: { action: 'remove-edge', i: String(sel), j: String(j) },
      'aria-label': t('ed.removeLabel', { i: sel + 1, j: j + 1 }), onclick: () => disconnect(sel, j, k),
    }, `${sel + 1}–${j + 1} ×`))));
  }

  return { presets, drawing, render, focusNode: (i) => view.focusNode(i) };
}
