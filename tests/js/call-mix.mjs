// The mixed call mix shared by heap.test.mjs (heap growth, Embind handles)
// and tests/lsan/leaks.test.mjs (LeakSanitizer): every function's valid call
// and every bad call from the error table (rejected by the facade or by the
// C++ core), interleaved with fixture-sized valid calls.
import assert from 'node:assert/strict';
import { CASES, badCalls, clone } from './error-table.mjs';
import { attentionOptions, headWeights, loadFixture } from './helpers.mjs';

// [fn, args, expectOk] for any API object (the dist build or makeApi(raw core)).
export function mixedCalls(api) {
  const built = new Set(api.functions);
  const calls = [];
  for (const [fn, entry] of Object.entries(CASES)) {
    if (!built.has(fn)) continue;
    calls.push([fn, entry.valid, true]);
    for (const [, args] of badCalls(fn, entry)) calls.push([fn, args, false], [fn, entry.valid, true]);
  }
  // Fixture-sized valid calls of the foundation functions.
  const fx = [];
  if (built.has('softmax')) for (const c of loadFixture('softmax').cases) fx.push(['softmaxSteps', [c.z, { temperature: c.temperature }], true]);
  if (built.has('matmul')) for (const c of loadFixture('matmul').cases) fx.push(['matmul', [c.A, c.B], true]);
  if (built.has('attention')) for (const c of loadFixture('attention').cases) fx.push(['attention', [c.Q, c.K, c.V, attentionOptions(c)], true]);
  if (built.has('multiHeadAttention'))
    for (const c of loadFixture('multi_head_attention').cases)
      fx.push(['multiHeadAttention', [c.X, c.heads.map(headWeights), c.Wo, attentionOptions(c)], true]);
  // Interleave so that valid and invalid calls alternate with all sizes.
  const out = [];
  for (let i = 0; i < Math.max(calls.length, fx.length); i++) {
    if (i < calls.length) out.push(calls[i]);
    if (fx.length) out.push(fx[i % fx.length]);
  }
  return out.map(([fn, args, ok]) => [fn, clone(args), ok]);
}

// Makes `count` calls, cycling through `calls`; returns {ok, failed}.
export function runCalls(api, calls, count) {
  let ok = 0, failed = 0;
  for (let i = 0; i < count; i++) {
    // Whether each bad call is rejected is errors.test.mjs's business; here
    // only valid calls must succeed and every throw must be an Error.
    const [fn, args, expectOk] = calls[i % calls.length];
    let err = null;
    try {
      api[fn](...args);
    } catch (e) {
      err = e;
    }
    if (err === null) { ok++; continue; }
    assert.ok(!expectOk, `${fn}: a valid call threw ${err && err.message}`);
    assert.ok(err instanceof Error, `${fn}: threw ${typeof err} ${err}`);
    failed++;
  }
  return { ok, failed };
}
