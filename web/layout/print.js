// Print: instructions for the mouse mean nothing on paper. Before printing
// (ui/step-player.js preparePrint), every sentence of the lesson's prose
// that tells the reader to click, drag or hover is wrapped in
// span.pointer-hint, which print media hides (style.css); on screen
// nothing changes. Text in figures, formulas and controls is left alone.
const WORDS = {
  en: /\b(mouse|drag|dragging|click|clicking|hover|hovering|point at)\b/i,
  'zh-Hans': /(鼠标|拖动|拖拽|拖到|点击|单击|悬停)/,
};
// A sentence: up to its end mark (a '.' followed by a space or the end; not the one in 0.5 or e.g.x).
const SENTENCE = /(?:[^.!?。！？]|\.(?=\S))+[.!?。！？]?\s*/g;
const SKIP = 'math, .tex-math, svg, button, input, select, textarea, label, code, pre, .step-controls, .pointer-hint';

export function hideMouseSentences(root, lang = document.documentElement.lang) {
  const words = WORDS[lang] || WORDS.en;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (words.test(n.nodeValue) && n.parentElement && !n.parentElement.closest(SKIP) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  for (const n of nodes) {
    const parts = n.nodeValue.match(SENTENCE) || [n.nodeValue];
    const frag = document.createDocumentFragment();
    for (const p of parts) {
      if (!words.test(p)) { frag.appendChild(document.createTextNode(p)); continue; }
      const span = document.createElement('span');
      span.className = 'pointer-hint';
      span.textContent = p;
      frag.appendChild(span);
    }
    n.parentNode.replaceChild(frag, n);
  }
}
