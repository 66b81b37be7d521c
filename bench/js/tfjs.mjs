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

// tfjs-core's Node bundle has no gradients (the @tensorflow/tfjs package
// adds them): register them from its ESM sources, bundled here by esbuild.
// They share the bundle's engine and registries (globalThis._tfGlobals).
async function registerGradients() {
  const esbuild = require('esbuild');
  const entry = path.join(path.dirname(require.resolve('@tensorflow/tfjs-core')), 'register_all_gradients.js');
  const out = esbuild.buildSync({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'error' });
  await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

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
    await registerGradients();
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

// Training: the same models as trainAttention / trainGat in tfjs, one step
// = tf.variableGrads of the loss + tf.train.adam's applyGradients, with the
// data as tensors made once (tfjs's side pays no conversion of them).
// Returns {step, check}: check() runs one step from the initial parameters
// and sums them, as bench/run.mjs's checksum.
function trainer(c, inp) {
  const { lr } = inp.options;
  const make = () => {
    const vars = Object.fromEntries(Object.entries(inp.params).map(([k, v]) => [k, tf.variable(Array.isArray(v[0]) ? t2(v) : tf.tensor1d(v, 'float32'))]));
    const opt = tf.train.adam(lr, 0.9, 0.999, 1e-8);
    return { vars, opt };
  };
  let loss;
  if (c.kind === 'trainAttention') {
    const { X, targets } = inp.data;
    const B = X.length, n = X[0].length, d = X[0][0].length, C = inp.params.Wo[0].length;
    const Xf = tf.tensor2d(X.flat(), [B * n, d], 'float32');
    const Y = tf.oneHot(tf.tensor1d(targets.flat(), 'int32'), C);
    const scale = 1 / Math.sqrt(inp.params.Wq[0].length);
    loss = ({ Wq, Wk, Wv, Wo }) => {
      const Q = tf.reshape(tf.matMul(Xf, Wq), [B, n, -1]), K = tf.reshape(tf.matMul(Xf, Wk), [B, n, -1]);
      const V = tf.reshape(tf.matMul(Xf, Wv), [B, n, -1]);
      const P = tf.softmax(tf.mul(tf.matMul(Q, K, false, true), scale));
      const logits = tf.matMul(tf.reshape(tf.matMul(P, V), [B * n, -1]), Wo);
      return tf.losses.softmaxCrossEntropy(Y, logits);
    };
  } else {
    const { X, A, labels, options } = inp;
    const n = X.length, C = inp.params.W[0].length;
    const Xt = t2(X);
    const edge = tf.tensor2d(A.map((r, i) => r.map((x, j) => (x !== 0 || i === j ? 1 : 0))), undefined, 'bool');
    const train = labels.map((_, i) => i).filter((i) => options.trainMask[i]);
    // The trained rows as a product with a 0/1 selection (gather's gradient needs a kernel the wasm backend lacks).
    const pick = t2(train.map((i) => labels.map((_, j) => (i === j ? 1 : 0))));
    const Y = tf.oneHot(tf.tensor1d(train.map((i) => labels[i]), 'int32'), C);
    const off = tf.fill([n, n], -1e30);
    loss = ({ W, a }) => {
      const Wh = tf.matMul(Xt, W);
      const src = tf.matMul(Wh, tf.reshape(tf.slice(a, 0, C), [C, 1])), dst = tf.matMul(Wh, tf.reshape(tf.slice(a, C, C), [C, 1]));
      const e = tf.where(edge, tf.leakyRelu(tf.add(src, tf.transpose(dst)), 0.2), off);
      const out = tf.matMul(tf.softmax(e), Wh);
      return tf.losses.softmaxCrossEntropy(Y, tf.matMul(pick, out));
    };
  }
  const stepOf = ({ vars, opt }) => () => tf.tidy(() => {
    const { value, grads } = tf.variableGrads(() => loss(vars), Object.values(vars));
    opt.applyGradients(grads);
    return value.dataSync()[0];
  });
  const timed = make();
  return {
    step: stepOf(timed),
    check: () => {
      const fresh = make();
      stepOf(fresh)();
      return Object.values(fresh.vars).reduce((s, v) => s + v.dataSync().reduce((t, x) => t + x, 0), 0);
    },
  };
}

function timeCase(id) {
  const c = CASES.find((x) => x.id === id);
  if (c && c.kind.startsWith('train')) {
    const t = trainer(c, makeInputs(c));
    return { ...measure(t.step, FIRST_WARMUP_MS), check: t.check() };
  }
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
