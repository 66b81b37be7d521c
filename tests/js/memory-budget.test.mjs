// A call of the attention family that would need
// more than 192 MB of the module's 256 MB for its inputs, intermediates and
// results is refused before any work, with the estimate in the message
// (src/attn/common/check.hpp memory_budget; the estimates in
// src/attn/attention/attention.cpp and src/attn/complexity/sparse.cpp). Each
// family runs at its edge: the largest accepted call (an estimate of exactly
// 192 MB, or the largest below it) must succeed in the wasm build, one column
// or row more must be refused with the documented message, and the module
// must work afterwards.
//
// With n = m = 2048 queries and keys and d_k = d_v = d, attention needs
// 8 (n d_k + m d_k + m d_v + 3 n m + n d_v) bytes, + n m with causal (the
// allowed entries), + 2 n m with a mask (the mask and the allowed entries), and
// 1.5 times its doubles for float32: exactly 192 MB at d = 1536, 1472, 1408
// and 512. Accepted float64 calls there are 10-13 GFLOP (5-25 s here), so by
// default the float64 edges of attention itself are run as sparseAttention
// (the same blocks: three n x m steps, inputs and output of the same sizes)
// and multiHeadAttention (causal and masked, summed over heads); set
// ATTN_MEMORY_FULL=1 to run them through attention as well.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLab } from './helpers.mjs';

const lab = await loadLab();
const FULL = process.env.ATTN_MEMORY_FULL === '1';

const needs = (fn, mb) =>
  `${fn}: needs ${mb} MB of memory for its inputs, intermediates and results, more than the limit of 192 MB`;

// r equal rows of c small numbers (one shared row: the library copies it r
// times into the module, so the module's memory is as for distinct rows).
const mat = (r, c) => {
  const row = new Float64Array(c);
  for (let j = 0; j < c; j++) row[j] = 0.01 * ((j % 7) - 3);
  return new Array(r).fill(row);
};
// n x m, every key allowed but the last (no row is fully masked).
const maskOf = (n, m) => {
  const row = new Array(m).fill(true);
  row[m - 1] = false;
  return new Array(n).fill(row);
};
const flat = { layout: 'flat' };

function refusedWith(f, message) {
  const t0 = performance.now();
  assert.throws(f, (e) => e.message === message || assert.fail(`got: ${e.message}`));
  return performance.now() - t0;
}

// The module after a refusal or a call at the edge: still right, heap released.
function stillWorks() {
  const r = lab.attention([[1, 0]], [[1, 0], [0, 1]], [[1], [0]]);
  const e = Math.exp(1 / Math.sqrt(2));
  assert.ok(Math.abs(r.output[0][0] - e / (e + 1)) < 1e-12);
  assert.ok(lab.heapInUse() < 1 << 16, `${lab.heapInUse()} bytes still in use`);
}

