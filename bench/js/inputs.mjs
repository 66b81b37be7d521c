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

// Each case: id (shared with the native bench's JSON), label for the table,
// family, size and seed. Seeds differ per case so that no two share inputs.
// precision 'float32' cases reuse their float64 case's seed (same inputs,
// rounded to float by the API); JS stays the float64 reference.
export const CASES = [
  ...[128, 512, 1024].flatMap((n) => [
    { id: `attention_${n}`, label: `attention n=${n} d=64`, kind: 'attention', n, seed: 1000 + n },
    ...(n <= 512 ? [{ id: `attention_${n}_f32`, label: `attention n=${n} d=64 float32`, kind: 'attention', n, seed: 1000 + n, precision: 'float32' }] : []),
  ]),
  { id: 'matmul_256', label: 'matmul 256x256x256', kind: 'matmul', n: 256, seed: 2 },
  { id: 'matmul_256_f32', label: 'matmul 256x256x256 float32', kind: 'matmul', n: 256, seed: 2, precision: 'float32' },
  { id: 'softmax_1024', label: 'softmax rows 1024x1024', kind: 'softmax', n: 1024, seed: 3 },
  ...[64, 128, 256].map((n) => ({ id: `svd_${n}`, label: `svd ${n}x${n}`, kind: 'svd', n, seed: 4000 + n })),
  { id: 'gat_500', label: 'gat 500 nodes (32->16)', kind: 'gat', n: GAT.nodes, seed: 5 },
  { id: 'adam_1000', label: 'adam 1000 steps rosenbrock', kind: 'adam', n: ADAM.steps, seed: 6 },
];

// The inputs of one case, as the public API takes them.
export function makeInputs(c) {
  const rand = mulberry32(c.seed);
  switch (c.kind) {
    case 'attention': {
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
    default:
      throw new Error(`unknown case kind ${c.kind}`);
  }
}
