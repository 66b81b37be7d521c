// After a failed restart the library
// tries again, on a later load() or on a call made RETRY_MS later; the
// errors about the engine carry code 'engine' so that a page shows one notice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadRawCore, root } from './helpers.mjs';

const { makeApi, createLoader, RETRY_MS } = await import(pathToFileURL(path.join(root, 'web/lib/facade.js')).href);

// A raw module whose next call aborts (throws a non-result), once.
function dying(core) {
  let die = false;
  const proxy = new Proxy(core, { get(t, k) {
    const v = t[k];
    if (typeof v !== 'function') return v;
    return (...a) => { if (die && k !== 'releaseResults') { die = false; throw new Error('RuntimeError: unreachable'); } return v.apply(t, a); };
  } });
  return { proxy, kill: () => { die = true; } };
}

const settle = (api, status) => new Promise((resolve) => { const off = api.onRestart((e) => { if (e.status === status) { off(); resolve(); } }); });

test('a failed restart is retried by a later call after RETRY_MS, not before', async () => {
  const first = dying(await loadRawCore());
  let attempts = 0;
  const api = makeApi(first.proxy, { restart: async () => { attempts++; if (attempts === 1) throw new Error('no memory'); return loadRawCore(); } });
  const events = [];
  api.onRestart((e) => events.push(e.status));
  first.kill();
  const failed = settle(api, 'failed');
  assert.throws(() => api.softmax([1, 2]), (e) => e.code === 'engine' && e.state === 'restarting');
  await failed;
  // right after the failure: one message, the engine is not tried again yet
  assert.throws(() => api.softmax([1, 2]), (e) => e.code === 'engine' && e.state === 'failed'
    && e.message === 'softmax: the computing engine stopped and could not be restarted; it is tried again on a later call');
  assert.equal(attempts, 1);
  await new Promise((r) => setTimeout(r, RETRY_MS + 50));
  const ready = settle(api, 'ready');
  assert.throws(() => api.softmax([1, 2]), (e) => e.code === 'engine' && e.state === 'restarting');
  await ready;
  assert.equal(attempts, 2);
  assert.deepEqual(events, ['restarting', 'failed', 'restarting', 'ready']);
  assert.equal(api.softmax([0, 0]).length, 2);
});

test('load() after a failed restart tries again at once and returns the same, working API', async () => {
  let n = 0, first = null;
  const loader = createLoader(async () => {
    n++;
    if (n === 1) return (first = dying(await loadRawCore())).proxy;
    if (n === 2) throw new Error('no memory');
    return loadRawCore();
  });
  const api = await loader.load();
  first.kill();
  const failed = settle(api, 'failed');
  assert.throws(() => api.dot([1], [1]), (e) => e.code === 'engine');
  await failed;
  const ready = settle(api, 'ready');
  assert.equal(await loader.load(), api);
  await ready;
  assert.equal(n, 3);
  assert.equal(api.dot([1, 2], [3, 4]), 11);
});
