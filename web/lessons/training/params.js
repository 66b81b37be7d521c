// URL parameters of the training lesson (see state/schema.js).
//   task    the toy task: first (copy the first token), prev (the previous
//           token), match (the position of this token's earlier occurrence)
//   method, lr, steps, seed   the run: optimizer, learning rate, number of
//           updates, the seed of the initial weights
//   seq     the sequence whose attention map is shown (1..16)
//   at      the update shown (0 = the initial weights)
//   wm, wi, wj, wt   the weight followed through Adam (matrix, row, column,
//           both from 1) and the Adam step written out
//   big     the comparison also shows gradient descent at a far too large rate
export default {
  params: {
    task: { type: 'enum', values: ['first', 'prev', 'match'], default: 'prev' },
    method: { type: 'enum', values: ['gd', 'momentum', 'adam'], default: 'adam' },
    lr: { type: 'number', min: 0.001, max: 100, default: 0.05 },
    steps: { type: 'integer', min: 10, max: 300, step: 10, default: 120 },
    seed: { type: 'integer', min: 0, max: 999999, default: 1 },
    seq: { type: 'integer', min: 1, max: 16, default: 1 },
    at: { type: 'integer', min: 0, max: 300, default: 0 },
    wm: { type: 'enum', values: ['Wq', 'Wk', 'Wv', 'Wo'], default: 'Wq' },
    wi: { type: 'integer', min: 1, max: 10, default: 7 },
    wj: { type: 'integer', min: 1, max: 6, default: 1 },
    wt: { type: 'integer', min: 1, max: 10, default: 1 },
    big: { type: 'boolean', default: true },
  },
};
