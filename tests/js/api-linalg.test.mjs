// matmul and transpose through dist/attnlab.js on the cases of
// tests/fixtures/matmul.json (shapes from 1x1 to 17x13x11): typed-array
// rows, properties, float32. The fixture values themselves are checked by
// api-fixtures.test.mjs (fixture-table.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { close, loadFixture, loadLab, throwsApiError } from './helpers.mjs';

const lab = await loadLab();
const { cases } = loadFixture('matmul');

test('matrix rows may be Float64Array; results are plain nested arrays', () => {
  const c = cases.find((k) => k.name === 'square 3') || cases[0];
  const AB = lab.matmul(c.A.map((r) => Float64Array.from(r)), c.B);
  assert.ok(Array.isArray(AB) && AB.every(Array.isArray));
  close(AB, c.AB, 'matmul(Float64Array rows)');
});

test('transpose twice is the identity; (AB)^T = B^T A^T', () => {
  for (const c of cases) {
    assert.deepEqual(lab.transpose(lab.transpose(c.A)), c.A);
    close(lab.transpose(lab.matmul(c.A, c.B)), lab.matmul(lab.transpose(c.B), lab.transpose(c.A)), `"${c.name}"`);
  }
});

// precision: 'float32' rounds to float and computes in float; the result is
// still number[][] and agrees with float64 to float's ~7 digits.
test('matmul {precision: "float32"} agrees with float64 at float32 tolerance', () => {
  for (const c of cases) {
    const big = Math.max(1, ...c.AB.flat().map(Math.abs));
    const f32 = lab.matmul(c.A, c.B, { precision: 'float32' });
    assert.ok(Array.isArray(f32) && f32.every(Array.isArray));
    close(f32, c.AB, `matmul float32 "${c.name}"`, 1e-5, 1e-5 * big);
    // Every entry is a float32 value widened to double.
    for (const row of f32) for (const x of row) assert.equal(Math.fround(x), x);
    assert.deepEqual(lab.matmul(c.A, c.B, { precision: 'float64' }), lab.matmul(c.A, c.B));
  }
});

test('matmul rejects a bad precision with an Error naming the function', () => {
  const c = cases[0];
  const msg = throwsApiError(() => lab.matmul(c.A, c.B, { precision: 'float16' }), 'matmul');
  assert.match(msg, /precision must be 'float64' or 'float32', got 'float16'/);
  assert.match(throwsApiError(() => lab.matmul(c.A, c.B, { precision: 42 }), 'matmul'), /precision must be a string/);
  assert.match(throwsApiError(() => lab.matmul([[1e300]], [[1]], { precision: 'float32' }), 'matmul'), /float32 range/);
  close(lab.matmul(c.A, c.B), c.AB, 'matmul still works');
});
