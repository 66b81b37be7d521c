// `npm run bench` (scripts/bench.sh builds what is missing, then runs this):
// times, case by case on the same inputs, the native core
// (bench/bench_native.cpp), the wasm module through dist/attnlab.js's public
// API, the raw Embind core (the same kernels without the facade's
// conversions, when build/wasm/attnlab_core.js exists), the plain-JS
// reference (bench/js/reference.mjs), ml-matrix's SVD and tfjs-wasm
// (bench/js/tfjs.mjs); prints the table and the ratio targets and writes
// bench/results.json.
//
// The machine is shared and its load changes by the second, so each case is
// timed in ROUNDS rounds, every side once per round (native first: the native
// bench runs as a server, bench/js/server.mjs), and each side's result is the
// median over the rounds: all sides see the same mix of load.
//
// Usage: node bench/run.mjs <path of the native attn_bench>
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Matrix, SVD } from 'ml-matrix';
import { CASES, makeInputs, transformerSpec } from './js/inputs.mjs';
import { readResult, toPlain } from '../web/lib/convert.js';
import { startServer } from './js/server.mjs';
import * as ref from './js/reference.mjs';
import { measure, median, MIN_BATCH_MS, WARMUP_MS, FIRST_WARMUP_MS, BUDGET_MS } from './js/timing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const nativeBench = process.argv[2];
if (!nativeBench) throw new Error('usage: node bench/run.mjs <path of attn_bench>');
const ROUNDS = 3;

// The native bench and tfjs run as servers (bench/js/server.mjs), started
// here, before anything is timed. The native bench takes trainTransformer's
// size from inputs.mjs's TRANSFORMER.
const nativeServer = startServer(nativeBench, ['--serve', '--transformer', transformerSpec()]);
await nativeServer.ready;
async function native(id) {  // null: a case the native bench does not have
  const r = JSON.parse(await nativeServer.ask(id));
  if (r.error) { console.error(`${nativeBench}: ${r.error}`); return null; }
  return r.native[id];
}

const lab = await require(path.join(root, 'dist', 'attnlab.js')).load();

// ---- tfjs (optional), timed in a process of its own (bench/js/tfjs.mjs):
// loaded here, its heap made every GC of this process slower (measured: the
// API's attention n = 128 0.55 -> 0.92 ms, the JS reference alike).
const tfjsServer = startServer(process.execPath, [path.join(root, 'bench', 'js', 'tfjs.mjs')]);
const tfjsVersion = await tfjsServer.ready.then((s) => s.trim().replace(/^tfjs /, ''), () => null);
async function tfjsCase(id) {
  const r = JSON.parse(await tfjsServer.ask(id));
  if (r.error) throw new Error(`bench/js/tfjs.mjs: ${r.error}`);
  return r;
}
const corePath = path.join(root, 'build', 'wasm', 'attnlab_core.js');
const core = fs.existsSync(corePath)
  ? await require(corePath)({ wasmBinary: fs.readFileSync(corePath.replace(/\.js$/, '.wasm')) }) : null;

// ---- what each implementation runs, per case kind -------------------------
// The raw core takes the wire format (src/bindings/convert.hpp: vector =
// Float64Array, matrix = {data, rows, cols}), built once outside the timing;
// it returns {ok, value} with results in wasm memory.
const vecWire = (v) => Float64Array.from(v);
const matWire = (M) => ({ data: Float64Array.from(M.flat()), rows: M.length, cols: M[0].length });
const wire = (fn, name, x, kind) => (kind === 'vector' ? vecWire(x) : matWire(x));
// The Embind call alone: inputs already in the wire format, results left in
// wasm memory (the wire format too; reading them out is the facade's part,
// timed in the wasm and flat columns). f(true), untimed, also copies the
// results out for the checks.
const coreCall = (fn, args) => (read = false) => {
  const r = core[fn](args);
  if (!r.ok) throw new Error(r.error);
  const value = read ? readResult(r.value, core.HEAPF64, true) : null;
  core.releaseResults();
  return value;
};

