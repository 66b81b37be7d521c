// The documented limits (README "Limits") are checked on
// the shapes the arguments claim, before anything is copied; every error
// starts with the function name; a large input is not kept alive after the
// call. The inputs are the reproductions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLab } from './helpers.mjs';

const lab = await loadLab();

// Runs f, which must throw; returns the error and the time it took.
function refused(f) {
  const t0 = performance.now();
  try {
    f();
  } catch (e) {
    return { e, ms: performance.now() - t0 };
  }
  assert.fail('no error');
}

// Counts the reads of numbered elements of arr (and of its rows): "refused
// at once" means after looking at shapes, not after a copy of every entry.
// A count, not a timing: deterministic on any machine.
function counted(arr, tally) {
  return new Proxy(arr, {
    get(target, key, recv) {
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        tally.reads++;
        const v = target[key];
        return Array.isArray(v) ? counted(v, tally) : v;
      }
      return Reflect.get(target, key, recv);
    },
  });
}

test('a 5000 x 5000 matrix of shared rows is refused at once with the documented limit', () => {
  const r = new Array(5000).fill(0.5), M = new Array(5000).fill(r);
  const rss0 = process.memoryUsage().rss;
  const tally = { reads: 0 };
  const C = counted(M, tally);
  const { e } = refused(() => lab.attention(C, C, C));
  assert.equal(e.message, 'attention: Q is 5000 x 5000, larger than the limit of 4096 per side and 4194304 entries');
  assert.ok(tally.reads < 100, `${tally.reads} element reads before the refusal`);
  assert.ok(process.memoryUsage().rss - rss0 < 64e6, 'no copy of the claimed 25M entries');
});

test('a million heads are refused at once with the core\'s message', () => {
  const tally = { reads: 0 };
  const heads = counted(new Array(1e6).fill({ Wq: [[1]], Wk: [[1]], Wv: [[1]] }), tally);
  const { e } = refused(() => lab.multiHeadAttention([[1]], heads, [[1]]));
  assert.equal(e.message, 'multiHeadAttention: has 1000000 heads, more than the limit 16');
  assert.ok(tally.reads < 100, `${tally.reads} heads read before the refusal`);
  // 17 heads: the same message as the core gives
  const h = { Wq: [[1]], Wk: [[1]], Wv: [[1]] };
  assert.equal(refused(() => lab.multiHeadAttention([[1]], new Array(17).fill(h), [[1]])).e.message,
    'multiHeadAttention: has 17 heads, more than the limit 16');
  assert.equal(refused(() => lab.multiHeadGat([[1]], [[0]], new Array(17).fill({ W: [[1]], a: [1, 1] }))).e.message,
    'multiHeadGat: has 17 heads, more than the limit 16');
});

test('limits on vectors, graphs and the call as a whole name the function', () => {
  const a = [1, 2, 3];
  a.length = 2 ** 32 - 1;
  assert.equal(refused(() => lab.softmax(a)).e.message, 'softmax: z has 4294967295 entries, more than the limit 4194304');
  assert.equal(refused(() => lab.transpose(Array(1e5).fill(Array(1e5).fill(1)))).e.message,
    'transpose: A is 100000 x 100000, larger than the limit of 4096 per side and 4194304 entries');
  const A = new Array(600).fill(new Array(600).fill(0));
  assert.equal(refused(() => lab.laplacian(A)).e.message, 'laplacian: A has 600 nodes, more than the limit of 512');
  // 16 heads of three 2048 x 2048 weights: 192M entries claimed, 1.5 GB if copied
  const tally = { reads: 0 };
  const W = counted(new Array(2048).fill(new Array(2048).fill(0.5)), tally);
  const { e } = refused(() => lab.multiHeadAttention([[1]], new Array(16).fill({ Wq: W, Wk: W, Wv: W }), [[1]]));
  assert.match(e.message, /^multiHeadAttention: the arguments have 201326594 entries in all, more than the limit of 16777216/);
  assert.ok(tally.reads < 100 * 48, `${tally.reads} element reads before the refusal`);
  // a mask in the options counts too
  const big = new Array(4097).fill([true]);
  assert.equal(refused(() => lab.attention([[1]], [[1]], [[1]], { mask: big })).e.message,
    'attention: mask is 4097 x 1, larger than the limit of 4096 per side and 4194304 entries');
});

