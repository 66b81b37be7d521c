// Subscripts that Unicode lacks, in prose. Strings write maths in Unicode
// (pᵢ, dₖ, Aᵣ); a subscript with no Unicode letter (W_Q, p_y, P_XY, L_sym,
// ‖A‖_F) is written base_sub, and rich(s) makes it a <sub> (DOM nodes,
// never HTML). Only a symbol takes one: a base of one or two letters (XW_Q)
// or a maths character (‖, σ, ′), so that code quoted in prose
// (np.sum(exp_z)) keeps its identifier. plain(s) is the same text flat, for
// what cannot hold markup (attributes, <option>): W_Q -> WQ, as a screen
// reader reads W<sub>Q</sub>.
import { h } from '../ui/dom.js';

const SYMBOL = /[\u0370-\u03ff‖|)\]′ᵀ⁺]$/;

function isBase(before) {
  const run = /[A-Za-z]+$/.exec(before);
  if (!run) return SYMBOL.test(before);
  // A longer run, or one inside a dotted or snake_case name, is an identifier.
  return run[0].length <= 2 && !/[\w$.]$/.test(before.slice(0, run.index));
}

// s -> [[text, isSubscript], ...]: pure, for the page and the tests alike.
export function pieces(s) {
  const text = String(s ?? '');
  const out = [];
  let last = 0;
  for (let i = text.indexOf('_'); i >= 0; i = text.indexOf('_', i + 1)) {
    const sub = /^(?:[A-Za-z0-9]+|[\u4e00-\u9fff]+)/.exec(text.slice(i + 1));  // m_new, and in Chinese m_新
    if (!sub || i === 0 || !isBase(text.slice(last, i))) continue;
    out.push([text.slice(last, i), false], [sub[0], true]);
    last = i + 1 + sub[0].length;
    i = last - 1;
  }
  out.push([text.slice(last), false]);
  return out.filter(([x]) => x !== '');
}

// s -> strings and <sub> elements, for h() or append().
export const rich = (s) => pieces(s).map(([x, isSub]) => (isSub ? h('sub', {}, x) : x));

// The same text without markup: each subscript after its base.
export const plain = (s) => pieces(s).map(([x]) => x).join('');
