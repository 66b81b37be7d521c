// Error cases for tests/js/errors.test.mjs: training (web/lib/specs/train.js).
const seq = [[1, 0, 1, 0, 0], [0, 1, 0, 1, 0], [1, 0, 0, 0, 1]];   // n = 3, d = 5
const data = { X: [seq, seq], targets: [[0, 0, 0], [1, 1, 1]] };  // B = 2, C = 2
const W52 = [[0.1, -0.2], [0.3, 0.1], [-0.1, 0.2], [0.2, 0.2], [0, -0.3]];
const params = { Wq: W52, Wk: W52, Wv: W52, Wo: [[0.5, -0.5], [0.2, 0.1]] };
const opt = { method: 'adam', lr: 0.05, steps: 3 };

const Xg = [[1, 0], [0, 1], [1, 1]];
const A = [[0, 1, 1], [1, 0, 0], [1, 0, 0]];
const gparams = { W: [[0.5, -0.2], [0.1, 0.3]], a: [0.1, -0.2, 0.3, 0.4] };
const labels = [0, 1, -1];
const zeros = (n) => Array.from({ length: n }, () => Array(n).fill(0));
// options.state (our extension): shaped like params; Adam has m and v.
const like = (P, x) => Object.fromEntries(Object.entries(P).map(([k, M]) => [k, M.map((r) => (Array.isArray(r) ? r.map(() => x) : x))]));
const adamState = { method: 'adam', t: 3, m: like(params, 0.01), v: like(params, 0.02) };
const gatState = { method: 'momentum', t: 3, v: like(gparams, 0.01) };

