// The proofs lesson's walkthrough: its steps by panel, and each step's
// formula with the live numbers of the parts.
import { fmtTex } from '../shared/kit.js';
import { thousands } from './search.js';

// Step ids in order, grouped by the panel (data-part) they are about.
export const PARTS = {
  lipschitz: ['claim', 'segment'],
  proof: ['psd', 'popoviciu'],
  search: ['search'],
  asym: ['lln', 'entropy'],
  clt: ['clt', 'breaks'],
};

export function stepFormula(id, { res, t }) {
  const { lip, search, asym } = res;
  switch (id) {
    case 'claim':
      return lip && Number.isFinite(lip.ratio)
        ? `\\frac{\\lVert \\operatorname{softmax}(z/T) - \\operatorname{softmax}(z'/T)\\rVert_2}{\\lVert z - z'\\rVert_2} = ${fmtTex(lip.ratio, 5)} \\;\\le\\; L = \\frac{1}{2T} = ${fmtTex(lip.bound, 4)}`
        : '\\lVert \\operatorname{softmax}(z/T) - \\operatorname{softmax}(z\'/T)\\rVert_2 \\le \\frac{1}{2T}\\,\\lVert z - z\'\\rVert_2';
    case 'segment':
      return lip && Number.isFinite(lip.ratio)
        ? `${fmtTex(lip.ratio, 5)} \\le \\max_{s\\in[0,1]}\\lVert J(z + s(z'-z))\\rVert_2 = ${fmtTex(lip.maxJ, 5)} \\le ${fmtTex(lip.bound, 4)}`
        : '';
    case 'psd':
      return 'x^\\top J x = \\tfrac{1}{T}\\operatorname{Var}_p(x) \\ge 0,\\qquad \\lVert J\\rVert_2 = \\tfrac{1}{T}\\max_{\\lVert x\\rVert_2=1}\\operatorname{Var}_p(x)';
    case 'popoviciu':
      return '\\operatorname{Var}_p(x) \\le \\tfrac14(\\max_i x_i - \\min_i x_i)^2 \\le \\tfrac14\\cdot 2 = \\tfrac12 \\;\\Longrightarrow\\; \\lVert J\\rVert_2 \\le \\frac{1}{2T}';
    case 'search':
      return search
        ? `\\max_{\\text{${thousands(search.tried)}}\\ \\text{${t('pairs')}}} \\frac{\\lVert \\Delta p\\rVert_2}{\\lVert \\Delta z\\rVert_2} = ${fmtTex(search.best, 6)} \\;${search.best < search.bound ? '<' : '\\ge'}\\; \\frac{1}{2T} = ${fmtTex(search.bound, 6)}`
        : `\\text{${t('pressSearch')}}`;
    case 'lln':
      return asym
        ? `\\operatorname{Var}\\Big(\\sum_j \\alpha_j v_j\\Big) = \\tau^2 \\sum_j \\alpha_j^2 = ${fmtTex(asym.tau * asym.tau, 4)} \\times ${fmtTex(asym.s2, 4)} \\;\\xrightarrow[\\ \\sum_j \\alpha_j^2 \\to 0\\ ]{}\\; 0`
        : '';
    case 'entropy':
      return asym
        ? `n = ${asym.n}:\\ \\ H(\\alpha) = ${fmtTex(asym.H, 4)},\\ \\ \\ln n - \\tfrac{\\sigma^2}{2} = ${fmtTex(asym.logn - (asym.sigma * asym.sigma) / 2, 4)}`
        : '';
    case 'clt':
      return '\\frac{\\sum_j \\alpha_j v_j - \\mu}{\\tau\\sqrt{\\sum_j \\alpha_j^2}} \\;\\approx\\; \\mathcal N(0, 1)\\quad\\text{if}\\quad \\frac{\\max_j \\alpha_j^2}{\\sum_j \\alpha_j^2} \\to 0';
    case 'breaks':
      return asym
        ? `\\sigma = ${fmtTex(asym.sigma, 3)},\\ n = ${asym.n}:\\quad \\frac{\\max_j \\alpha_j^2}{\\sum_j \\alpha_j^2} = ${fmtTex((asym.maxW * asym.maxW) / asym.s2, 3)}`
        : '';
    default:
      return '';
  }
}
