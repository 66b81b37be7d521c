// What the step player and the arithmetic box say about the focused cell:
// the TeX of each step with the core's numbers, and for the projection step
// the sums behind q, k, v of a token (arith.js writes the other steps').
// c: {numbers, sent, causal, r, n, dk, dv, focus, word(i), tok(i), pickKey(i), t}.
import { fmt } from '../../util/format.js';
import { fmtTex } from '../shared/kit.js';

// TeX of a token name (letters and CJK only, see params.js text).
const texWord = (w) => `\\text{${String(w).replace(/[^A-Za-z\u4e00-\u9fff]/g, '')}}`;

export function projArith(i, j, { numbers, sent, r, t, tok }) {
  if (numbers) return t('projNumbers');
  const x = sent.X[i];
  const line = (M) => `${M}[${tok(i)}, ${j + 1}] = Σ_f X[${tok(i)}, f]·W${M}[f, ${j + 1}] = ${x.map((v, f) => `${fmt(v, 3)}×${fmt(sent[`W${M.toLowerCase()}`][f][j], 3)}`).join(' + ')}\n        = ${fmt(r[M][i][j], 6)}`;
  return ['Q', 'K', 'V'].map((M) => line(M)).join('\n');
}

export function stepFormula(id, { numbers, sent, causal, r, n, dk, dv, focus, word, pickKey, t }) {
  if (!r) return '';
  const { i } = focus;
  const j = Math.min(id === 'output' ? focus.j : focus.name === 'output' || focus.name === 'project' ? pickKey(i) : focus.j, n - 1);
  const a = `${texWord(word(i))}_{${i + 1}}`, b = `${texWord(word(j))}_{${j + 1}}`;
  const row = (v, d = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
  switch (id) {
    case 'project': return numbers
      ? `Q \\in \\mathbb{R}^{${n}\\times${dk}},\\ K \\in \\mathbb{R}^{${n}\\times${dk}},\\ V \\in \\mathbb{R}^{${n}\\times${dv}}`
      : `\\begin{aligned} &q_{${a}} = x_{${a}} W_Q = ${row(sent.X[i], 2)} W_Q = ${row(r.Q[i])} \\\\ &k_{${a}} = ${row(r.K[i])},\\quad v_{${a}} = ${row(r.V[i])} \\end{aligned}`;
    case 'scores': return `S = QK^\\top \\in \\mathbb{R}^{${n}\\times${n}},\\quad S_{${a},\\,${b}} = q_{${a}}\\cdot k_{${b}} = ${fmtTex(r.scores[i][j])}`;
    case 'scale': return `\\tilde S = \\frac{S}{\\sqrt{d_k}} = \\frac{S}{\\sqrt{${dk}}},\\quad \\tilde S_{${a},\\,${b}} = \\frac{${fmtTex(r.scores[i][j])}}{${fmtTex(Math.sqrt(dk))}} = ${fmtTex(r.scaled[i][j])}`;
    case 'mask': return causal
      ? `\\tilde S_{ij} = -\\infty \\ \\text{${t('forJgtI')}}\\ j > i \\quad(\\text{${t('causalShort')}})`
      : `\\text{${t('noMask')}}`;
    // Rows, left-aligned: the beside-player column is narrow (about 320 px); each part starts in view.
    case 'softmax': return `\\begin{aligned} &\\alpha_{${a},\\,j} = \\frac{\\exp(\\tilde S_{${a},\\,j})}{\\sum_{k} \\exp(\\tilde S_{${a},\\,k})} \\\\ &\\alpha_{${a},\\,\\cdot} = ${row(r.weights[i])} \\\\ &\\sum_j \\alpha_{${a},\\,j} = ${fmtTex(r.weights[i].reduce((x, y) => x + y, 0), 12)} \\end{aligned}`;
    case 'output': return `\\text{out}_{${a}} = \\sum_j \\alpha_{${a},\\,j}\\, v_j = ${row(r.output[i])}`;
    default: return `\\operatorname{Attention}(Q,K,V) = \\operatorname{softmax}\\!\\left(\\frac{QK^\\top}{\\sqrt{d_k}}\\right)V`;
  }
}
