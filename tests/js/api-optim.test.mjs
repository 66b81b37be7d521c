// The optimizer state that the facade rebuilds from the core's matrices
// (web/lib/specs/optim.js), checked against the update rules themselves on
// the cases of tests/fixtures/optimize.json, and diverging runs. The
// fixture values (path, loss, grad, state, diverged) are checked by
// api-fixtures.test.mjs (fixture-table.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { close, loadFixture, loadLab } from './helpers.mjs';

const lab = await loadLab();
const { cases } = loadFixture('optimize');

test('state[k] follows the update rules: {} for gd, {v} for momentum, {m, v, mHat, vHat} for Adam', () => {
  for (const c of cases) {
    const { method, lr, beta1 = 0.9, beta2 = 0.999, eps = 1e-8 } = c.options;
    const r = lab.optimize(c.problem, c.x0, c.options);
    assert.equal(r.state.length, r.path.length - 1, c.name);
    r.state.forEach((s, k) => {
      const x = r.path[k], next = r.path[k + 1], where = `${c.name} state[${k}]`;
      if (method === 'gd') { assert.deepEqual(s, {}, where); return; }
      if (method === 'momentum') {  // x_{k+1} = x_k - v_{k+1}
        assert.deepEqual(Object.keys(s), ['v'], where);
        close(s.v, x.map((xi, i) => xi - next[i]), where, 1e-9, 1e-12);
        return;
      }
      assert.deepEqual(Object.keys(s), ['m', 'v', 'mHat', 'vHat'], where);
      const t = k + 1;
      close(s.mHat, s.m.map((m) => m / (1 - beta1 ** t)), `${where} mHat`);
      close(s.vHat, s.v.map((v) => v / (1 - beta2 ** t)), `${where} vHat`);
      close(next, x.map((xi, i) => xi - (lr * s.mHat[i]) / (Math.sqrt(s.vHat[i]) + eps)), `${where} step`);
      assert.ok(s.m.every((v) => typeof v === 'number') && Array.isArray(s.m), `${where}: plain arrays`);
    });
  }
});

test('a diverging run stops early and keeps one state per step taken', () => {
  // x_{k+1} = x_k - 3 x_k = -2 x_k: the loss overflows after about 512 steps.
  for (const method of ['gd', 'adam']) {
    const r = lab.optimize({ name: 'quadratic', A: [[1, 0], [0, 1]], b: [0, 0] }, [1, 1], { method, lr: method === 'gd' ? 3 : 1e300, steps: 2000 });
    assert.equal(r.diverged, true, method);
    assert.ok(r.path.length < 2001, method);
    assert.equal(r.state.length, r.path.length - 1, method);
    assert.ok(r.state.every((s) => Object.values(s).every((v) => v.every(Number.isFinite))), method);
  }
});
