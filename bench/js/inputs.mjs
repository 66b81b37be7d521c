// The benchmark's cases and their inputs. bench/bench_native.cpp builds the
// very same inputs (same generator, same seeds, same order), so that native,
// wasm and plain JS work on identical numbers and their checksums agree.
//
// Generator: mulberry32 (32-bit state, uniform in [0, 1) with 2^-32 steps),
// chosen because it is a few lines of exact integer arithmetic in both JS
// (Math.imul) and C++ (uint32_t wraps), so no floating point enters it.

export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t = (t + Math.imul(t ^ (t >>> 7), t | 61)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// rows x cols matrix (number[][]), entries uniform in [-scale, scale).
export function randomMatrix(rand, rows, cols, scale = 1) {
  const M = new Array(rows);
  for (let i = 0; i < rows; i++) {
    const r = new Array(cols);
    for (let j = 0; j < cols; j++) r[j] = (2 * rand() - 1) * scale;
    M[i] = r;
  }
  return M;
}

export const ATTENTION_D = 64;
export const GAT = { nodes: 500, features: 32, hidden: 16, density: 0.05 };
export const ADAM = { x0: [-1.5, 2], lr: 0.01, steps: 1000 };
// Training (the training issue): one Adam step of trainAttention on B
// sequences, and one trainGat epoch on Zachary's karate club (edges as
// networkx.karate_club_graph(), labels its 'club' attribute; trained from
// nodes 0 and 33).
export const TRAIN = { B: 32, n: 16, d: 32, dk: 16, dv: 16, C: 16, lr: 0.01 };
export const KARATE_EDGES = [0,1,0,2,0,3,0,4,0,5,0,6,0,7,0,8,0,10,0,11,0,12,0,13,0,17,0,19,0,21,0,31,1,2,1,3,1,7,1,13,1,17,1,19,1,21,1,30,2,3,2,7,2,8,2,9,2,13,2,27,2,28,2,32,3,7,3,12,3,13,4,6,4,10,5,6,5,10,5,16,6,16,8,30,8,32,8,33,9,33,13,33,14,32,14,33,15,32,15,33,18,32,18,33,19,33,20,32,20,33,22,32,22,33,23,25,23,27,23,29,23,32,23,33,24,25,24,27,24,31,25,31,26,29,26,33,27,33,28,31,28,33,29,32,29,33,30,32,30,33,31,32,31,33,32,33];  // prettier-ignore
export const KARATE_CLUB = '0000000001000011001010111111111111';  // 0 = Mr. Hi, 1 = Officer
export const KARATE_LR = 0.05;
// trainTransformer (the circuits issue): one Adam update of the
// attention-only transformer at the circuits lesson's default size: B
// sequences of n tokens in 0..V-1, each a random half repeated once
// (tokens[i] = seg[i % ceil(n / 2)]), next-token targets (the last -1),
// model width d, heads[l] heads of width dh in layer l, pos n x d. The ONE
// place the size lives: the cases, their labels, the tfjs model and the
// native bench (run.mjs passes transformerSpec() to attn_bench) derive
// from it.
export const TRANSFORMER = { V: 32, n: 20, B: 48, d: 16, dh: 8, heads: [1, 1], lr: 0.025 };  // the circuits lesson's (web/lessons/circuits/setting.js)
// TRANSFORMER as attn_bench's option --transformer V,n,B,d,dh,lr,H_0,H_1,...
export const transformerSpec = (T = TRANSFORMER) => [T.V, T.n, T.B, T.d, T.dh, T.lr, ...T.heads].join(',');
const transformerSize = (T) => `V=${T.V} n=${T.n} B=${T.B} d=${T.d} dh=${T.dh} heads ${T.heads.join('+')}`;

// Each case: id (shared with the native bench's JSON), label for the table,
// family, size and seed. Seeds differ per case so that no two share inputs.
// precision 'float32' cases reuse their float64 case's seed (same inputs,
// rounded to float by the API); JS stays the float64 reference.
export const CASES = [
  ...[128, 512, 1024].flatMap((n) => [
    { id: `attention_${n}`, label: `attention n=${n} d=64`, kind: 'attention', n, seed: 1000 + n },
    ...(n <= 512 ? [{ id: `attention_${n}_f32`, label: `attention n=${n} d=64 float32`, kind: 'attention', n, seed: 1000 + n, precision: 'float32' }] : []),
  ]),
  // Tiled (FlashAttention) attention on attention_<n>'s inputs (same seed:
  // same checksum); at n = 4096 the API's attention refuses its n x n
  // results, so the standard kernel there is native's output-only one
  // (standard_4096: S and P held as n x n, bench_native.cpp).
  ...[1024, 4096].map((n) => ({ id: `tiled_${n}`, label: `tiledAttention n=${n} d=64`, kind: 'tiled', n, seed: 1000 + n })),
  { id: 'standard_4096', label: 'standard attention n=4096 d=64 (output only)', kind: 'standard', n: 4096, seed: 1000 + 4096 },
  { id: 'matmul_256', label: 'matmul 256x256x256', kind: 'matmul', n: 256, seed: 2 },
  { id: 'matmul_256_f32', label: 'matmul 256x256x256 float32', kind: 'matmul', n: 256, seed: 2, precision: 'float32' },
  { id: 'softmax_1024', label: 'softmax rows 1024x1024', kind: 'softmax', n: 1024, seed: 3 },
  ...[64, 128, 256].map((n) => ({ id: `svd_${n}`, label: `svd ${n}x${n}`, kind: 'svd', n, seed: 4000 + n })),
  { id: 'gat_500', label: 'gat 500 nodes (32->16)', kind: 'gat', n: GAT.nodes, seed: 5 },
  { id: 'adam_1000', label: 'adam 1000 steps rosenbrock', kind: 'adam', n: ADAM.steps, seed: 6 },
  { id: 'train_attention', label: 'trainAttention 1 Adam step (B=32 n=16 d=32 C=16)', kind: 'trainAttention', n: TRAIN.n, seed: 7 },
  // The same run, 10 updates per call (a lesson's chunk): ms per call / 10 is
  // the cost of an update, the inputs' conversion and the last forward pass
  // shared by ten.
  { id: 'train_attention_10', label: 'trainAttention 10 Adam steps per call', kind: 'trainAttention', n: TRAIN.n, seed: 7, steps: 10 },
  { id: 'train_transformer', label: `trainTransformer 1 Adam step (${transformerSize(TRANSFORMER)})`, kind: 'trainTransformer', n: TRANSFORMER.n, seed: 9 },
  { id: 'train_transformer_10', label: 'trainTransformer 10 Adam steps per call', kind: 'trainTransformer', n: TRANSFORMER.n, seed: 9, steps: 10 },
  { id: 'train_gat', label: 'trainGat 1 epoch karate club', kind: 'trainGat', n: 34, seed: 8 },
  { id: 'train_gat_10', label: 'trainGat 10 epochs per call', kind: 'trainGat', n: 34, seed: 8, steps: 10 },
];

// The inputs of one case, as the public API takes them.
export function makeInputs(c) {
  const rand = mulberry32(c.seed);
  switch (c.kind) {
    case 'attention': case 'tiled': case 'standard': {
      const Q = randomMatrix(rand, c.n, ATTENTION_D);
      const K = randomMatrix(rand, c.n, ATTENTION_D);
      const V = randomMatrix(rand, c.n, ATTENTION_D);
      return { Q, K, V };
    }
    case 'matmul':
      return { A: randomMatrix(rand, c.n, c.n), B: randomMatrix(rand, c.n, c.n) };
    case 'softmax':  // scores in [-4, 4): exp spans e^8, like real attention logits
      return { Z: randomMatrix(rand, c.n, c.n, 4) };
    case 'svd':
      return { A: randomMatrix(rand, c.n, c.n) };
    case 'gat': {
      const { nodes, features, hidden, density } = GAT;
      const X = randomMatrix(rand, nodes, features);
      const W = randomMatrix(rand, features, hidden);
      const a = randomMatrix(rand, 1, 2 * hidden)[0];
      // Directed random graph, about density * nodes out-edges per node (self loops added by gat).
      const A = new Array(nodes);
      for (let i = 0; i < nodes; i++) {
        const r = new Array(nodes);
        for (let j = 0; j < nodes; j++) r[j] = rand() < density && i !== j ? 1 : 0;
        A[i] = r;
      }
      return { X, A, W, a };
    }
    case 'adam':
      return { x0: ADAM.x0.slice(), lr: ADAM.lr, steps: ADAM.steps };
    case 'trainAttention': {
      const { B, n, d, dk, dv, C } = TRAIN;
      const X = Array.from({ length: B }, () => randomMatrix(rand, n, d));
      const targets = Array.from({ length: B }, () => Array.from({ length: n }, () => Math.floor(rand() * C)));
      const params = { Wq: randomMatrix(rand, d, dk, 0.3), Wk: randomMatrix(rand, d, dk, 0.3), Wv: randomMatrix(rand, d, dv, 0.3), Wo: randomMatrix(rand, dv, C, 0.3) };
      return { data: { X, targets }, params, options: { method: 'adam', lr: TRAIN.lr, steps: c.steps ?? 1 } };
    }
    case 'trainTransformer':
      return transformerInputs(rand, TRANSFORMER, c.steps ?? 1);
    case 'trainGat': {
      const n = 34;
      const A = Array.from({ length: n }, () => new Array(n).fill(0));
      for (let k = 0; k < KARATE_EDGES.length; k += 2) A[KARATE_EDGES[k]][KARATE_EDGES[k + 1]] = A[KARATE_EDGES[k + 1]][KARATE_EDGES[k]] = 1;
      const X = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => (i === j ? 1 : 0)));
      const labels = [...KARATE_CLUB].map(Number);
      const params = { W: randomMatrix(rand, n, 2, 0.3), a: randomMatrix(rand, 1, 4, 0.3)[0] };
      const trainMask = labels.map((_, i) => i === 0 || i === 33);
      return { X, A, labels, params, options: { method: 'adam', lr: KARATE_LR, steps: c.steps ?? 1, trainMask } };
    }
    default:
      throw new Error(`unknown case kind ${c.kind}`);
  }
}

