// Transformers (API.md "Transformers"): the attention-only transformer on
// integer tokens. params.layers is an array of layers, each an array of
// heads {Wq, Wk, Wv, Wo}; attention is transformerForward's [b][l][h];
// ablate lists [layer, head] pairs (a k x 2 matrix); freeze names among
// 'embed', 'pos', 'unembed'. The core checks tokens (integers in 0..V-1),
// targets (or -1) and every shape.
import { OPTIM, state } from './train.js';

const HEAD = { Wq: 'matrix', Wk: 'matrix', Wv: 'matrix', Wo: 'matrix' };
const PARAMS = { embed: 'matrix', pos: 'matrix', layers: [[HEAD]], unembed: 'matrix' };
const DATA = { tokens: 'matrix', targets: 'matrix' };
const MODEL = { scale: 'number', ablate: 'matrix' };
export default {
  transformerForward: { args: [['tokens', 'matrix'], ['params', PARAMS]], options: MODEL },
  transformerLoss: { args: [['data', DATA], ['params', PARAMS]], options: MODEL },
  trainTransformer: {
    args: [['data', DATA], ['params', PARAMS]],
    options: { ...OPTIM, ...MODEL, freeze: ['string'], record: 'integer', state: state(PARAMS) },
  },
  headScores: { args: [['tokens', 'matrix'], ['attention', [[['matrix']]]]] },
};
