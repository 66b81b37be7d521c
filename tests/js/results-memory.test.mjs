// Results travel out of wasm memory without copies inside the module
// (src/bindings/convert.hpp) and arguments through one reused staging buffer
// (web/lib/convert.js): what callers get must still be theirs alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLab } from './helpers.mjs';
import { mulberry32 as rand, randomMatrix as matrix } from '../../bench/js/inputs.mjs';

const lab = await loadLab();

test('results keep their values through later calls and a memory growth', () => {
  const r = rand(7);
  const Q = matrix(r, 6, 4), K = matrix(r, 5, 4), V = matrix(r, 5, 3);
  const nested = lab.attention(Q, K, V);
  const flat = lab.attention(Q, K, V, { layout: 'flat' });
  const snapshot = JSON.stringify(nested);
  const flatCopy = Float64Array.from(flat.weights.data);
  assert.deepEqual(Array.from(flat.output.data), nested.output.flat());
  // Other calls reuse the freed result memory; a large one grows the memory
  // (every view made before it is detached).
  const big = matrix(r, 700, 64);
  lab.attention(big, big, big);
  for (let i = 0; i < 50; i++) lab.softmax([i, -i, 2 * i]);
  assert.equal(JSON.stringify(nested), snapshot);
  assert.deepEqual(flat.weights.data, flatCopy);
  assert.equal(flat.weights.data.buffer.byteLength, flat.weights.data.byteLength, 'a flat result owns its buffer');
});

test('the module keeps no result after a call returns', () => {
  const r = rand(11);
  const A = matrix(r, 200, 200);
  lab.matmul(A, A);  // allocator warm
  const before = lab.heapInUse();
  lab.matmul(A, A);
  lab.matmul(A, A, { layout: 'flat' });
  assert.throws(() => lab.matmul(A, [[1]]), /matmul/);
  assert.equal(lab.heapInUse(), before);
});

test('an argument read during the call cannot disturb its staged neighbours', () => {
  // A row whose getter calls the API while the outer call stages its
  // arguments: the inner call must not overwrite what was staged before.
  const r = rand(3);
  const Q = matrix(r, 3, 4), V = matrix(r, 3, 2);
  const K = matrix(r, 3, 4);
  const want = lab.attention(Q, K, V);
  const sneaky = K.map((row) => row.slice());
  let inner = null;
  Object.defineProperty(sneaky[1], 0, { get() { inner = lab.softmax([1, 2, 3, 4, 5, 6, 7, 8, 9]); return K[1][0]; } });
  const got = lab.attention(Q, sneaky, V);
  assert.ok(inner && Math.abs(inner.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.deepEqual(got, want);
});

test('many calls with arguments of growing size stage correctly', () => {
  const r = rand(5);
  for (const n of [1, 3, 64, 300, 600]) {
    const A = matrix(r, n, 8), B = matrix(r, 8, n);
    const C = lab.matmul(A, B);
    let err = 0;
    for (let i = 0; i < n; i += Math.max(1, n >> 3))
      for (let j = 0; j < n; j += Math.max(1, n >> 3)) {
        let s = 0;
        for (let k = 0; k < 8; k++) s += A[i][k] * B[k][j];
        err = Math.max(err, Math.abs(C[i][j] - s));
      }
    assert.ok(err < 1e-12, `n = ${n}: error ${err}`);
  }
});
