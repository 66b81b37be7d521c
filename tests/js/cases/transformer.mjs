// Error cases for tests/js/errors.test.mjs: transformers (web/lib/specs/transformer.js).
const W = [[0.3, -0.2], [0.1, 0.4]];  // d = d_h = 2
const head = { Wq: W, Wk: W, Wv: W, Wo: W };
// V = 3, P = 4, d = 2, layers: 2 heads, then 1
const params = { embed: [[0.5, 0], [0, 0.5], [0.3, 0.3]], pos: [[0.1, 0], [0, 0.1], [0.2, 0], [0, 0.2]],
  layers: [[head, head], [head]], unembed: [[0.2, -0.1, 0.3], [0.1, 0.2, -0.3]] };
const tokens = [[0, 1, 2], [2, 1, 0]];
const data = { tokens, targets: [[1, 2, -1], [1, 0, -1]] };
const opt = { method: 'adam', lr: 0.05, steps: 3 };
const like = (P, x) => ({ embed: P.embed.map((r) => r.map(() => x)), pos: P.pos.map((r) => r.map(() => x)),
  layers: P.layers.map((l) => l.map((h) => Object.fromEntries(Object.entries(h).map(([k, M]) => [k, M.map((r) => r.map(() => x))])))),
  unembed: P.unembed.map((r) => r.map(() => x)) });
const adamState = { method: 'adam', t: 3, m: like(params, 0.01), v: like(params, 0.02) };
const eye = [[1, 0, 0], [0.5, 0.5, 0], [0.2, 0.3, 0.5]];
const maps = [[[eye, eye], [eye]], [[eye, eye], [eye]]];
const withHead = (l, h, change) => ({ ...params, layers: params.layers.map((L, i) => L.map((H, j) => (i === l && j === h ? { ...H, ...change } : H))) });

// Bad input every transformer function shares (the model and the tokens).
const model = (args) => ({
  'a token out of range (3, V = 3)': args([[0, 1, 3], [2, 1, 0]], params),
  'a token 1.5': args([[0, 1.5, 2], [2, 1, 0]], params),
  'a token -1': args([[0, -1, 2], [2, 1, 0]], params),
  'sequences longer than P = 4': args([[0, 1, 2, 0, 1], [2, 1, 0, 0, 1]], params),
  'ragged batch': args([[0, 1, 2], [2, 1]], params),
  'Wk of layer 1 has 3 columns, d_h = 2': args(tokens, withHead(1, 0, { Wk: [[1, 0, 0], [0, 1, 0]] })),
  'Wo of layer 0 head 1 is 2 x 3': args(tokens, withHead(0, 1, { Wo: [[1, 0, 0], [0, 1, 0]] })),
  'unembed is 2 x 2, V = 3': args(tokens, { ...params, unembed: W }),
  'pos has 3 columns, d = 2': args(tokens, { ...params, pos: [[0, 0, 0]] }),
  'embed has NaN': args(tokens, { ...params, embed: [[NaN, 0], [0, 1], [1, 1]] }),
  'a layer with no heads': args(tokens, { ...params, layers: [[head], []] }),
  '17 layers (over 16)': args(tokens, { ...params, layers: Array(17).fill([head]) }),
  '17 heads in a layer (over 16)': args(tokens, { ...params, layers: [Array(17).fill(head)] }),
});
const asData = (t, p) => [{ tokens: t, targets: t.map((r) => r.map(() => 0)) }, p];

export default {
  transformerForward: {
    valid: [tokens, params, { scale: 0.5, ablate: [[0, 1]] }],
    bad: {
      ...model((t, p) => [t, p]),
      'ablating layer 2 (the model has 2)': [tokens, params, { ablate: [[2, 0]] }],
      'ablating head 1 of layer 1 (it has 1)': [tokens, params, { ablate: [[1, 1]] }],
      'ablate rows of 3 entries': [tokens, params, { ablate: [[0, 0, 1]] }],
      'ablate 0.5': [tokens, params, { ablate: [[0.5, 0]] }],
      'scale Infinity': [tokens, params, { scale: Infinity }],
      'scale NaN': [tokens, params, { scale: NaN }],
      '1025 sequences (over 1024)': [Array(1025).fill([0, 1]), params],
    },
  },
  transformerLoss: {
    valid: [data, params, { ablate: [[1, 0]] }],
    bad: {
      ...model((t, p) => asData(t, p)),
      'a target 3 (V = 3)': [{ tokens, targets: [[1, 3, -1], [1, 0, -1]] }, params],
      'a target -2': [{ tokens, targets: [[1, -2, -1], [1, 0, -1]] }, params],
      'a target 0.5': [{ tokens, targets: [[1, 0.5, -1], [1, 0, -1]] }, params],
      'every target -1': [{ tokens, targets: [[-1, -1, -1], [-1, -1, -1]] }, params],
      'targets 2 x 2, tokens 2 x 3': [{ tokens, targets: [[1, 2], [1, 0]] }, params],
      'ablating a head that does not exist': [data, params, { ablate: [[0, 2]] }],
    },
  },
  trainTransformer: {
    valid: [data, params, { ...opt, freeze: ['pos'], ablate: [[0, 0]], record: 1, state: adamState }],
    bad: {
      ...model((t, p) => [...asData(t, p), opt]),
      'freeze an unknown name': [data, params, { ...opt, freeze: ['embed', 'layers'] }],
      'freeze not an array': [data, params, { ...opt, freeze: 'embed' }],
      'lr 0': [data, params, { ...opt, lr: 0 }],
      'lr -1': [data, params, { ...opt, lr: -1 }],
      'lr missing': [data, params, { steps: 3 }],
      'steps 100001 (over 100000)': [data, params, { ...opt, steps: 100001 }],
      'method sgd': [data, params, { ...opt, method: 'sgd' }],
      'record 0': [data, params, { ...opt, record: 0 }],
      'ablating a head that does not exist': [data, params, { ...opt, ablate: [[1, 1]] }],
      'a target 3 (V = 3)': [{ tokens, targets: [[1, 3, -1], [1, 0, -1]] }, params, opt],
      'state from another method': [data, params, { ...opt, method: 'momentum', state: adamState }],
      'state.m with one layer less': [data, params, { ...opt, state: { ...adamState, m: { ...adamState.m, layers: [adamState.m.layers[0]] } } }],
      'state.v.unembed is 2 x 2': [data, params, { ...opt, state: { ...adamState, v: { ...adamState.v, unembed: [[0, 0], [0, 0]] } } }],
      'state.v has a negative entry': [data, params, { ...opt, state: { ...adamState, v: { ...adamState.v, embed: [[-1, 0], [0, 0], [0, 0]] } } }],
    },
  },
  headScores: {
    valid: [tokens, maps],
    bad: {
      'attention for 1 sequence, tokens 2': [tokens, [maps[0]]],
      'another head count in sequence 1': [tokens, [maps[0], [[eye], [eye]]]],
      'another layer count in sequence 1': [tokens, [maps[0], [[eye, eye]]]],
      'a 2 x 2 map for 3 tokens': [tokens, [maps[0], [[eye, [[1, 0], [0, 1]]], [eye]]]],
      'a map with NaN': [tokens, [maps[0], [[eye, [[NaN, 0, 0], [0, 1, 0], [0, 0, 1]]], [eye]]]],
      'a token 1.5': [[[0, 1.5, 2], [2, 1, 0]], maps],
      'a token -1': [[[0, -1, 2], [2, 1, 0]], maps],
      'a layer with no heads': [tokens, [[[eye, eye], []], [[eye, eye], []]]],
    },
  },
};
