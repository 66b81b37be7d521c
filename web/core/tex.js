// KaTeX through katex.render (DOM nodes, no HTML strings), with trust off and
// bounded sizes so that even learner-typed TeX cannot run or blow up.
import katex from 'katex';

const OPTIONS = { throwOnError: false, trust: false, maxSize: 20, maxExpand: 200, strict: 'ignore', output: 'htmlAndMathml' };

// What each element shows now: re-rendering the same TeX (a step player's
// formula on a slider move that left its numbers unchanged) is skipped.
const shown = new WeakMap();

export function renderTex(el, source, display = false) {
  const key = (display ? 'D' : 'I') + source;
  const last = shown.get(el);
  if (last && last.key === key && el.firstChild === last.node) return el;  // untouched since
  try {
    katex.render(source, el, { ...OPTIONS, displayMode: display });
  } catch (e) {
    el.textContent = source;  // never fatal: show the source as text
  }
  shown.set(el, { key, node: el.firstChild });
  return el;
}

export function texNode(source, display = false, tag = 'span') {
  const el = document.createElement(tag);
  el.className = display ? 'tex tex-display' : 'tex';
  return renderTex(el, source, display);
}