// [name, accepted call (estimate <= 192 MB), refused call, its message, run the accepted one?]
const n = 2048;
const d = (k) => mat(n, k);
const X8 = (rows) => mat(rows, 8), W8 = mat(8, 8);
const heads = (h) => new Array(h).fill({ Wq: W8, Wk: W8, Wv: W8 });
const TOKENS = new Array(1024).fill([0, 1, 1, 0]);
const transformer = (width) => ({
  embed: mat(2, width), pos: mat(4, width), unembed: mat(width, 2),
  layers: new Array(4).fill([{ Wq: mat(width, 1), Wk: mat(width, 1), Wv: mat(width, 1), Wo: mat(1, width) }]),
});
const CASES = [
  ['attention, 2048 x 2048 (d = 1536 | 1537)',
    () => lab.attention(d(1536), d(1536), d(1536), flat),
    () => lab.attention(d(1537), d(1537), d(1537), flat), needs('attention', 193), FULL],
  ['attention causal (d = 1472 | 1473)',
    () => lab.attention(d(1472), d(1472), d(1472), { causal: true, ...flat }),
    () => lab.attention(d(1473), d(1473), d(1473), { causal: true, ...flat }), needs('attention', 193), FULL],
  ['attention with a mask (d = 1408 | 1409)',
    () => lab.attention(d(1408), d(1408), d(1408), { mask: maskOf(n, n), ...flat }),
    () => lab.attention(d(1409), d(1409), d(1409), { mask: maskOf(n, n), ...flat }), needs('attention', 193), FULL],
  ['attention float32 (d = 512 | 513)',
    () => lab.attention(d(512), d(512), d(512), { precision: 'float32', ...flat }),
    () => lab.attention(d(513), d(513), d(513), { precision: 'float32', ...flat }), needs('attention', 193), true],
  ['sparseAttention, 2048 x 2048 (d = 1536 | 1537)',
    () => lab.sparseAttention(d(1536), d(1536), d(1536), { window: 1 }),
    () => lab.sparseAttention(d(1537), d(1537), d(1537), { window: 1 }), needs('sparseAttention', 193), true],
  // n = 2048, d_k = d_v = 8: the projections' float copies count too
  ['selfAttention float32 (X 2048 x 1995 | 1996)',
    () => lab.selfAttention(d(1995), mat(1995, 8), mat(1995, 8), mat(1995, 8), { precision: 'float32', ...flat }),
    () => lab.selfAttention(d(1996), mat(1996, 8), mat(1996, 8), mat(1996, 8), { precision: 'float32', ...flat }),
    needs('selfAttention', 193), true],
  // every head's results are kept: the heads are summed
  ['multiHeadAttention, 16 causal masked heads (n = 715 | 716)',
    () => lab.multiHeadAttention(X8(715), heads(16), mat(128, 8), { causal: true, mask: maskOf(715, 715), ...flat }),
    () => lab.multiHeadAttention(X8(716), heads(16), mat(128, 8), { causal: true, mask: maskOf(716, 716), ...flat }),
    needs('multiHeadAttention', 193), true],
  ['multiHeadAttention, 4 float32 heads (n = 1357 | 1358)',
    () => lab.multiHeadAttention(X8(1357), heads(4), mat(32, 8), { precision: 'float32', ...flat }),
    () => lab.multiHeadAttention(X8(1358), heads(4), mat(32, 8), { precision: 'float32', ...flat }),
    needs('multiHeadAttention', 193), true],
  // B = 1024 sequences of n = 4 tokens (R = 4096 rows), V = 2, 4 layers of one
  // head with d_h = 1: the residual stream before each layer and after the
  // last, and a head's output, are 6 R d doubles of the estimate
  // (src/attn/transformer/workspace.cpp): 192 MB at d = 1012.
  ['transformerForward, 4 layers over 4096 rows (d = 1012 | 1013)',
    () => lab.transformerForward(TOKENS, transformer(1012)),
    () => lab.transformerForward(TOKENS, transformer(1013)), needs('transformerForward', 193), true],
];

for (const [name, accepted, refused, message, run] of CASES) {
  test(`${name}: the largest accepted call succeeds, the smallest refused one is refused at once`, (t) => {
    const ms = refusedWith(refused, message);
    stillWorks();
    if (run) {
      const t0 = performance.now();
      assert.doesNotThrow(accepted);
      t.diagnostic(`refused in ${ms.toFixed(0)} ms; accepted call ${(performance.now() - t0).toFixed(0)} ms`);
      stillWorks();
    } else {
      t.diagnostic(`refused in ${ms.toFixed(0)} ms; accepted call at the edge skipped (ATTN_MEMORY_FULL=1 runs it)`);
    }
  });
}

test('attention at 2048 x 2048 works below the budget (d = 64), and says why above it', () => {
  const M = d(64);
  const r = lab.attention(M, M, M, { causal: true, ...flat });
  assert.equal(r.weights.rows, 2048);
  assert.equal(r.output.cols, 64);
  // the calls: 2048 x 2048 Q, K and V (224 MB; 256 MB is the module's all)
  const B = d(2048);
  refusedWith(() => lab.attention(B, B, B), needs('attention', 224));
  refusedWith(() => lab.attention(B, B, B, { causal: true }), needs('attention', 228));
  stillWorks();
});
