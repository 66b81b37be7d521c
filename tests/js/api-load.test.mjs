// Loading dist/attnlab.js (UMD) in Node: load() resolves to one shared API
// object, which lists and exposes every function of the spec.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attnLab, loadLab } from './helpers.mjs';
import { SPECS } from './error-table.mjs';

const FOUNDATION = ['matmul', 'transpose', 'softmax', 'softmaxNaive', 'logSoftmax', 'softmaxJacobian',
  'softmaxSteps', 'attention', 'selfAttention', 'multiHeadAttention'];

test('the UMD build exports load()', () => {
  const AttnLab = attnLab();
  assert.equal(typeof AttnLab.load, 'function');
});

test('load() twice returns the same object', async () => {
  const AttnLab = attnLab();
  const [a, b] = await Promise.all([AttnLab.load(), AttnLab.load()]);
  assert.equal(a, b);
  assert.equal(await AttnLab.load(), a);
  assert.equal(await loadLab(), a);
});

test('the API lists its functions and every listed one is callable', async () => {
  const lab = await loadLab();
  assert.ok(Array.isArray(lab.functions));
  for (const fn of FOUNDATION) assert.ok(lab.functions.includes(fn), `${fn} is built`);
  for (const fn of lab.functions) {
    assert.equal(typeof lab[fn], 'function', fn);
    assert.ok(fn in SPECS, `${fn} has a spec in web/lib/specs`);
  }
  assert.equal(typeof lab.heapInUse, 'function');
  assert.ok(Object.isFrozen(lab), 'the API object is frozen');
});
