// Attention through dist/attnlab.js on the torch cases of
// tests/fixtures/{attention,self_attention,multi_head_attention}.json:
// masked weights, one head = selfAttention, float32, the flat layout,
// prototype pollution. The fixture values themselves (every intermediate,
// 0/1 and boolean masks, causal, scale, every head) are checked by
// api-fixtures.test.mjs (fixture-table.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attentionOptions, close, headWeights, loadFixture, loadLab, throwsApiError } from './helpers.mjs';

const lab = await loadLab();
const STEPS = ['scores', 'scaled', 'weights', 'output'];

test('masked weights are exactly 0 and rows sum to 1', () => {
  const { cases } = loadFixture('attention');
  for (const c of cases) {
    const r = lab.attention(c.Q, c.K, c.V, attentionOptions(c));
    r.weights.forEach((row, i) => {
      close(row.reduce((a, b) => a + b, 0), 1, `"${c.name}" row ${i} sum`, 1e-12, 1e-12);
      row.forEach((w, j) => {
        const allowed = (!c.mask || c.mask[i][j] !== 0) && (!c.causal || j <= i);
        if (!allowed) {
          assert.equal(w, 0, `"${c.name}" weights[${i}][${j}]`);
          assert.equal(r.scaled[i][j], -Infinity, `"${c.name}" scaled[${i}][${j}]`);
        }
      });
    });
  }
});

test('one head of multiHeadAttention equals selfAttention', () => {
  const c = loadFixture('multi_head_attention').cases[0];
  const h = headWeights(c.heads[0]);
  const mh = lab.multiHeadAttention(c.X, [h], c.Wo.slice(0, h.Wv[0].length), attentionOptions(c));
  const sa = lab.selfAttention(c.X, h.Wq, h.Wk, h.Wv, attentionOptions(c));
  for (const k of ['Q', 'K', 'V', ...STEPS]) close(mh.heads[0][k], sa[k], `head 0 ${k}`);
  close(mh.concat, sa.output, 'concat of one head');
});

// precision: 'float32': the same steps computed in float, returned as numbers.
const close32 = (got, want, where) => {
  const big = Math.max(1, ...want.flat().filter(Number.isFinite).map(Math.abs));
  close(got, want, where, 1e-5, 1e-5 * big);
};

test('attention {precision: "float32"} matches torch at float32 tolerance', () => {
  for (const c of loadFixture('attention').cases) {
    const r = lab.attention(c.Q, c.K, c.V, { ...attentionOptions(c), precision: 'float32' });
    assert.deepEqual(Object.keys(r).sort(), [...STEPS].sort());
    for (const k of STEPS) close32(r[k], c[k], `attention float32 "${c.name}" ${k}`);
    for (const x of r.output.flat()) assert.equal(Math.fround(x), x, 'float32 values widened');
  }
  const s = loadFixture('self_attention').cases[0];
  const r = lab.selfAttention(s.X, s.Wq, s.Wk, s.Wv, { precision: 'float32' });
  for (const k of ['Q', 'K', 'V', ...STEPS]) close32(r[k], s[k], `selfAttention float32 ${k}`);
  const m = loadFixture('multi_head_attention').cases[0];
  const mh = lab.multiHeadAttention(m.X, m.heads.map(headWeights), m.Wo, { ...attentionOptions(m), precision: 'float32' });
  close32(mh.output, m.output, 'multiHeadAttention float32 output');
});

test('attention rejects a bad precision with an Error naming the function', () => {
  const c = loadFixture('attention').cases[0];
  for (const fn of ['attention', 'selfAttention']) {
    const call = (precision) => (fn === 'attention'
      ? lab.attention(c.Q, c.K, c.V, { precision })
      : lab.selfAttention(c.Q, c.Q[0].map(() => [1, 0]), c.Q[0].map(() => [0, 1]), c.Q[0].map(() => [1, 1]), { precision }));
    assert.match(throwsApiError(() => call('float16'), fn), /precision must be 'float64' or 'float32', got 'float16'/);
    assert.match(throwsApiError(() => call(42), fn), /precision must be a string/);
    assert.doesNotThrow(() => call('float64'));
  }
  const m = loadFixture('multi_head_attention').cases[0];
  throwsApiError(() => lab.multiHeadAttention(m.X, m.heads.map(headWeights), m.Wo, { precision: 'float16' }), 'multiHeadAttention');
  close(lab.attention(c.Q, c.K, c.V).output, c.output, 'attention still works');
});