// trainTransformer's inputs for the size T (TRANSFORMER), drawn in this
// order (bench_native.cpp draws the same): per sequence its ceil(n / 2)
// tokens; embed (V x d), pos (n x d), per layer and head Wq, Wk, Wv
// (d x dh) and Wo (dh x d), unembed (d x V). Scales as the circuits probe's
// initialisation (embeddings 0.3, head weights 0.9 / sqrt(d)), uniform.
export function transformerInputs(rand, T, steps = 1) {
  const { V, n, B, d, dh, heads } = T;
  const half = Math.ceil(n / 2), s = 0.9 / Math.sqrt(d);
  const tokens = Array.from({ length: B }, () => {
    const seg = Array.from({ length: half }, () => Math.floor(rand() * V));
    return Array.from({ length: n }, (_, i) => seg[i % half]);
  });
  const targets = tokens.map((t) => t.map((_, i) => (i + 1 < n ? t[i + 1] : -1)));
  const embed = randomMatrix(rand, V, d, 0.3), pos = randomMatrix(rand, n, d, 0.3);
  const layers = heads.map((H) => Array.from({ length: H }, () => ({
    Wq: randomMatrix(rand, d, dh, s), Wk: randomMatrix(rand, d, dh, s), Wv: randomMatrix(rand, d, dh, s), Wo: randomMatrix(rand, dh, d, s),
  })));
  const unembed = randomMatrix(rand, d, V, 0.3);
  return { data: { tokens, targets }, params: { embed, pos, layers, unembed }, options: { method: 'adam', lr: T.lr, steps } };
}
