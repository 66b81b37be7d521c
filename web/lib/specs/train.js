// Training (API.md "Training"; diverged / divergedAt and state are our
// extensions). data.X is an array of matrices (one n x d sequence each);
// trainMask an array of booleans (kind 'flags'). state: a previous call's
// result.state, {method, t, m?, v?} with m and v shaped like params.
import { optional } from '../convert.js';

export const OPTIM = {
  method: 'string', lr: 'number', steps: 'integer', beta: 'number', beta1: 'number', beta2: 'number', eps: 'number',
};
const ATTENTION_PARAMS = { Wq: 'matrix', Wk: 'matrix', Wv: 'matrix', Wo: 'matrix' };
const GAT_PARAMS = { W: 'matrix', a: 'vector' };
export const state = (params) => ({ method: 'string', t: 'integer', m: optional(params), v: optional(params) });
export default {
  trainAttention: {
    args: [['data', { X: ['matrix'], targets: 'matrix' }], ['params', ATTENTION_PARAMS]],
    options: { ...OPTIM, causal: 'boolean', scale: 'number', record: 'integer', state: state(ATTENTION_PARAMS) },
    // The core's max_train_sequences, counted before a copy (3,000,000 empty sequences took 4 s and 550 MB to refuse).
    counts: { 'data.X': [1024, 'sequences'] },
  },
  trainGat: {
    args: [['X', 'matrix'], ['A', 'matrix'], ['labels', 'vector'], ['params', GAT_PARAMS]],
    options: { ...OPTIM, negativeSlope: 'number', selfLoops: 'boolean', trainMask: 'flags', state: state(GAT_PARAMS) },
    nodes: 512,  // the core's max_graph_nodes, checked on A's shape before copying
  },
};