function implementations(c, inp) {
  // {precision: 'float32'} cases: the API option (and the same wire field).
  const opt = c.precision ? { precision: c.precision } : undefined;
  switch (c.kind) {
    case 'attention': {
      const { Q, K, V } = inp;
      return {
        wasm: () => lab.attention(Q, K, V, opt),
        flat: () => lab.attention(Q, K, V, { ...opt, layout: 'flat' }),
        core: core && coreCall('attention', { Q: wire('attention', 'Q', Q, 'matrix'), K: wire('attention', 'K', K, 'matrix'), V: wire('attention', 'V', V, 'matrix'), ...opt }),
        js: () => ref.attention(Q, K, V),
        jsFlat: () => ref.attention(Q, K, V, { layout: 'flat' }),
        ...(c.precision === 'float32' && tfjsVersion ? { tfjs: 'child' } : {}),
      };
    }
    case 'tiled': {  // tfjs has no tiled kernel: its row is standard attention's output in float32
      const { Q, K, V } = inp;
      return {
        wasm: () => lab.tiledAttention(Q, K, V),
        core: core && coreCall('tiledAttention', { Q: wire('tiledAttention', 'Q', Q, 'matrix'), K: wire('tiledAttention', 'K', K, 'matrix'), V: wire('tiledAttention', 'V', V, 'matrix') }),
        ...(tfjsVersion ? { tfjs: 'child' } : {}),
      };
    }
    case 'standard':  // native only: the API's attention refuses 4096 x 4096 results
      return {};
    case 'matmul': {
      const { A, B } = inp;
      return {
        wasm: () => lab.matmul(A, B, opt),
        flat: () => lab.matmul(A, B, { ...opt, layout: 'flat' }),
        core: core && coreCall('matmul', { A: wire('matmul', 'A', A, 'matrix'), B: wire('matmul', 'B', B, 'matrix'), ...opt }),
        js: () => ref.matmul(A, B),
        jsFlat: () => ref.matmul(A, B, { layout: 'flat' }),
        ...(c.precision === 'float32' && tfjsVersion ? { tfjs: 'child' } : {}),
      };
    }
    case 'softmax': {  // the API's softmax takes one vector: one call per row
      const { Z } = inp;
      const rows = Z.map((z) => coreCall('softmax', { z: wire('softmax', 'z', z, 'vector') }));
      return {
        wasm: () => Z.map((z) => lab.softmax(z)),
        core: core && ((read) => rows.map((call) => call(read))),
        js: () => Z.map((z) => ref.softmax(z)),
      };
    }
    case 'svd': {
      const { A } = inp;
      return {
        wasm: () => lab.svd(A),
        core: core && coreCall('svd', { A: wire('svd', 'A', A, 'matrix') }),
        js: () => ref.svd(A),
        // What a JS author would pick; arrays out, as the API returns.
        mlMatrix: () => {
          const s = new SVD(new Matrix(A));
          return { U: s.leftSingularVectors.to2DArray(), S: s.diagonal, Vt: s.rightSingularVectors.transpose().to2DArray() };
        },
      };
    }
    case 'gat': {
      const { X, A, W, a } = inp;
      return {
        wasm: () => lab.gat(X, A, W, a),
        core: core && coreCall('gat', { X: wire('gat', 'X', X, 'matrix'), A: wire('gat', 'A', A, 'matrix'), W: wire('gat', 'W', W, 'matrix'), a: wire('gat', 'a', a, 'vector') }),
        js: () => ref.gat(X, A, W, a),
      };
    }
    case 'adam': {
      const { x0, lr, steps } = inp;
      return {
        wasm: () => lab.optimize({ name: 'rosenbrock' }, x0, { method: 'adam', lr, steps }),
        core: core && coreCall('optimize', { problem: { name: 'rosenbrock' }, x0: Float64Array.from(x0), method: 'adam', lr, steps }),
        js: () => ref.adamRosenbrock(x0, { lr, steps }),
      };
    }
    case 'trainAttention': {  // no plain-JS or raw-core side: native, wasm and tfjs-wasm
      const { data, params, options } = inp;
      return {
        wasm: () => lab.trainAttention(data, params, options),
        ...(tfjsVersion && !c.steps ? { tfjs: 'child' } : {}),  // tfjs: one step (train_attention)
      };
    }
    case 'trainTransformer': {
      const { data, params, options } = inp;
      return {
        wasm: () => lab.trainTransformer(data, params, options),
        ...(tfjsVersion && !c.steps ? { tfjs: 'child' } : {}),  // tfjs: one step (train_transformer)
      };
    }
    case 'trainGat': {
      const { X, A, labels, params, options } = inp;
      return {
        wasm: () => lab.trainGat(X, A, labels, params, options),
        ...(tfjsVersion && !c.steps ? { tfjs: 'child' } : {}),  // tfjs: one epoch (train_gat)
      };
    }
    default:
      throw new Error(`unknown case kind ${c.kind}`);
  }
}

