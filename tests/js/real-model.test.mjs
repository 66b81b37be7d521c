// The attention lesson's "A real model" part (web/lessons/attention/real-model*.js)
// on the built files: dist/lessons/model-<lang>.js (the scripts the page loads on
// demand) read through shared/text-model.js, the learner's text read as the section
// reads it (real-model-text.js), and the core calls the section makes. The
// weights against PyTorch: the fixture table's text_models checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { loadLab, root } from './helpers.mjs';
import { modelParams, encodeText } from '../../web/lessons/shared/text-model.js';
import { passage, realPair } from '../../web/lessons/circuits/real-pair.js';
import { MODEL_KB } from '../../web/lessons/shared/text-model-sizes.js';
import { DEFAULT_TEXT, readText } from '../../web/lessons/attention/real-model-text.js';
import { headRole, ROLES } from '../../web/lessons/attention/real-model-view.js';

// A built model script run as the page runs it: it calls window.__attnlab.defineData.
function builtModel(lang) {
  const file = path.join(root, 'dist', 'lessons', `model-${lang}.js`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/build-page.mjs\` first`);
  const got = {};
  // (through JSON: the sandbox's arrays have another prototype)
  const window = { __attnlab: { defineData: (name, value) => { got[name] = JSON.parse(JSON.stringify(value)); } } };
  vm.runInNewContext(fs.readFileSync(file, 'utf8'), { window });
  assert.deepEqual(Object.keys(got), [`model-${lang}`]);
  return { model: got[`model-${lang}`], gzip: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length };
}

const lab = await loadLab();
const built = Object.fromEntries(['en', 'zh-Hans'].map((lang) => [lang, builtModel(lang)]));

test('the built model scripts carry the committed weights and vocabulary, and the button says their size', () => {
  for (const [lang, { model, gzip }] of Object.entries(built)) {
    const json = JSON.parse(fs.readFileSync(path.join(root, 'web/lessons/attention/models', `${lang}.json`), 'utf8'));
    assert.deepEqual(model.vocab, json.vocab);
    assert.deepEqual(model.sizes, json.sizes);
    assert.deepEqual(model.weights.map((w) => [w.q, w.scale]), json.weights.map((w) => [w.q, w.scale]));
    assert.ok(Math.abs(MODEL_KB[lang] - gzip / 1000) < 1, `${lang}: the button says ${MODEL_KB[lang]} KB, the script is ${gzip / 1000} KB gzip`);
  }
});

test('the Chinese model reads characters outside its 500 (full-width ？！：；, rare characters, an emoji) as "other", and says which', () => {
  const { model } = built['zh-Hans'];
  const other = model.vocab.length;
  assert.equal(model.other, true);
  for (const c of '，。、') assert.ok(model.vocab.includes(c), `${c} in the vocabulary`);
  const r = readText(model, '床前明月光，疑是地上霜？！😀');
  assert.equal(r.tokens.length, 14, 'code points, not UTF-16 units');
  assert.deepEqual(r.unknown, ['床', '疑', '？', '！', '😀']);
  for (const c of r.unknown) assert.equal(r.tokens[r.chars.indexOf(c)], other);
  assert.equal(r.tokens[r.chars.indexOf('，')], model.vocab.indexOf('，'));
  // 64 emoji are 128 UTF-16 units but 64 characters: within the context.
  assert.equal(readText(model, '😀'.repeat(model.sizes.P)).tokens.length, model.sizes.P);
  assert.deepEqual(readText(model, '😀'.repeat(model.sizes.P + 1)), { error: 'rmTooLong', count: model.sizes.P + 1 });
  assert.deepEqual(readText(model, ''), { error: 'rmEmpty' });
});

test('the English model (no "other") lower-cases the text and leaves out what it does not know', () => {
  const { model } = built.en;
  assert.equal(model.other, false);
  const r = readText(model, 'The LORD 7 is');
  assert.equal(r.chars.join(''), 'the lord  is');
  assert.deepEqual(r.unknown, ['7']);
  assert.equal(r.lowered, true);
  assert.deepEqual(readText(model, '42'), { error: 'rmNothingLeft', unknown: ['4', '2'] });
});

