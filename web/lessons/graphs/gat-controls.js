// The GAT section's controls: the node i and its neighbour j, the seed of
// the features and weights, self-loops and LeakyReLU's slope.
import { h, clear } from '../../ui/dom.js';
import { seedInput } from './seed.js';

const node = (i) => String(i + 1);

// select(i): a node chosen; pickNeighbour(k): a neighbour chosen.
export function gatControls({ t, values, set, control, watch, select, pickNeighbour }) {
  const nodeSel = h('select', { dataset: { field: 'gat-node' } });
  nodeSel.addEventListener('change', () => select(Number(nodeSel.value)));
  const nbSel = h('select', { dataset: { field: 'gat-neighbour' } });
  nbSel.addEventListener('change', () => pickNeighbour(Number(nbSel.value)));
  const seed = seedInput({ name: 'seed', t, values, set, watch });
  const randomize = h('button', { type: 'button', class: 'btn btn-small', onclick: () => set({ seed: (values.seed + 1) % 1000000 }) }, t('common.randomize'));
  const loops = control('selfLoops', { label: t('gat.selfLoops') });
  const slope = control('slope', { label: t('gat.slope') });
  const els = () => [
    h('div', { class: 'controls' }, h('label', {}, t('gat.node'), nodeSel), h('label', {}, t('gat.neighbour'), nbSel),
      seed.label, seed.input, randomize),
    h('div', { class: 'controls' }, loops.el, slope.el),
  ];

  // The nodes of a graph of n nodes (sel chosen) and the neighbourhood N (j chosen).
  function render(n, sel, N, j) {
    clear(nodeSel);
    for (let i = 0; i < n; i++) nodeSel.appendChild(h('option', { value: String(i), selected: i === sel }, node(i)));
    clear(nbSel);
    for (const k of N) nbSel.appendChild(h('option', { value: String(k), selected: k === j }, node(k)));
    nbSel.disabled = !N.length;
  }
  return { els, render, showNeighbour: (k) => { nbSel.value = String(k); } };
}
