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
import { mixedCalls, runCalls } from './call-mix.mjs';
import { loadFixture, loadLab, loadRawCore, root } from './helpers.mjs';

const CALLS = 10000;
const LIMIT = 64 * 1024;

const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;

test(`${CALLS} mixed calls grow the wasm heap by less than 64 KiB`, (t) => {
  return loadLab().then((lab) => {
    const calls = mixedCalls(lab);
    assert.ok(calls.length > 100, `only ${calls.length} distinct calls`);
    runCalls(lab, calls, calls.length * 2); // warm-up: every call at least twice
    const before = lab.heapInUse();
    const { ok, failed } = runCalls(lab, calls, CALLS);
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

// Loaded by the tests that need it: a missing build fails those tests (with the reason), not the file.
let rawCore = null;
const loadRaw = () => (rawCore ||= loadRawCore());

test('heapInUse counts real bytes: malloc raises it, free lowers it', async () => {
  const raw = await loadRaw();
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

test('no Embind handle (emscripten::val) leaks over mixed calls', async (t) => {
  const raw = await loadRaw();
  const { makeApi } = await import(pathToFileURL(path.join(root, 'web/lib/facade.js')).href);
  const api = makeApi(raw);
  const calls = mixedCalls(api);
  runCalls(api, calls, calls.length);
  const handles = raw.count_emval_handles();
  const heap = raw.heapInUse();
  runCalls(api, calls, 2000);
  t.diagnostic(`emval handles ${handles} -> ${raw.count_emval_handles()}; heap ${heap} -> ${raw.heapInUse()} bytes`);
  assert.equal(raw.count_emval_handles(), handles);
  assert.ok(raw.heapInUse() - heap < LIMIT);
});

// The trainers allocate per call (parameters, optimizer state, snapshots):
// 1,000 training calls, valid and diverging and rejected ones, must leave the heap flat.
test('1,000 training calls grow the wasm heap by less than 64 KiB', async (t) => {
  const lab = await loadLab();
  const ta = loadFixture('train_attention').cases[0];
  const tg = loadFixture('train_gat').cases[0];
  const tt = loadFixture('train_transformer').cases[0];
  const data = { X: ta.X, targets: ta.targets };
  const tokens = { tokens: tt.tokens, targets: tt.targets };
  const calls = [
    () => lab.trainAttention(data, ta.params, { ...ta.options, steps: 5, record: 2 }),
    () => lab.trainGat(tg.X, tg.A, tg.labels, tg.params, { ...tg.options, steps: 5 }),
    () => lab.trainAttention(data, ta.params, { method: 'gd', lr: 1e300, steps: 5 }),  // diverges
    () => lab.trainGat(tg.X, tg.A, tg.labels.slice(1), tg.params, { lr: 0.1, steps: 5 }),  // rejected by the core
    () => lab.trainTransformer(tokens, tt.params, { ...tt.options, steps: 5, record: 2, freeze: ['pos'] }),
    () => lab.trainTransformer(tokens, tt.params, { method: 'momentum', lr: 1e300, steps: 5 }),  // diverges
    () => lab.trainTransformer(tokens, tt.params, { lr: 0.1, steps: 5, freeze: ['Wq'] }),  // rejected by the core
  ];
  const run = (count) => { for (let i = 0; i < count; i++) { try { calls[i % calls.length](); } catch (e) { assert.ok(e instanceof Error); } } };
  run(40);
  const before = lab.heapInUse();
  run(1000);
  const after = lab.heapInUse();
  t.diagnostic(`heap in use ${before} -> ${after} bytes over 1,000 training calls`);
  assert.ok(calls[2]().diverged, 'the large learning rate diverges');
  assert.ok(calls[5]().diverged, 'the large learning rate diverges (trainTransformer)');
  assert.ok(after - before < LIMIT, `heap grew by ${kib(after - before)} (limit ${kib(LIMIT)})`);
});