test('the example sentences fit and run: patterns, scores, predictions and ablation as the section asks for them', () => {
  for (const [lang, { model }] of Object.entries(built)) {
    const params = modelParams(model);
    const { V, P, layers: L, heads: H } = model.sizes;
    const r = readText(model, DEFAULT_TEXT[lang]);
    assert.deepEqual(r.unknown, [], `${lang}: the example is in the vocabulary`);
    const n = r.tokens.length;
    assert.ok(n <= P);
    const fwd = lab.transformerForward([r.tokens], params);
    assert.equal(fwd.logits[0].length, n);
    assert.equal(fwd.logits[0][0].length, V);
    assert.equal(fwd.attention[0].length, L);
    for (const layer of fwd.attention[0]) {
      assert.equal(layer.length, H);
      for (const A of layer) { assert.equal(A.length, n); assert.equal(A[0].length, n); }
    }
    const scores = lab.headScores([r.tokens], fwd.attention);
    for (const k of ['previousToken', 'prefixMatch', 'firstToken', 'sameToken']) assert.deepEqual(scores[k].map((l) => l.length), Array(L).fill(H));
    const last = fwd.logits[0][n - 1];
    const p1 = lab.softmax(last, { temperature: 1 }), cold = lab.softmax(last, { temperature: 0.2 });
    assert.ok(Math.abs(p1.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    assert.ok(Math.max(...cold) > Math.max(...p1), 'a lower temperature sharpens');
    const data = { tokens: [r.tokens], targets: [r.tokens.slice(1).concat([-1])] };
    const base = lab.transformerLoss(data, params).loss;
    for (let l = 0; l < L; l++) {
      for (let h = 0; h < H; h++) {
        const without = lab.transformerLoss(data, params, { ablate: [[l, h]] }).loss;
        assert.ok(Number.isFinite(without) && without !== base, `${lang}: ablating ${l}.${h} changes the loss`);
      }
    }
  }
});

test("the ranking names a head after its largest score; NaN (no query it applies to) and scores below 0.2 name none", () => {
  const s = (prev, prefix, same, first) => ({ previousToken: [[prev]], prefixMatch: [[prefix]], sameToken: [[same]], firstToken: [[first]] });
  assert.deepEqual(ROLES, ['previousToken', 'prefixMatch', 'sameToken', 'firstToken']);
  assert.deepEqual(headRole(s(0.5, 0.6, 0.1, 0.2), 0, 0), { key: 'prefixMatch', score: 0.6 });
  assert.deepEqual(headRole(s(0.1, NaN, NaN, 0.7), 0, 0), { key: 'firstToken', score: 0.7 });
  assert.deepEqual(headRole(s(0.1, 0.05, 0.3, 0.2), 0, 0), { key: 'sameToken', score: 0.3 });
  assert.equal(headRole(s(0.19, NaN, 0.1, 0.05), 0, 0).key, 'none');
});

test("the circuits lesson's real pair: a passage of held-out text written twice, the best previous-token head and a later induction head by headScores", () => {
  for (const lang of ['en', 'zh-Hans']) {
    const { model } = built[lang];
    assert.equal(Array.from(model.heldout).length, 64, `${lang}: the model script carries 64 held-out characters`);
    const text = passage(model), chars = Array.from(text);
    assert.equal(chars.length, 20);
    assert.equal(chars.slice(0, 10).join(''), chars.slice(10).join(''), 'written twice');
    const tokens = encodeText(model, text);
    const { attention } = lab.transformerForward([tokens], modelParams(model));
    const scores = lab.headScores([tokens], attention);
    const pair = realPair(scores);
    assert.ok(pair.prev.l < pair.ind.l, `${lang}: the induction head is in a later layer`);
    const all = (k, layers) => layers.flatMap((l) => scores[k][l]);
    const L = scores.previousToken.length;
    assert.equal(pair.prev.value, Math.max(...all('previousToken', [...Array(L - 1).keys()])));
    assert.equal(pair.ind.value, Math.max(...all('prefixMatch', [...Array(L).keys()].filter((l) => l > pair.prev.l))));
    assert.equal(pair.found, pair.prev.value >= 0.3 && pair.ind.value >= 0.3);
    console.log(`# ${lang}: previous-token head ${pair.prev.l}.${pair.prev.k} (${pair.prev.value.toFixed(3)}), induction head ${pair.ind.l}.${pair.ind.k} (prefix match ${pair.ind.value.toFixed(3)}): ${pair.found ? 'found' : 'not found'}`);
  }
});
