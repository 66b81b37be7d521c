// Proofs lesson: the proof sketch that ||J||_2 <= 1/(2T), as numbered
// lines of prose (from the lesson strings) and formulas. For any unit x,
// x^T (diag(p) - p p^T) x = Var_p(x) <= (max x - min x)^2 / 4 <= 1/2
// (Popoviciu's inequality; (x_i - x_j)^2 <= 2 (x_i^2 + x_j^2) <= 2).
import { h } from '../../ui/dom.js';
import { texNode } from '../../math/tex.js';

const LINES = [
  ['proof1', String.raw`\begin{gathered} p(s) = \operatorname{softmax}\!\Big(\frac{z + s\,d}{T}\Big),\quad d = z' - z \\ p(1) - p(0) = \int_0^1 J\big(z + s\,d\big)\,d\;\mathrm{d}s, \\ J = \frac{\operatorname{diag}(p) - p\,p^\top}{T} \end{gathered}`],
  ['proof2', String.raw`\begin{gathered} \lVert p(1) - p(0)\rVert_2 \le \int_0^1 \lVert J(z + s\,d)\rVert_2\,\mathrm{d}s\;\lVert d\rVert_2 \\ \le \max_{s\in[0,1]} \lVert J(z + s\,d)\rVert_2\,\lVert z' - z\rVert_2 \end{gathered}`],
  ['proof3', String.raw`\begin{gathered} x^\top\big(\operatorname{diag}(p) - p\,p^\top\big)x = \sum_i p_i x_i^2 - \Big(\sum_i p_i x_i\Big)^2 = \operatorname{Var}_p(x) \;\ge\; 0 \\ \Longrightarrow\; \lVert J\rVert_2 = \lambda_{\max}(J) = \frac{1}{T}\max_{\lVert x\rVert_2 = 1} \operatorname{Var}_p(x) \end{gathered}`],
  ['proof4', String.raw`\operatorname{Var}_p(x) \le \frac{(\max_i x_i - \min_i x_i)^2}{4}`],
  ['proof5', String.raw`\begin{gathered} (x_i - x_j)^2 \le 2\,(x_i^2 + x_j^2) \le 2\lVert x\rVert_2^2 = 2 \\ \Longrightarrow\; \operatorname{Var}_p(x) \le \tfrac12 \;\Longrightarrow\; \lVert J\rVert_2 \le \frac{1}{2T} \end{gathered}`],
  ['proof6', String.raw`\begin{gathered} p = \big(\tfrac12, \tfrac12, 0, \dots, 0\big),\quad x = \tfrac{1}{\sqrt2}(1, -1, 0, \dots, 0) \\ \operatorname{Var}_p(x) = \tfrac12 \end{gathered}`],
];

export function proofSketch({ t }) {
  // Steps psd (line 3) and popoviciu (lines 4-5) highlight their lines.
  const HL = { proof3: 'psd', proof4: 'popoviciu', proof5: 'popoviciu' };
  const list = h('ol', { class: 'pf-proof' }, ...LINES.map(([key, tex]) => h('li', { 'data-hl': HL[key] || null }, h('p', {}, t(key)), h('div', { class: 'info-formula', tabindex: '0' }, texNode(tex, true, 'div')))));
  return { el: h('div', { class: 'panel', dataset: { part: 'proof' } }, h('h3', { class: 'h-small' }, t('proofTitle')), list, h('p', { class: 'note' }, t('proofEnd'))) };
}
