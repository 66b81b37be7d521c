// Linear algebra through dist/attnlab.js against tests/fixtures/matmul.json
// (NumPy references): matmul and transpose, shapes from 1x1 to 17x13x11.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { close, loadFixture, loadLab } from './helpers.mjs';

const lab = await loadLab();
const { cases } = loadFixture('matmul');

test('matmul matches the fixtures', () => {
  for (const c of cases) close(lab.matmul(c.A, c.B), c.AB, `matmul "${c.name}"`);
});

test('transpose matches the fixtures', () => {
  for (const c of cases) close(lab.transpose(c.A), c.At, `transpose "${c.name}"`);
});

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
