// The GAT step-through of the graphs lesson as data: step ids, which
// column of the neighbourhood table each step is about, and each step's
// formula with the live numbers of the chosen node i and neighbour j, taken
// from lab.gat's result r (Wh = X W, src, dst, e, alpha, output) and
// lab.multiHeadGat's. Nodes are written 1-based, as on the page.
import { vecTex, fmtTex } from '../shared/kit.js';

export const STEP_IDS = ['neighbours', 'transform', 'concat', 'score', 'leaky', 'softmax', 'aggregate', 'all', 'heads'];
// Columns of the neighbourhood table: (Wx_j)_1, (Wx_j)_2, s_ij, e_ij, alpha_ij.
export const STEP_COLS = { transform: [0, 1], concat: [0, 1], score: [2], leaky: [3], softmax: [4], aggregate: [0, 1, 4] };
export const FOCUS_STEPS = 7;  // steps 1..7 look at one node; 8 all nodes; 9 several heads

const col = (v, d = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' \\\\ ')}\\end{bmatrix}`;
const mat = (m, d = 3) => `\\begin{bmatrix}${m.map((row) => row.map((x) => fmtTex(x, d)).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;
const set = (N) => `\\{${N.map((j) => j + 1).join(', ')}\\}`;
const MAX_TERMS = 4;
const terms = (N, f) => N.slice(0, MAX_TERMS).map(f).join(' + ') + (N.length > MAX_TERMS ? ' + \\cdots' : '');
const par = (x) => (x < 0 ? `(${fmtTex(x)})` : fmtTex(x));

// c: {r, multi, i, j, N, X, Wt, a, slope, selfLoops, K, concat, n, edges (|E|), nnz, t}
export function gatFormula(id, c) {
  const { r, i, j, N, t } = c;
  const I = i + 1, J = j + 1;
  if (!r && id !== 'heads') return `\\text{${t('gat.noResult')}}`;
  switch (id) {
    case 'neighbours':
      return `\\mathcal{N}(${I}) = ${c.selfLoops ? `\\{${I}\\} \\cup ` : ''}\\{\\, j : A_{${I}j} = 1 \\,\\} = ${set(N)},\\quad |\\mathcal{N}(${I})| = ${N.length}`;
    case 'transform':
      return `W x_{${J}} = ${mat(c.Wt)}\\,${col(c.X[j])} = ${col(r.Wh[j])}`;
    case 'concat':
      return `\\left[\\, W x_{${I}} \\,\\Vert\\, W x_{${J}} \\,\\right] = ${col([...r.Wh[i], ...r.Wh[j]])}`;
    case 'score': {
      const s = r.src[i] + r.dst[j];
      return `s_{${I}${J}} = a^{\\top}\\!\\left[W x_{${I}} \\Vert W x_{${J}}\\right] = \\underbrace{a_{1}^{\\top} W x_{${I}}}_{${fmtTex(r.src[i])}} + \\underbrace{a_{2}^{\\top} W x_{${J}}}_{${fmtTex(r.dst[j])}} = ${fmtTex(s)},` +
        `\\quad a = ${vecTex(c.a)}^{\\top}`;
    }
    case 'leaky': {
      const s = r.src[i] + r.dst[j];
      return `e_{${I}${J}} = \\operatorname{LeakyReLU}(s_{${I}${J}}) = \\begin{cases} s & s > 0 \\\\ ${fmtTex(c.slope)}\\, s & s \\le 0 \\end{cases}` +
        ` \\;=\\; ${s > 0 ? fmtTex(s) : `${fmtTex(c.slope)} \\cdot ${par(s)}`} = ${fmtTex(r.e[i][j])}`;
    }
    case 'softmax': {
      const sum = N.reduce((acc, k) => acc + r.alpha[i][k], 0);
      return `\\alpha_{${I}${J}} = \\frac{\\exp(e_{${I}${J}})}{\\sum_{k \\in \\mathcal{N}(${I})} \\exp(e_{${I}k})} = \\frac{e^{${fmtTex(r.e[i][j])}}}{${terms(N, (k) => `e^{${fmtTex(r.e[i][k])}}`)}} = ${fmtTex(r.alpha[i][j])},` +
        `\\quad \\sum_{k} \\alpha_{${I}k} = ${fmtTex(sum, 12)}`;
    }
    case 'aggregate':
      return `h'_{${I}} = \\sum_{j \\in \\mathcal{N}(${I})} \\alpha_{${I}j}\\, W x_j = ${terms(N, (k) => `${fmtTex(r.alpha[i][k], 3)} ${col(r.Wh[k], 2)}`)} = ${col(r.output[i])}`;
    case 'all': {
      const count = c.selfLoops ? `2|E| + n = 2 \\cdot ${c.edges} + ${c.n}` : `2|E| = 2 \\cdot ${c.edges}`;
      return `\\begin{gathered} E_{ij} = \\begin{cases} \\operatorname{LeakyReLU}\\!\\left(a^{\\top}[W x_i \\Vert W x_j]\\right) & j \\in \\mathcal{N}(i) \\\\ -\\infty & \\text{${t('gat.otherwise')}} \\end{cases},\\qquad ` +
        `\\alpha = \\operatorname{softmax}_{\\text{row}}(E),\\qquad H' = \\alpha\\,(X W^{\\top}) \\\\ ` +
        `\\#\\{(i, j) : \\alpha_{ij} > 0\\} = ${c.nnz} = ${count} \\qquad \\text{${t('gat.outOf')}}\\ n^2 = ${c.n * c.n} \\end{gathered}`;
    }
    case 'heads': {
      if (!c.multi) return `\\text{${t('gat.noResult')}}`;
      const dims = c.multi.output[0] ? c.multi.output[0].length : 0;
      return c.concat
        ? `h'_i = \\big\\Vert_{k=1}^{${c.K}} \\sum_{j \\in \\mathcal{N}(i)} \\alpha^{k}_{ij}\\, W^{k} x_j \\in \\mathbb{R}^{${dims}},\\quad h'_{${I}} = ${vecTex(c.multi.output[i])}`
        : `h'_i = \\frac{1}{${c.K}} \\sum_{k=1}^{${c.K}} \\sum_{j \\in \\mathcal{N}(i)} \\alpha^{k}_{ij}\\, W^{k} x_j \\in \\mathbb{R}^{${dims}},\\quad h'_{${I}} = ${vecTex(c.multi.output[i])}`;
    }
    default:
      return '';
  }
}