export default {
  trainAttention: {
    valid: [data, params, { ...opt, causal: true, record: 1, state: adamState }],
    bad: {
      'data.X empty': [{ X: [], targets: [[0]] }, params, opt],
      'data.X[1] has another shape': [{ X: [seq, [[1, 0, 0, 0, 0]]], targets: data.targets }, params, opt],
      'data.X[0] is not a matrix': [{ X: [3], targets: data.targets }, params, opt],
      'data.X[0] has NaN': [{ X: [[[NaN, 0, 0, 0, 0], ...seq.slice(1)], seq], targets: data.targets }, params, opt],
      'data.X not an array': [{ X: seq[0], targets: data.targets }, params, opt],
      'data.targets is 2 x 2, X has 3 positions': [{ X: data.X, targets: [[0, 0], [1, 1]] }, params, opt],
      'a target out of range (2, C = 2)': [{ X: data.X, targets: [[0, 2, 0], [1, 1, 1]] }, params, opt],
      'a target not an integer': [{ X: data.X, targets: [[0, 0.5, 0], [1, 1, 1]] }, params, opt],
      'a target -1': [{ X: data.X, targets: [[0, 0, 0], [1, -1, 1]] }, params, opt],
      'params.Wq has 2 rows, d = 5': [data, { ...params, Wq: [[1, 0], [0, 1]] }, opt],
      'params.Wk has 3 columns, Wq has 2': [data, { ...params, Wk: W52.map((r) => [...r, 0]) }, opt],
      'params.Wo has 3 rows, d_v = 2': [data, { ...params, Wo: [[1, 0], [0, 1], [1, 1]] }, opt],
      'params.Wv has Infinity': [data, { ...params, Wv: [[Infinity, 0], ...W52.slice(1)] }, opt],
      'lr missing': [data, params, { steps: 3 }],
      'steps missing': [data, params, { lr: 0.1 }],
      'no options at all': [data, params],
      'lr 0': [data, params, { lr: 0, steps: 3 }],
      'lr -0.1': [data, params, { lr: -0.1, steps: 3 }],
      'lr NaN': [data, params, { lr: NaN, steps: 3 }],
      'steps 100001 (over 100000)': [data, params, { lr: 0.1, steps: 100001 }],
      'steps -1': [data, params, { lr: 0.1, steps: -1 }],
      'method sgd': [data, params, { lr: 0.1, steps: 3, method: 'sgd' }],
      'beta 1': [data, params, { lr: 0.1, steps: 3, method: 'momentum', beta: 1 }],
      'eps 0': [data, params, { lr: 0.1, steps: 3, method: 'adam', eps: 0 }],
      'record 0': [data, params, { ...opt, record: 0 }],
      'scale NaN': [data, params, { ...opt, scale: NaN }],
      'over the work limit (100000 steps)': [{ X: Array(64).fill(Array(16).fill(Array(32).fill(0.1))), targets: Array(64).fill(Array(16).fill(0)) },
        { Wq: Array(32).fill(Array(16).fill(0.1)), Wk: Array(32).fill(Array(16).fill(0.1)), Wv: Array(32).fill(Array(16).fill(0.1)), Wo: Array(16).fill([0.1, 0]) },
        { lr: 0.1, steps: 100000 }],
      // R = 1024 x 32 positions, d = 1, d_k = d_v = 80: under the work limit, over 192 MB.
      'over the memory budget': [{ X: Array(1024).fill(Array(32).fill([0.1])), targets: Array(1024).fill(Array(32).fill(0)) },
        { Wq: [Array(80).fill(0.1)], Wk: [Array(80).fill(0.1)], Wv: [Array(80).fill(0.1)], Wo: Array(80).fill([0.1, 0]) },
        { lr: 0.1, steps: 0 }],
      'data.X has 1025 sequences (over 1024)': [{ X: Array(1025).fill(seq), targets: Array(1025).fill([0, 0, 0]) }, params, opt],
      'state from another method': [data, params, { ...opt, method: 'momentum', state: adamState }],
      'state.t -1': [data, params, { ...opt, state: { ...adamState, t: -1 } }],
      'state.t 10000001 (over 1e7)': [data, params, { ...opt, state: { ...adamState, t: 10000001 } }],
      'state.t 9999999 + 3 steps (a run past 1e7 is refused where it would cross)': [data, params, { ...opt, state: { ...adamState, t: 9999999 } }],
      'state.t 2.5': [data, params, { ...opt, state: { ...adamState, t: 2.5 } }],
      'an adam state without m': [data, params, { ...opt, state: { ...adamState, m: undefined } }],
      'a gd state with v': [data, params, { ...opt, method: 'gd', state: { method: 'gd', t: 1, v: adamState.v } }],
      'state.m.Wq has 3 columns, params.Wq 2': [data, params, { ...opt, state: { ...adamState, m: { ...adamState.m, Wq: W52.map((r) => [...r, 0]) } } }],
      'state.v has a negative entry': [data, params, { ...opt, state: { ...adamState, v: { ...adamState.v, Wo: [[-1, 0], [0, 0]] } } }],
      'state.m has NaN': [data, params, { ...opt, state: { ...adamState, m: { ...adamState.m, Wo: [[NaN, 0], [0, 0]] } } }],
      'state.m without Wo': [data, params, { ...opt, state: { ...adamState, m: { Wq: W52, Wk: W52, Wv: W52 } } }],
      'state.method missing': [data, params, { ...opt, state: { t: 1, m: adamState.m, v: adamState.v } }],
    },
  },
  trainGat: {
    valid: [Xg, A, labels, gparams, { method: 'momentum', lr: 0.1, steps: 3, trainMask: [true, true, false], state: gatState }],
    bad: {
      'labels has 2 entries, A has 3 nodes': [Xg, A, [0, 1], gparams, opt],
      'a label out of range (2, C = 2)': [Xg, A, [0, 2, -1], gparams, opt],
      'a label 0.5': [Xg, A, [0, 0.5, -1], gparams, opt],
      'a label -2': [Xg, A, [0, -2, 1], gparams, opt],
      'no labelled node': [Xg, A, [-1, -1, -1], gparams, opt],
      'trainMask selects an unlabelled node': [Xg, A, labels, gparams, { ...opt, trainMask: [true, false, true] }],
      'trainMask has 2 entries': [Xg, A, labels, gparams, { ...opt, trainMask: [true, false] }],
      'trainMask selects nothing': [Xg, A, labels, gparams, { ...opt, trainMask: [false, false, false] }],
      'trainMask has a string entry': [Xg, A, labels, gparams, { ...opt, trainMask: [true, 'yes', false] }],
      'trainMask has a 2': [Xg, A, labels, gparams, { ...opt, trainMask: [true, 2, false] }],
      'params.W has 3 rows, X has 2 columns': [Xg, A, labels, { ...gparams, W: [[1, 0], [0, 1], [1, 1]] }, opt],
      'params.a has 3 entries': [Xg, A, labels, { ...gparams, a: [1, 2, 3] }, opt],
      'X has 2 rows, A has 3 nodes': [[[1, 0], [0, 1]], A, labels, gparams, opt],
      'an isolated node without selfLoops': [Xg, [[0, 1, 0], [1, 0, 0], [0, 0, 0]], labels, gparams, { ...opt, selfLoops: false }],
      'lr 0': [Xg, A, labels, gparams, { lr: 0, steps: 3 }],
      'lr missing': [Xg, A, labels, gparams, { steps: 3 }],
      'steps 100001 (over 100000)': [Xg, A, labels, gparams, { lr: 0.1, steps: 100001 }],
      'steps 2.5': [Xg, A, labels, gparams, { lr: 0.1, steps: 2.5 }],
      'negativeSlope Infinity': [Xg, A, labels, gparams, { ...opt, negativeSlope: Infinity }],
      'A has 513 nodes (over 512)': [Xg, zeros(513), labels, gparams, opt],
      'state from another method': [Xg, A, labels, gparams, { ...opt, state: gatState }],
      'state.v.a has 3 entries, params.a 4': [Xg, A, labels, gparams, { method: 'momentum', lr: 0.1, steps: 3, state: { ...gatState, v: { ...gatState.v, a: [0, 0, 0] } } }],
      'state.v.W has 3 rows, params.W 2': [Xg, A, labels, gparams, { method: 'momentum', lr: 0.1, steps: 3, state: { ...gatState, v: { ...gatState.v, W: [[0, 0], [0, 0], [0, 0]] } } }],
    },
  },
};
