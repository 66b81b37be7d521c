// What the focused cell of the pipeline is made of, as marks on the views:
// the query row and key column multiplied for a score, the row normalized
// for a weight, the weights row and the value column for an output.
// name: the view the cell is in ('masked': the scaled scores, mask step).
export function highlights(name, i, j, n, causal) {
  return {
    project: { proj: { cells: [[i, j]] }, qkQ: { rows: [i] } },
    scores: { qkQ: { rows: [i] }, qkKt: { cols: [j] }, scores: { cells: [[i, j]] } },
    scaled: { scores: { cells: [[i, j]] }, scaled: { cells: [[i, j]] } },
    // The cells the mask sets to −∞ (every j > i when causal), else the row that keeps all of its keys.
    masked: { scaled: causal ? { cells: Array.from({ length: n }, (_, a) => Array.from({ length: n - a - 1 }, (_, k) => [a, a + 1 + k])).flat() } : { rows: [i] } },
    weights: { scaled: { rows: [i] }, weights: { cells: [[i, j]] } },
    output: { weights: { rows: [i] }, qkV: { cols: [j] }, output: { cells: [[i, j]] } },
  }[name] || {};
}