// ---- checksums: the same numbers bench_native.cpp prints ------------------
const sum = (rows) => rows.flat().reduce((s, x) => s + x, 0);
// Every number in nested arrays and objects (the transformer's params.layers).
const deepSum = (x) => (typeof x === 'number' ? x : (Array.isArray(x) ? x : Object.values(x)).reduce((s, y) => s + deepSum(y), 0));
function checksum(kind, r) {
  switch (kind) {
    case 'attention': case 'gat': case 'tiled': case 'standard': return sum(r.output);
    case 'matmul': return sum(r);
    case 'softmax': return r.reduce((s, p) => s + p.reduce((t, x) => t + x * x, 0), 0);
    case 'svd': return r.S.reduce((s, x) => s + x, 0);
    case 'adam': return r.loss[r.loss.length - 1];
    case 'trainAttention': case 'trainGat': case 'trainTransformer':  // every parameter after the step
      return deepSum(r.params);
    default: return NaN;
  }
}

// ||A - U diag(S) Vt||_max
function svdError(A, { U, S, Vt }) {
  let err = 0;
  for (let i = 0; i < A.length; i++)
    for (let j = 0; j < A[0].length; j++) {
      let x = 0;
      for (let k = 0; k < S.length; k++) x += U[i][k] * S[k] * Vt[k][j];
      err = Math.max(err, Math.abs(A[i][j] - x));
    }
  return err;
}

// ---- run ------------------------------------------------------------------
const loadBefore = os.loadavg()[0];
// BENCH_ONLY=id,id,... times those cases alone (when working on a kernel);
// the targets then cover only them.
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null;
const results = [];
for (const c of CASES.filter((x) => !only || only.includes(x.id))) {
  const inp = makeInputs(c);
  const impls = Object.entries({ native: () => null, ...implementations(c, inp) }).filter(([, f]) => f);
  const rounds = Object.fromEntries(impls.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, f] of impls) {
      if (name === 'native') { const r = await native(c.id); if (r) rounds.native.push(r); continue; }
      if (name === 'tfjs') { rounds.tfjs.push(await tfjsCase(c.id)); continue; }
      const entry = measure(f, round === 0 ? FIRST_WARMUP_MS : WARMUP_MS);
      if (round === 0) {  // results are deterministic: check one call's, after the first round's timing
        const result = name === 'core' ? f(true) : f();
        const plain = ['core', 'flat', 'jsFlat'].includes(name) ? toPlain(result) : result;
        entry.check = checksum(c.kind, plain);
        if (c.kind.startsWith('train')) entry.loss0 = plain.loss[0];  // the loss before the first update
        if (c.kind === 'svd') entry.svdError = svdError(inp.A, plain);
      }
      rounds[name].push(entry);
    }
  }
  const row = { id: c.id, label: c.label };
  for (const [name, rs] of Object.entries(rounds)) {
    if (!rs.length) continue;
    const med = (k) => median(rs.map((r) => r[k]));
    row[name] = { ...rs[0], ms: med('ms'), wallMs: med('wallMs'), roundsMs: rs.map((r) => r.ms) };
    process.stderr.write(`${name.padEnd(8)} ${c.id.padEnd(14)} ${row[name].ms.toFixed(4).padStart(10)} ms  (rounds: ${rs.map((r) => r.ms.toFixed(3)).join(', ')})\n`);
  }
  // Same inputs, same algorithm: every checksum agrees (ml-matrix: same
  // singular values). float32 cases: native, wasm and core agree closely
  // (expf may differ in the last bit between libcs); the float64 JS
  // reference and tfjs to float32 accuracy.
  const want = row.native?.check;
  const f32 = c.precision === 'float32' || c.kind.startsWith('train');  // tfjs trains in float32
  const tol = (k) => (k === 'tfjs' && c.kind === 'tiled' ? 1e-4 : !f32 ? 1e-9 : k === 'js' || k === 'tfjs' ? 1e-4 : c.kind.startsWith('train') ? 1e-9 : 1e-6);
  row.checksOk = want !== undefined && ['wasm', 'flat', 'core', 'js', 'jsFlat', 'mlMatrix', 'tfjs'].every((k) => !row[k] ||
    Math.abs(row[k].check - want) <= tol(k.startsWith('js') ? 'js' : k) * Math.max(1, Math.abs(want)));
  // Training: tfjs's float32 loss at step 0 (before its update) is the
  // core's loss[0] (wasm and native, float64) to float32 accuracy.
  if (row.tfjs?.loss0 !== undefined) {
    const lossOk = ['wasm', 'native'].every((k) => row[k]?.loss0 === undefined || Math.abs(row.tfjs.loss0 - row[k].loss0) <= 1e-5 * Math.max(1, Math.abs(row[k].loss0)));
    process.stderr.write(`loss0    ${c.id.padEnd(14)} tfjs ${row.tfjs.loss0} wasm ${row.wasm.loss0} native ${row.native?.loss0 ?? '-'}: ${lossOk ? 'equal' : 'DIFFER'}\n`);
    row.checksOk &&= lossOk;
  }
  row.wasmOverNative = row.native && row.wasm ? row.wasm.ms / row.native.ms : null;
  row.jsOverWasm = row.js ? row.js.ms / row.wasm.ms : null;
  if (row.flat) row.jsFlatOverFlat = row.jsFlat.ms / row.flat.ms;
  if (row.mlMatrix) row.mlMatrixOverWasm = row.mlMatrix.ms / row.wasm.ms;
  if (row.tfjs) row.tfjsOverWasm = row.tfjs.ms / row.wasm.ms;
  results.push(row);
}

