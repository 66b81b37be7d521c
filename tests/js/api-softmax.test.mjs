// Softmax family through dist/attnlab.js: stability, typed-array input and
// the properties of softmax, on the cases of tests/fixtures/softmax.json.
// The fixture values themselves (every function, with and without a
// temperature) are checked by api-fixtures.test.mjs (fixture-table.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { close, loadFixture, loadLab } from './helpers.mjs';

const lab = await loadLab();
const { cases } = loadFixture('softmax');

test('softmax is stable where the naive formula overflows', () => {
  const c = cases.find((k) => k.name.startsWith('large logits'));
  assert.ok(c, 'fixture case "large logits..." exists');
  const p = lab.softmax(c.z);
  assert.ok(p.every(Number.isFinite));
  assert.ok(lab.softmaxNaive(c.z).some(Number.isNaN), 'softmaxNaive shows the overflow as NaN');
});

test('vectors may be Float64Array; results are plain arrays', () => {
  const c = cases[0];
  const p = lab.softmax(Float64Array.from(c.z));
  assert.ok(Array.isArray(p));
  close(p, c.softmax, 'softmax(Float64Array)');
  const J = lab.softmaxJacobian(Float64Array.from(c.z));
  assert.ok(Array.isArray(J) && J.every(Array.isArray));
  const s = lab.softmaxSteps(c.z);
  assert.deepEqual(Object.keys(s).sort(), ['exps', 'max', 'probs', 'shifted', 'sum']);
  assert.ok(Array.isArray(s.probs) && typeof s.sum === 'number');
});

test('softmax rows sum to 1 and are shift invariant', () => {
  for (const c of cases) {
    const p = lab.softmax(c.z, { temperature: c.temperature });
    close(p.reduce((a, b) => a + b, 0), 1, `sum "${c.name}"`, 1e-12, 1e-12);
    const shifted = lab.softmax(c.z.map((x) => x + 3.5), { temperature: c.temperature });
    close(shifted, p, `shift "${c.name}"`, 1e-9, 1e-12);
  }
});
