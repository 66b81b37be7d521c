// Abort recovery: when the wasm module aborts, the API never calls that
// instance again, reports the restart, and works again on a fresh instance.
// The crash is real: the free lists of dlmalloc are corrupted from outside,
// so that the module's next malloc traps inside an API call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadRawCore, root } from './helpers.mjs';

const { makeApi } = await import(pathToFileURL(path.join(root, 'web/lib/facade.js')).href);

// Frees small blocks of every size class (each kept apart from the next by a
// live guard block) and overwrites their free-list links with garbage.
function corruptFreeLists(core) {
  const freed = [];
  for (let n = 8; n <= 1024; n += 8) { freed.push(core._malloc(n)); core._malloc(8); }
  for (const p of freed) core._free(p);
  for (const p of freed) core.HEAPU32[p >> 2] = core.HEAPU32[(p >> 2) + 1] = 0x7ffffff0;
}

// Counts the calls that reach a raw module.
function counted(core) {
  const calls = { n: 0 };
  const proxy = new Proxy(core, { get(t, k) { const v = t[k]; return typeof v === 'function' ? (...a) => { calls.n++; return v.apply(t, a); } : v; } });
  return { proxy, calls };
}

test('an abort in the module: plain-words error, no further call to the dead instance, a fresh instance carries on', async () => {
  const first = await loadRawCore();
  const dead = counted(first);
  const events = [];
  let fresh = null;
  let open;
  const gate = new Promise((r) => { open = r; });  // holds the restart until the test lets it finish
  const api = makeApi(dead.proxy, { restart: async () => { await gate; return (fresh = counted(await loadRawCore())).proxy; } });
  api.onRestart((e) => events.push(e.status));
  assert.deepEqual(api.softmax([1, 2, 3]).map((x) => +x.toFixed(6)), [0.090031, 0.244728, 0.665241]);

  corruptFreeLists(first);
  assert.throws(() => api.softmax([1, 2]), (e) => e instanceof Error && /^softmax: the computing engine stopped/.test(e.message));
  assert.deepEqual(events, ['restarting']);
  const callsAtDeath = dead.calls.n;

  // Restarting: calls fail with a clear message and never reach the dead instance.
  assert.throws(() => api.attention([[1]], [[1]], [[1]]), (e) => /^attention: the computing engine .*restarting/.test(e.message));
  const settled = new Promise((resolve) => { const off = api.onRestart((e) => { if (e.status !== 'restarting') { off(); resolve(); } }); });
  open();
  await settled;
  assert.deepEqual(events, ['restarting', 'ready']);
  assert.equal(api.restarts(), 1);
  const p = api.softmax([1, 2, 3]);
  assert.ok(Math.abs(p.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.throws(() => api.softmax([]), (e) => e.message === 'softmax: z is empty', 'errors are still errors, not restarts');
  assert.equal(api.restarts(), 1);
  assert.equal(dead.calls.n, callsAtDeath, 'the dead instance was never called again');
  assert.ok(fresh.calls.n >= 2);
});

test('an abort while the results are released (free() meets a corrupted chunk) is an abort too', async () => {
  const raw = await loadRawCore();
  // softmax's result stays in wasm memory until the facade releases it:
  // overwrite the head of its chunk, so that the release traps in free().
  let corrupt = false;
  const dead = counted(new Proxy(raw, { get(target, k) {
    const v = target[k];
    if (k !== 'softmax') return typeof v === 'function' ? v.bind(target) : v;
    return (wire) => {
      const r = v.call(target, wire);
      if (corrupt && r.ok) target.HEAPU32[(r.value.wasmPtr >> 2) - 1] = 0x7ffffff3;
      return r;
    };
  } }));
  const events = [];
  const api = makeApi(dead.proxy, { restart: async () => counted(await loadRawCore()).proxy });
  api.onRestart((e) => events.push(e.status));
  assert.equal(api.softmax([0, 0]).length, 2);
  corrupt = true;
  assert.throws(() => api.softmax([1, 2, 3]), (e) => /^softmax: the computing engine stopped/.test(e.message));
  assert.equal(events[0], 'restarting');
  const callsAtDeath = dead.calls.n;
  assert.throws(() => api.softmax([1, 2]), (e) => /restarting/.test(e.message));
  assert.equal(dead.calls.n, callsAtDeath, 'the dead instance was not called again');
});
