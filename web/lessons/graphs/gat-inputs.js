// The GAT section's inputs: the node features X (the chosen node's row
// marked), the first head's W and a.
import { h } from '../../ui/dom.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { tintSigned } from './draw.js';

const node = (i) => String(i + 1);

export function gatInputs({ t }) {
  const xView = createMatrixView({ caption: t('gat.X'), name: 'X', color: 'none', digits: 3, rowLabel: node, colLabel: (d) => `x·${d + 1}` });
  const wView = createMatrixView({ caption: t('gat.W'), name: 'W', color: 'none', digits: 3 });
  const aView = createMatrixView({ caption: t('gat.a'), name: 'a', color: 'none', digits: 3, rowLabel: () => 'aᵀ' });
  const el = () => h('div', { class: 'gr-inputs' }, h('div', { class: 'gr-mblock gr-x' }, xView.el), wView.el, aView.el);
  // X, the heads' weights (of head 0: Wt, a), on n nodes.
  function show(X, heads, n) {
    xView.el.classList.toggle('gr-compact', n >= 11);
    xView.set(X);
    wView.set(heads[0] ? heads[0].Wt : []);
    aView.set(heads[0] ? [heads[0].a] : []);
    for (const m of [xView, wView, aView]) tintSigned(m);
  }
  return { el, show, mark: (sel) => xView.mark({ rows: [sel] }) };
}
