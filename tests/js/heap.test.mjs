// Leaks: 10,000 mixed calls (valid ones on fixture-sized inputs, and every
// kind of bad call from the error table, rejected by the facade or by the
// C++ core) must not grow the wasm heap by 64 KiB or more after a warm-up.
// lab.heapInUse() is dlmalloc's mallinfo().uordblks (src/bindings/bind_debug.cpp).
// The raw module (build/wasm/attnlab_core.js) is used to check that the probe
// really counts bytes, and that no Embind handle (emscripten::val, which
// lives on the JS side, not on the wasm heap) is leaked either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CASES, badCalls, clone } from './error-table.mjs';
import { attentionOptions, headWeights, loadFixture, loadLab, loadRawCore, root } from './helpers.mjs';

const CALLS = 10000;
const LIMIT = 64 * 1024;

// The same mix for any API object (the dist build or makeApi(raw core)).
function mixedCalls(api) {
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

function run(api, calls, count) {
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

const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;

test(`${CALLS} mixed calls grow the wasm heap by less than 64 KiB`, (t) => {
  return loadLab().then((lab) => {
    const calls = mixedCalls(lab);
    assert.ok(calls.length > 100, `only ${calls.length} distinct calls`);
    run(lab, calls, calls.length * 2); // warm-up: every call at least twice
    const before = lab.heapInUse();
    const { ok, failed } = run(lab, calls, CALLS);
    const after = lab.heapInUse();
    t.diagnostic(`${calls.length} distinct calls; ${ok} valid, ${failed} rejected; heap in use ${before} -> ${after} bytes (growth ${after - before})`);
    assert.ok(ok > CALLS / 5 && failed > CALLS / 5, `a mix: ${ok} valid, ${failed} rejected`);
    assert.ok(after - before < LIMIT, `heap grew by ${kib(after - before)} over ${CALLS} calls (limit ${kib(LIMIT)})`);
  });
});

test('heapInUse is a non-negative byte count', async () => {
  const lab = await loadLab();
  const h = lab.heapInUse();
  assert.equal(typeof h, 'number');
  assert.ok(Number.isInteger(h) && h >= 0, `heapInUse() = ${h}`);
});

const raw = await loadRawCore();
const rawSkip = raw ? false : 'build/wasm/attnlab_core.js is not built';

test('heapInUse counts real bytes: malloc raises it, free lowers it', { skip: rawSkip }, () => {
  const base = raw.heapInUse();
  const p = raw._malloc(100000);
  assert.ok(p > 0);
  const held = raw.heapInUse();
  raw._free(p);
  const freed = raw.heapInUse();
  assert.ok(held - base >= 100000, `after malloc(100000): ${base} -> ${held}`);
  assert.ok(held - freed >= 100000, `after free: ${held} -> ${freed}`);
  const small = Array.from({ length: 10 }, () => raw._malloc(64));
  assert.ok(raw.heapInUse() - freed >= 640, 'ten malloc(64) count');
  small.forEach((q) => raw._free(q));
  assert.equal(raw.heapInUse(), freed);
});

test('no Embind handle (emscripten::val) leaks over mixed calls', { skip: rawSkip }, async (t) => {
  const { makeApi } = await import(pathToFileURL(path.join(root, 'web/lib/facade.js')).href);
  const api = makeApi(raw);
  const calls = mixedCalls(api);
  run(api, calls, calls.length);
  const handles = raw.count_emval_handles();
  const heap = raw.heapInUse();
  run(api, calls, 2000);
  t.diagnostic(`emval handles ${handles} -> ${raw.count_emval_handles()}; heap ${heap} -> ${raw.heapInUse()} bytes`);
  assert.equal(raw.count_emval_handles(), handles);
  assert.ok(raw.heapInUse() - heap < LIMIT);
});