// {layout: 'flat'}: the same numbers, as {rows, cols, data} / Float64Array.
const nestedOf = (x) => {
  if (x instanceof Float64Array) return [...x];
  if (Array.isArray(x)) return x.map(nestedOf);
  if (x && typeof x === 'object' && x.data instanceof Float64Array) {
    assert.equal(x.data.length, x.rows * x.cols, 'flat matrix size');
    return Array.from({ length: x.rows }, (_, i) => [...x.data.subarray(i * x.cols, (i + 1) * x.cols)]);
  }
  return x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, nestedOf(v)])) : x;
};

test('{layout: "flat"} returns the same numbers as matrices {rows, cols, data}', () => {
  const c = loadFixture('attention').cases[0];
  const flat = lab.attention(c.Q, c.K, c.V, { ...attentionOptions(c), layout: 'flat' });
  assert.ok(flat.weights.data instanceof Float64Array && flat.weights.rows === c.Q.length && flat.weights.cols === c.K.length);
  assert.deepEqual(nestedOf(flat), lab.attention(c.Q, c.K, c.V, attentionOptions(c)));
  assert.deepEqual(nestedOf(lab.attention(c.Q, c.K, c.V, { layout: 'nested' })), lab.attention(c.Q, c.K, c.V));
  const s = loadFixture('self_attention').cases[0];
  assert.deepEqual(nestedOf(lab.selfAttention(s.X, s.Wq, s.Wk, s.Wv, { layout: 'flat', precision: 'float32' })),
    lab.selfAttention(s.X, s.Wq, s.Wk, s.Wv, { precision: 'float32' }));
  const m = loadFixture('multi_head_attention').cases[0];
  const args = [m.X, m.heads.map(headWeights), m.Wo];
  assert.deepEqual(nestedOf(lab.multiHeadAttention(...args, { layout: 'flat' })), lab.multiHeadAttention(...args));
  const A = [[1, 2, 3], [4, 5, 6]], B = [[1, 0], [0, 1], [2, -1]];
  const P = lab.matmul(A, B, { layout: 'flat' });
  assert.deepEqual([P.rows, P.cols, [...P.data]], [2, 2, [7, -1, 16, -1]]);
  // Fresh copies: a later call does not overwrite an earlier result.
  const before = [...P.data];
  lab.matmul(B, A, { layout: 'flat' });
  assert.deepEqual([...P.data], before);
});

test('a bad layout is an Error naming the function; the option is not offered elsewhere', () => {
  const c = loadFixture('attention').cases[0];
  assert.match(throwsApiError(() => lab.attention(c.Q, c.K, c.V, { layout: 'rows' }), 'attention'), /layout must be 'nested' or 'flat', got 'rows'/);
  assert.match(throwsApiError(() => lab.matmul([[1]], [[1]], { layout: 1 }), 'matmul'), /layout must be a string/);
  assert.match(throwsApiError(() => lab.svd([[1]], { layout: 'flat' }), 'svd'), /svd: /);
  close(lab.attention(c.Q, c.K, c.V).output, c.output, 'attention still works');
});

test('fields added to Object.prototype do not reach the core (wire objects have no prototype)', () => {
  const c = loadFixture('attention').cases[0];
  const clean = lab.attention(c.Q, c.K, c.V);
  const polluted = ['causal', 'scale', 'mask', 'precision', 'method', 'steps'];
  try {
    Object.prototype.causal = true;
    Object.prototype.scale = 100;
    Object.prototype.precision = 'float32';
    Object.prototype.method = 'adam';
    Object.prototype.steps = 1;
    assert.deepEqual(lab.attention(c.Q, c.K, c.V), clean);
    const r = lab.optimize({ name: 'saddle' }, [1, 1], { method: 'gd', lr: 0.1, steps: 3 });
    assert.equal(r.path.length, 4);
    assert.deepEqual(r.state[0], {});
  } finally {
    for (const k of polluted) delete Object.prototype[k];
  }
});
