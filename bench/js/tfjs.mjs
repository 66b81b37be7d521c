// tfjs side of `npm run bench`, in a process of its own (bench/run.mjs says
// why): @tensorflow/tfjs-core + tfjs-backend-wasm, one thread, SIMD, its
// .wasm read from node_modules (no network). Same work as the API: number[][]
// in, every returned step as number[][] out, float32.
//
// A server (bench/js/server.mjs): it answers "tfjs <version>" once ready,
// then one JSON line {ms, wallMs, iters, repeats, check} per case id read
// from stdin, each answer followed by a line "END". Exit status 1 with the
// reason on stderr when tfjs is not installed or not usable.
import path from 'node:path';
import readline from 'node:readline';
import { createRequire } from 'node:module';
import { CASES, makeInputs } from './inputs.mjs';
import { measure, FIRST_WARMUP_MS } from './timing.mjs';

const require = createRequire(import.meta.url);

async function loadTfjs() {
  let tf, backend;
  try {
    tf = await import('@tensorflow/tfjs-core');
    backend = await import('@tensorflow/tfjs-backend-wasm');
  } catch {
    throw new Error('tfjs: not installed');
  }
  try {
    const dist = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);
    backend.setWasmPaths(dist);
    backend.setThreadsCount?.(1);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    tf.env().set('WASM_HAS_SIMD_SUPPORT', true);
    if (!(await tf.setBackend('wasm'))) throw new Error('setBackend(wasm) failed');
    await tf.ready();
  } catch (e) {
    throw new Error(`tfjs: not usable (${e && e.message ? e.message : e})`);
  }
  return tf;
}

const sum = (rows) => rows.flat().reduce((s, x) => s + x, 0);

let tf;
try {
  tf = await loadTfjs();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const t2 = (M) => tf.tensor2d(M, undefined, 'float32');

function timeCase(id) {
  const c = CASES.find((x) => x.id === id);
  if (!c || (c.kind !== 'attention' && c.kind !== 'matmul')) return { error: `no tfjs case '${id}'` };
  const inp = makeInputs(c);
  const run = c.kind === 'matmul'
    ? () => tf.tidy(() => tf.matMul(t2(inp.A), t2(inp.B)).arraySync())
    : () => tf.tidy(() => {
      const { Q, K, V } = inp;
      const scores = tf.matMul(t2(Q), t2(K), false, true);
      const scaled = tf.mul(scores, tf.scalar(1 / Math.sqrt(Q[0].length)));
      const weights = tf.softmax(scaled);
      const output = tf.matMul(weights, t2(V));
      return { scores: scores.arraySync(), scaled: scaled.arraySync(), weights: weights.arraySync(), output: output.arraySync() };
    });
  const timing = measure(run, FIRST_WARMUP_MS);
  const result = run();
  // The checksums of bench/run.mjs: the sum of the output.
  return { ...timing, check: sum(c.kind === 'matmul' ? result : result.output) };
}

process.stdout.write(`tfjs ${tf.version_core}\nEND\n`);
for await (const line of readline.createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(timeCase(line.trim()))}\nEND\n`);
}
