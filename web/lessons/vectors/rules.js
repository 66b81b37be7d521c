// The chapter's rules of matrix algebra as data: each rule's inputs drawn
// from one seed (shapes follow the sizes m, k, n, q), and both of its sides
// computed by the core (matmul, transpose, and add / scale / sub row by
// row) with the largest |difference| between them.
import { rng, randomMatrix } from '../../util/random.js';

export const PROPS = ['assoc', 'distL', 'distR', 'transProd', 'transSum', 'transScale', 'commute'];
// [TeX of the rule, plain left side, plain right side]
export const RULES = {
  assoc: ['A(BC) = (AB)C', 'A(BC)', '(AB)C'],
  distL: ['A(B + C) = AB + AC', 'A(B + C)', 'AB + AC'],
  distR: ['(A + B)C = AC + BC', '(A + B)C', 'AC + BC'],
  transProd: ['(AB)^\\top = B^\\top A^\\top', '(AB)ᵀ', 'BᵀAᵀ'],
  transSum: ['(A + B)^\\top = A^\\top + B^\\top', '(A + B)ᵀ', 'Aᵀ + Bᵀ'],
  transScale: ['(\\alpha A)^\\top = \\alpha A^\\top', '(αA)ᵀ', 'αAᵀ'],
  commute: ['AB \\overset{?}{=} BA', 'AB', 'BA'],
};

// Inputs of every rule from one seed.
function inputsFor(seed, { m, k, n, q }) {
  const next = rng(seed);
  const A = randomMatrix(next, m, k), B = randomMatrix(next, k, n), C = randomMatrix(next, n, q);
  const B2 = randomMatrix(next, k, n), A2 = randomMatrix(next, m, k);
  const S1 = randomMatrix(next, m, m), S2 = randomMatrix(next, m, m);
  return {
    assoc: { A, B, C }, distL: { A, B, C: B2 }, distR: { A, B: A2, C: B }, transProd: { A, B },
    transSum: { A, B: A2 }, transScale: { A }, commute: { A: S1, B: S2 },
  };
}

function sides(lab, id, { A, B, C }, alpha) {
  const add = (X, Y) => X.map((r, i) => lab.add(r, Y[i]));
  const scale = (a, X) => X.map((r) => lab.scale(a, r));
  const { matmul: mm, transpose: tr } = lab;
  switch (id) {
    case 'assoc': return [mm(A, mm(B, C)), mm(mm(A, B), C)];
    case 'distL': return [mm(A, add(B, C)), add(mm(A, B), mm(A, C))];
    case 'distR': return [mm(add(A, B), C), add(mm(A, C), mm(B, C))];
    case 'transProd': return [tr(mm(A, B)), mm(tr(B), tr(A))];
    case 'transSum': return [tr(add(A, B)), add(tr(A), tr(B))];
    case 'transScale': return [tr(scale(alpha, A)), scale(alpha, tr(A))];
    default: return [mm(A, B), mm(B, A)];
  }
}

// Equal up to rounding: the largest |difference| within 1e-10 of the sides' size.
function maxDiff(lab, L, R) {
  let worst = 0, scale = 0;
  L.forEach((row, i) => {
    worst = Math.max(worst, lab.norm(lab.sub(row, R[i]), { p: Infinity }));
    scale = Math.max(scale, lab.norm(row, { p: Infinity }));
  });
  return { worst, equal: worst <= 1e-10 * (1 + scale) };
}

// -> {inputs: {rule: {A, B, C}}, results: {rule: {L, R, D (L - R), worst, equal}}}; c is α of transScale.
export function checkRules(lab, { seed, m, k, n, q, c }) {
  const inputs = inputsFor(seed, { m, k, n, q });
  const results = Object.fromEntries(PROPS.map((id) => {
    const [L, R] = sides(lab, id, inputs[id], c);
    return [id, { L, R, ...maxDiff(lab, L, R), D: L.map((row, i) => lab.sub(row, R[i])) }];
  }));
  return { inputs, results };
}