test('an engine error raised while reading an argument names the function', () => {
  const row = [1, 2];
  const hostile = new Proxy([row, row], { get(t, k) { if (k === '1') throw new TypeError('no row for you'); return t[k]; } });
  const e = refused(() => lab.transpose(hostile)).e;
  assert.match(e.message, /^transpose: no row for you/);
  assert.ok(e.cause instanceof TypeError);
  assert.deepEqual(lab.transpose([[1, 2]]), [[1], [2]], 'the module stays usable');
});

test('within the limits, the same inputs still work', () => {
  const M = new Array(64).fill(new Array(64).fill(0.5));
  assert.equal(lab.attention(M, M, M).output.length, 64);
  assert.equal(lab.multiHeadAttention([[1]], new Array(16).fill({ Wq: [[1]], Wk: [[1]], Wv: [[1]] }), new Array(16).fill([1])).output[0].length, 1);
});

test('after a refused or a successful call with large inputs, the inputs are released', async (t) => {
  if (typeof globalThis.gc !== 'function') {
    // run with --expose-gc to measure: node --expose-gc --test tests/js/limits.test.mjs
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', `
      import { loadLab } from ${JSON.stringify(new URL('./helpers.mjs', import.meta.url).href)};
      const lab = await loadLab();
      const ab = async () => { for (let i = 0; i < 3; i++) { gc(); await new Promise(setImmediate); } return process.memoryUsage().arrayBuffers; };
      const M = new Array(2048).fill(new Array(2048).fill(0.5));
      const before = await ab();
      let msg = 'no error';
      try { lab.selfAttention(M, M, M, M, { layout: 'flat' }); } catch (e) { msg = e.message; }
      const grown = (await ab()) - before;
      // Emscripten 3.1.6's glue kept the last argument of a method call (the
      // 32 MB source of the last input copied, src/bindings/convert.cpp fill)
      const u = new Array(1 << 22).fill(0.5);
      const dot = lab.dot(u, u);
      console.log(JSON.stringify({ msg, grown, dot, grownDot: (await ab()) - before }));
    `], { encoding: 'utf8', timeout: 120000 });
    const { msg, grown, dot, grownDot } = JSON.parse(out.trim().split('\n').pop());
    t.diagnostic(`${msg}; array buffers after it: +${(grown / 1e6).toFixed(1)} MB, after a 4M-entry dot: +${(grownDot / 1e6).toFixed(1)} MB`);
    assert.match(msg, /^selfAttention: needs \d+ MB of memory/);
    assert.ok(grown < 8e6, `${grown} bytes of array buffers kept after the call`);
    assert.equal(dot, 1 << 20);
    assert.ok(grownDot < 8e6, `${grownDot} bytes of array buffers kept after a successful dot`);
  }
});

// 3,000,000 empty sequences must be told "more than the limit of 1024" at once, not after 4 s and
// 550 MB: the count comes first. A sequence read would throw here, so the test fails if any is read.
test('trainAttention counts data.X before reading a sequence', () => {
  const X = new Array(3_000_000);
  Object.defineProperty(X, 0, { get() { throw new Error('a sequence was read before the count'); } });
  const params = { Wq: [[1]], Wk: [[1]], Wv: [[1]], Wo: [[1]] };
  const { e } = refused(() => lab.trainAttention({ X, targets: [[0]] }, params, { method: 'gd', lr: 1, steps: 1 }));
  assert.equal(e.message, 'trainAttention: data.X has 3000000 sequences, more than the limit of 1024');
});
