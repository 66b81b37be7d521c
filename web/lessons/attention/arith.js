// Writes out the arithmetic behind one cell of the attention pipeline, as
// plain text, from the core's results (no recomputation of the answer:
// the right-hand side printed is the core's value). tok(i): the name of
// token i with its position ("it₈"), so that repeated words stay apart.
import { fmt } from '../../util/format.js';

const term = (a, b) => `${fmt(a, 3)}×${fmt(b, 3)}`;

export function explainCell(name, i, j, { Q, K, V, r, scale, t, tok }) {
  const a = tok(i), b = tok(j);
  switch (name) {
    case 'scores':
      return `S[${a}, ${b}] = q(${a})·k(${b}) = ${Q[i].map((q, k) => term(q, K[j][k])).join(' + ')}\n        = ${fmt(r.scores[i][j], 6)}`;
    case 'scaled':
      return r.scaled[i][j] === -Infinity
        ? `${t('maskedCell', { i: a, j: b })}\n  → −∞`
        : `S[${a}, ${b}] × ${fmt(scale, 4)} = ${fmt(r.scores[i][j], 4)} × ${fmt(scale, 4)} = ${fmt(r.scaled[i][j], 6)}`;
    case 'weights': {
      const row = r.scaled[i];
      const m = Math.max(...row.filter(Number.isFinite));
      const terms = row.map((x) => (Number.isFinite(x) ? `exp(${fmt(x - m, 3)})` : '0'));
      return `α[${a}, ${b}] = exp(${fmt(row[j], 3)} − ${fmt(m, 3)}) / (${terms.join(' + ')})\n        = ${fmt(r.weights[i][j], 6)}` +
        `\n${t('rowSum', { i: a, s: fmt(r.weights[i].reduce((x, y) => x + y, 0), 12) })}`;
    }
    case 'output':
      return `out[${a}, ${j + 1}] = Σₖ α[${a}, k]·V[k, ${j + 1}] = ${r.weights[i].map((w, k) => term(w, V[k][j])).join(' + ')}\n          = ${fmt(r.output[i][j], 6)}`;
    default:
      return '';
  }
}
