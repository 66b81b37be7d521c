// The editor's controls for the selected node: which node, add and
// delete, "Connect to" a node not yet a neighbour, and the node's edges,
// each with its remove button.
import { h, clear } from '../../ui/dom.js';
import { MAX_NODES, neighbours } from './state.js';

// onSelect(i), add(), del(), connectChosen(), disconnect(i, j, k): what the controls do.
export function editControls({ t, onSelect, add, del, connectChosen, disconnect }) {
  const selSelect = h('select', { 'aria-label': t('ed.selected'), dataset: { field: 'selected' } });
  selSelect.addEventListener('change', () => onSelect(Number(selSelect.value)));
  const target = h('select', { dataset: { field: 'connect-to' } });
  const connectBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'connect' }, onclick: () => connectChosen() }, t('ed.connect'));
  target.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); connectChosen(); } });
  const targetLabel = h('label', {}, h('span'), target);
  const edgeList = h('ul', { class: 'gr-edge-list' });
  const edgeHeading = h('p', { class: 'gr-edge-heading' });
  const addBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'add-node' }, onclick: () => add() }, t('ed.addNode'));
  const delBtn = h('button', { type: 'button', class: 'btn btn-small', dataset: { action: 'delete-node' }, onclick: () => del() });
  const el = h('div', { class: 'gr-edit' },
    h('div', { class: 'controls' }, h('label', {}, t('ed.selected'), selSelect), addBtn, delBtn),
    h('div', { class: 'controls' }, targetLabel, connectBtn),
    edgeHeading, edgeList);

  // The controls for graph g and its selected node sel.
  function render({ g, sel }) {
    const nb = neighbours(g, sel);
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
  return { el, target, edgeList, render };
}