// ---- table ------------------------------------------------------------------
const fmtMs = (x) => (x === undefined ? '-' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
const fmtX = (x) => (x === null || x === undefined ? '-' : `${x.toFixed(2)}x`);
const header = ['case', 'native ms', 'wasm ms', 'wasm core ms', 'JS ms', 'wasm/native', 'JS/wasm', 'flat: wasm ms', 'JS ms', 'JS/wasm', 'checks'];
const lines = results.map((r) => [
  r.label, fmtMs(r.native?.ms), fmtMs(r.wasm?.ms), fmtMs(r.core?.ms), fmtMs(r.js?.ms),
  fmtX(r.wasmOverNative), fmtX(r.jsOverWasm), fmtMs(r.flat?.ms), fmtMs(r.jsFlat?.ms), fmtX(r.jsFlatOverFlat),
  r.checksOk ? 'equal' : 'DIFFER',
]);
const tfRows = results.filter((r) => r.tfjs);
const tfHeader = ['float32 (tfjs) case', 'wasm ms', `tfjs-wasm ${tfjsVersion || ''} ms`, 'tfjs/wasm', 'checks'];
const tfLines = tfRows.map((r) => [r.label, fmtMs(r.wasm.ms), fmtMs(r.tfjs.ms), fmtX(r.tfjsOverWasm), r.checksOk ? 'equal' : 'DIFFER']);
const svdRows = results.filter((r) => r.mlMatrix);
const svdHeader = ['svd', 'ml-matrix ms', 'ml-matrix/wasm', 'err native', 'err wasm', 'err JS', 'err ml-matrix'];
const svdLines = svdRows.map((r) => [
  r.label, fmtMs(r.mlMatrix.ms), fmtX(r.mlMatrixOverWasm), ...['native', 'wasm', 'js', 'mlMatrix'].map((k) => r[k]?.svdError?.toExponential(1) ?? '-'),
]);
function markdown(head, rows) {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((x, i) => (i ? x.padStart(w[i]) : x.padEnd(w[i]))).join(' | ')} |`;
  return [line(head), `|${w.map((n, i) => (i ? `${'-'.repeat(n + 1)}:` : '-'.repeat(n + 2))).join('|')}|`, ...rows.map(line)].join('\n');
}

// ---- targets (the performance issue) ---------------------------------------
// The issue's ratios are the kernels': "wasm core" is the Embind call with
// its inputs in wasm's wire format and its results left in wasm memory, as
// the native bench leaves them in native memory: the same work on both
// sides. The public API adds the conversions between JS arrays and wasm
// memory; its ratios are printed as well (group 2), measured, not targets:
// with number[][] results, V8's building of the arrays of rows costs more
// than the kernel at n = 1024 (README, Benchmarks).
const byId = Object.fromEntries(results.map((r) => [r.id, r]));
const targets = [];
const target = (what, ok, detail, group = 'kernel') => targets.push({ what, ok, detail, group });
const kernelTargets = (id, label, jsTimes) => {
  const r = byId[id];
  if (!r?.core || !r.native) return;
  if (jsTimes) target(`${label}: wasm core >= ${jsTimes}x faster than plain JS`, r.js.ms / r.core.ms >= jsTimes, fmtX(r.js.ms / r.core.ms));
  target(`${label}: wasm core within 1.3x of native`, r.core.ms / r.native.ms <= 1.3, fmtX(r.core.ms / r.native.ms));
};
const apiRatios = (id, label, jsTimes) => {
  const r = byId[id];
  if (!r?.native) return;
  target(`${label}, number[][]: wasm >= ${jsTimes}x faster than plain JS`, r.jsOverWasm >= jsTimes, fmtX(r.jsOverWasm), 'api');
  target(`${label}, number[][]: wasm within 1.3x of native`, r.wasmOverNative <= 1.3, fmtX(r.wasmOverNative), 'api');
  if (!r.flat) return;
  target(`${label}, layout 'flat' (both sides): wasm >= ${jsTimes}x faster than plain JS`, r.jsFlatOverFlat >= jsTimes, fmtX(r.jsFlatOverFlat), 'api');
  target(`${label}, layout 'flat': wasm within 1.3x of native`, r.flat.ms / r.native.ms <= 1.3, fmtX(r.flat.ms / r.native.ms), 'api');
};
for (const [id, label, times] of [['matmul_256', 'matmul 256', 10], ['matmul_256_f32', 'matmul 256 float32', 10],
  ['attention_128', 'attention n=128', 5], ['attention_128_f32', 'attention n=128 float32', 5],
  ['attention_512', 'attention n=512', 5], ['attention_512_f32', 'attention n=512 float32', 5],
  ['attention_1024', 'attention n=1024', 5]]) kernelTargets(id, label, times);
// Tiled attention (the flash issue): its kernel against the standard one at n = 1024.
const [t1024, a1024] = [byId.tiled_1024, byId.attention_1024];
if (t1024?.core && a1024?.core) target('tiledAttention n=1024: wasm core within 1.5x of attention n=1024 wasm core', t1024.core.ms / a1024.core.ms <= 1.5, fmtX(t1024.core.ms / a1024.core.ms));
if (t1024?.native && a1024?.native) target('tiledAttention n=1024: native within 1.5x of attention n=1024 native', t1024.native.ms / a1024.native.ms <= 1.5, fmtX(t1024.native.ms / a1024.native.ms));
const s128 = byId.svd_128;
if (s128) {
  target('svd 128: wasm >= 3x faster than ml-matrix', s128.mlMatrixOverWasm >= 3, fmtX(s128.mlMatrixOverWasm));
  target('svd 128: wasm as accurate as ml-matrix', s128.wasm.svdError <= s128.mlMatrix.svdError,
    `${s128.wasm.svdError.toExponential(1)} vs ${s128.mlMatrix.svdError.toExponential(1)}`);
}
// Through the public API (number[][] in and out): a target of its own.
// Training (the training issue): wasm within 1.5x of native, >= 3x faster than tfjs-wasm per step.
// Per step: an update inside a 10-update call (tfjs's step also reuses its
// data tensors); the one-update call, which also converts the inputs and
// evaluates the loss after the update, is printed beside it.
for (const [fn, id] of [['trainAttention', 'train_attention'], ['trainTransformer', 'train_transformer'], ['trainGat', 'train_gat']]) {
  const trainStep = byId[`${id}_10`], trainOne = byId[id];
  if (!trainStep?.native) continue;
  const wasm = trainStep.wasm.ms / 10, native = trainStep.native.ms / 10;
  target(`${fn} per Adam step (10 per call): wasm within 1.5x of native`, wasm / native <= 1.5,
    `${fmtMs(wasm)} vs ${fmtMs(native)} ms, ${fmtX(wasm / native)}`, 'api');
  if (trainOne?.tfjs) target(`${fn} per Adam step (10 per call): wasm >= 3x faster than tfjs-wasm`, trainOne.tfjs.ms / wasm >= 3,
    `${fmtMs(wasm)} vs ${fmtMs(trainOne.tfjs.ms)} ms, ${fmtX(trainOne.tfjs.ms / wasm)}`, 'api');
}
for (const id of ['train_attention', 'train_transformer', 'train_gat']) {
  const r = byId[id];
  if (r?.native) target(`${r.label}, one call: wasm within 1.5x of native`, r.wasmOverNative <= 1.5, fmtX(r.wasmOverNative), 'api');
  if (r?.tfjs) target(`${r.label}, one call: wasm >= 3x faster than tfjs-wasm`, r.tfjsOverWasm >= 3, fmtX(r.tfjsOverWasm), 'api');
}
const slower = results.filter((r) => r.jsOverWasm !== null && r.jsOverWasm < 1);
target('nothing slower in wasm than plain JS (public API, number[][])', slower.length === 0,
  slower.length ? `slower: ${slower.map((r) => `${r.label} (${fmtX(r.jsOverWasm)})`).join(', ')}` : 'none slower');
for (const [id, label, times] of [['matmul_256', 'matmul 256', 10], ['attention_128', 'attention n=128', 5],
  ['attention_512', 'attention n=512', 5], ['attention_1024', 'attention n=1024', 5]]) apiRatios(id, label, times);

// Peak heap of one call (native, counted by operator new in bench_native.cpp):
// the tiled kernel's grows as n (its inputs' copies are not counted: they are
// the caller's), attention's and the standard kernel's as n^2.
const peakHeap = !only || only.some((id) => id.startsWith('tiled')) ? JSON.parse(await nativeServer.ask('peak_heap')).peakHeap : [];
const mb = (b) => (b < 0 ? '-' : (b / 2 ** 20).toFixed(b < 2 ** 20 ? 3 : 1));
const peakHeader = ['n (d = 64)', 'tiledAttention MB', 'attention MB', 'standard, output only MB'];
const peakLines = peakHeap.map((p) => [String(p.n), mb(p.tiled), mb(p.attention), mb(p.standard)]);

nativeServer.close();
tfjsServer.close();

const wallSeconds = process.env.BENCH_START ? Date.now() / 1000 - Number(process.env.BENCH_START) : null;
const out = [
  '',
  `Attention Lab benchmark: CPU ms per call, median over ${ROUNDS} rounds of the median over batches of >= ${MIN_BATCH_MS} ms (node ${process.version}, ${os.cpus().length} cores, load ${loadBefore.toFixed(1)} -> ${os.loadavg()[0].toFixed(1)})`,
  'wasm = dist/attnlab.js public API (number[][] in and out); wasm core = the same Embind call with the inputs already in',
  'wire format and its results left in wasm memory (the facade\'s conversions left out); JS = bench/js/reference.mjs;',
  'flat = the API and the JS reference with {layout: \'flat\'} (matrices out as {rows, cols, data: Float64Array});',
  'checks = every checksum agrees.',
  '',
  markdown(header, lines),
  '',
  markdown(svdHeader, svdLines),
  '',
  ...(tfRows.length ? [markdown(tfHeader, tfLines), ''] : ['tfjs: not installed (or not usable): no tfjs comparison', '']),
  ...(peakLines.length ? ['Peak heap of one call beyond its inputs (native, operator new; attention at 4096 is refused by the API):', markdown(peakHeader, peakLines), ''] : []),
  'Targets (the kernels: wasm core against native and plain JS; SVD and the nothing-slower check through the API):',
  ...targets.filter((t) => t.group === 'kernel').map((t) => `  [${t.ok ? 'x' : ' '}] ${t.what}: ${t.detail}`),
  '',
  'Through the public API, with its conversions (measured, not targets: see README, Benchmarks):',
  ...targets.filter((t) => t.group === 'api').map((t) => `  [${t.ok ? 'x' : ' '}] ${t.what}: ${t.detail}`),
  wallSeconds !== null ? `\nnpm run bench wall time: ${wallSeconds.toFixed(0)} s` : '',
];
console.log(out.join('\n'));

fs.writeFileSync(path.join(root, 'bench', 'results.json'), `${JSON.stringify({
  date: new Date().toISOString(),
  machine: { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model, loadavg: [loadBefore, os.loadavg()[0]] },
  timing: { clock: 'CPU time (ms); wallMs: wall clock', minBatchMs: MIN_BATCH_MS, warmupMs: WARMUP_MS, budgetMs: BUDGET_MS, statistic: `median over ${ROUNDS} interleaved rounds of the median per call over batches` },
  wallSeconds,
  cases: results,
  peakHeap,
  targets,
}, null, 2)}\n`);
