// KaTeX through katex.render (DOM nodes, no HTML strings), with trust off and
// bounded sizes so that even learner-typed TeX cannot run or blow up.
import katex from 'katex';

const OPTIONS = { throwOnError: false, trust: false, maxSize: 20, maxExpand: 200, strict: 'ignore', output: 'htmlAndMathml' };

export function renderTex(el, source, display = false) {
  try {
    katex.render(source, el, { ...OPTIONS, displayMode: display });
  } catch (e) {
    el.textContent = source;  // never fatal: show the source as text
  }
  return el;
}

export function texNode(source, display = false, tag = 'span') {
  const el = document.createElement(tag);
  el.className = display ? 'tex tex-display' : 'tex';
  return renderTex(el, source, display);
}
