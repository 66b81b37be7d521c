// Formulas as MathML Core (math/mathml.js: TeX -> a tree -> DOM nodes, no
// HTML strings), laid out by the browser with the math font of style.css.
// The TeX is our own: a formula that does not convert is a bug, reported on
// the console, and its source is shown as text so that nothing else breaks.
import { texTrees, toDom, TexError } from './mathml.js';
import { morph } from '../ui/dom.js';
import { putOffFormula, cancelFormula, duringInput } from '../layout/draw-later.js';

// What each element shows now: re-rendering the same TeX (a step player's
// formula on a slider move that left its numbers unchanged) is skipped.
const shown = new WeakMap();

// source -> one <span class="tex-math"> holding the formula's <math>
// (a display formula's pieces, with a break opportunity between them and
// a line break where the TeX has \\).
function build(source, display) {
  const box = document.createElement('span');
  box.className = display ? 'tex-math tex-math-display' : 'tex-math';
  try {
    const trees = texTrees(source, display);
    trees.forEach((tree, k) => {
      if (k) box.appendChild(tree.attrs['data-newline'] !== undefined ? document.createElement('br') : document.createElement('wbr'));
      box.appendChild(toDom(tree));
    });
  } catch (e) {
    if (!(e instanceof TexError)) throw e;
    console.error(`formula not shown (${e.message}): ${source}`);
    box.className = 'tex-math tex-error';
    box.textContent = source;
  }
  return box;
}

// key: 'D' (display) or 'I' (inline), then the TeX source. During input
// the shown formula is updated in place (morph): a drag that changes a few
// digits then restyles and lays out those digits, not a new tree.
export function renderTex(el, source, display = false) {
  const key = (display ? 'D' : 'I') + source;
  cancelFormula(el);
  const last = shown.get(el);
  if (last && last.key === key && el.firstChild === last.node) return el;  // untouched since
  // Out of view during input: typeset when it comes into view or input
  // pauses (draw-later.js), unless something else has replaced it since.
  const node = el.firstChild;
  if (putOffFormula(el, () => { if (el.firstChild === node) renderTex(el, source, display); })) return el;
  const fresh = build(source, display);
  const old = el.firstChild;
  if (duringInput() && old && !old.nextSibling && old.nodeType === 1 && old.className === fresh.className) morph(old, fresh);
  else el.replaceChildren(fresh);
  shown.set(el, { key, node: el.firstChild });
  return el;
}

const texClass = (display) => (display ? 'tex tex-display' : 'tex');
export function texNode(source, display = false, tag = 'span') {
  const el = document.createElement(tag);
  el.className = texClass(display);
  return renderTex(el, source, display);
}

// The formulas of a readout redrawn on every update: items = [[source,
// display, tag], ...]. The elements of the last call are kept, one per
// formula, so each is updated in place (renderTex) instead of typeset and
// laid out anew; anything else in container is removed.
const listed = new WeakSet();
export function setTexList(container, items) {
  let node = container.firstChild;
  for (const [source, display = false, tag = 'span'] of items) {
    if (node && listed.has(node) && node.localName === tag) {
      node.className = texClass(display);
      renderTex(node, source, display);
      node = node.nextSibling;
    } else {
      const el = texNode(source, display, tag);
      listed.add(el);
      container.insertBefore(el, node);
    }
  }
  while (node) {
    const next = node.nextSibling;
    container.removeChild(node);
    node = next;
  }
  return container;
}
