// tfjs side of `npm run bench`, in a process of its own (bench/run.mjs says
// why): @tensorflow/tfjs-core + tfjs-backend-wasm, one thread, SIMD, its
// .wasm read from node_modules (no network). Same work as the API: number[][]
// in, every returned step as number[][] out, float32.
//
// A server (bench/js/server.mjs): it answers "tfjs <version>" once ready,
// then one JSON line {ms, wallMs, iters, repeats, check, loss0 (training)} per case id read
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
// and returns the sum of the parameters after it (bench/run.mjs's checksum)
// and the loss before it (loss0: the core's loss[0]).
function trainer(c, inp) {
  const { lr } = inp.options;
  // The transformer's heads as variables of their own: L<l>H<h>.<name>.
  const flatParams = c.kind !== 'trainTransformer' ? inp.params : {
    embed: inp.params.embed, pos: inp.params.pos, unembed: inp.params.unembed,
    ...Object.fromEntries(inp.params.layers.flatMap((layer, l) => layer.flatMap((head, h) =>
      Object.entries(head).map(([k, v]) => [`L${l}H${h}.${k}`, v])))),
  };
  const make = () => {
    const vars = Object.fromEntries(Object.entries(flatParams).map(([k, v]) => [k, tf.variable(Array.isArray(v[0]) ? t2(v) : tf.tensor1d(v, 'float32'))]));
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
  } else if (c.kind === 'trainTransformer') {
    // API.md "Transformers": x0 = embed[t] + pos[i] (embed[t] as a one-hot
    // product: gather's gradient needs a kernel the wasm backend lacks); per
    // layer x += sum_h softmax(scale (x Wq)(x Wk)^T + causal mask)(x Wv) Wo,
    // scale = 1/sqrt(dh); logits = x unembed; mean cross-entropy over the
    // targets != -1 (their one-hot rows are zero).
    const { tokens, targets } = inp.data;
    const B = tokens.length, n = tokens[0].length, [V, d] = [inp.params.embed.length, inp.params.embed[0].length];
    const T = tf.cast(tf.oneHot(tf.tensor1d(tokens.flat(), 'int32'), V), 'float32');
    const Y = tf.cast(tf.oneHot(tf.tensor1d(targets.flat(), 'int32'), V), 'float32');
    const count = targets.flat().filter((t) => t !== -1).length;
    const mask = t2(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (__, j) => (j > i ? -1e30 : 0))));
    const heads = inp.params.layers.map((layer, l) => layer.map((_, h) => `L${l}H${h}.`));
    loss = (v) => {
      let x = tf.reshape(tf.add(tf.reshape(tf.matMul(T, v.embed), [B, n, d]), tf.slice(v.pos, 0, n)), [B * n, d]);
      for (const layer of heads) {
        const outs = layer.map((p) => {
          const dh = v[`${p}Wq`].shape[1];
          const [Q, K, Vh] = ['Wq', 'Wk', 'Wv'].map((w) => tf.reshape(tf.matMul(x, v[p + w]), [B, n, dh]));
          const P = tf.softmax(tf.add(tf.mul(tf.matMul(Q, K, false, true), 1 / Math.sqrt(dh)), mask));
          return tf.matMul(tf.reshape(tf.matMul(P, Vh), [B * n, dh]), v[`${p}Wo`]);
        });
        x = tf.add(x, tf.addN(outs));
      }
      return tf.div(tf.neg(tf.sum(tf.mul(Y, tf.logSoftmax(tf.matMul(x, v.unembed))))), count);
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
      const loss0 = stepOf(fresh)();
      return { check: Object.values(fresh.vars).reduce((s, v) => s + v.dataSync().reduce((t, x) => t + x, 0), 0), loss0 };
    },
  };
}

function timeCase(id) {
  const c = CASES.find((x) => x.id === id);
  if (c && c.kind.startsWith('train')) {
    const t = trainer(c, makeInputs(c));
    return { ...measure(t.step, FIRST_WARMUP_MS), ...t.check() };
  }
  if (!c || !['attention', 'matmul', 'tiled'].includes(c.kind)) return { error: `no tfjs case '${id}'` };
  const inp = makeInputs(c);
  const run = c.kind === 'matmul'
    ? () => tf.tidy(() => tf.matMul(t2(inp.A), t2(inp.B)).arraySync())
    // tfjs has no tiled kernel: the standard one, its output alone (what tiledAttention computes).
    : c.kind === 'tiled' ? () => tf.tidy(() => {
      const { Q, K, V } = inp;
      const weights = tf.softmax(tf.mul(tf.matMul(t2(Q), t2(K), false, true), tf.scalar(1 / Math.sqrt(Q[0].length))));
      return { output: tf.matMul(weights, t2(V)).arraySync() };
    })
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
