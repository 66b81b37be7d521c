// How the two heads compose. Layer 1's previous-token head writes, at each
// position j, a copy of the token before it (its value-output circuit,
// Wv Wo, applied to that token's embedding); layer 2's induction head
// compares its query, made from the current token a, with keys made from
// what layer 1 wrote. For every pair of tokens (a, b) the composed score
//   S[a][b] = (e_a Wq)(e_b Wv¹ Wo¹ Wk)ᵀ / √d_h
// says how much a query at token a looks at a position whose previous token
// is b; row by row through softmax, a bright diagonal is the induction rule
// "look where the token before was the one I am now".
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { SETTING, tokenName } from './setting.js';
import { bestHead } from './checkpoint.js';

// The composed matrix of a checkpoint's best pair of heads: {S (softmax rows), diagonal (mean weight on b = a), p, q}.
export function composed(lab, c) {
  const p = bestHead(c.two.previousToken[0]).h, q = bestHead(c.two.prefixMatch[1]).h;
  const { embed, layers } = c.two.params;
  const one = layers[0][p], two = layers[1][q];
  const query = lab.matmul(embed, two.Wq);                                              // V x dh
  const written = lab.matmul(lab.matmul(embed, one.Wv), one.Wo);                         // V x d
  const key = lab.matmul(written, two.Wk);                                               // V x dh
  // Scaled by 1/√d_h as layer 2 scales its scores: softmax at temperature √d_h.
  const S = lab.matmul(query, lab.transpose(key)).map((row) => lab.softmax(row, { temperature: Math.sqrt(SETTING.dh) }));
  return { S, diagonal: S.reduce((s, row, a) => s + row[a], 0) / S.length, p, q };
}

export function composeSection({ lab, t }) {
  const heat = createHeatmap({ title: t('composeTitle'), xLabel: t('composeKeys'), yLabel: t('composeQueries') });
  const note = h('p', { class: 'check', 'aria-live': 'polite' });
  const el = h('div', { class: 'panel', 'data-ex': 'compose' }, heat.el, note);
  const names = Array.from({ length: SETTING.V }, (_, k) => tokenName(k));
  return {
    el,
    later: true,
    reads: ['shown'],
    draw(v) {
      if (!v.run) return;
      const c = v.shown;
      const r = composed(lab, c);
      heat.set(r.S, { rowLabels: names, colLabels: names });
      note.dataset.diagonal = String(r.diagonal);
      note.className = `check ${r.diagonal > 5 / SETTING.V ? 'good' : ''}`;
      note.textContent = t('composeNote', { k: c.step, p: r.p + 1, q: r.q + 1, diag: fmt(r.diagonal, 3), uniform: fmt(1 / SETTING.V, 3) });
    },
  };
}
