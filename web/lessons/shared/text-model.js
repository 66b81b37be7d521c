// The course's text models (web/lessons/attention/models/{en,zh-Hans}.json,
// written by npm run train-models; REPORT.md there says how; loaded by a
// lesson as data: loadData('model-<lang>')) turned into what the API takes:
// params for transformerForward / transformerLoss / trainTransformer /
// headScores, and token ids for a text. The attention and circuits lessons
// use them.
//
//   model.weights[k] = {name, rows, cols, scale, q}: int8 q (base64,
//   row-major), w = q * scale; in theta's order: embed, pos, per layer and
//   head Wq Wk Wv Wo, unembed.
//   model.vocab: token id -> character; model.other: one more id
//   (vocab.length) for every other character.

function int8s(b64) {
  const bin = atob(b64);
  const out = new Int8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = (bin.charCodeAt(i) << 24) >> 24;
  return out;
}

// One weight matrix, dequantized: rows x cols as arrays of numbers.
export function dequantize(w) {
  const q = int8s(w.q);
  if (q.length !== w.rows * w.cols) throw new Error(`model: ${w.name} has ${q.length} entries, not ${w.rows} x ${w.cols}`);
  return Array.from({ length: w.rows }, (_, r) => Array.from(q.subarray(r * w.cols, (r + 1) * w.cols), (x) => x * w.scale));
}

// The model's params {embed, pos, layers[l][h] = {Wq, Wk, Wv, Wo}, unembed}.
export function modelParams(model) {
  const { layers: L, heads: H } = model.sizes;
  const mats = model.weights.map(dequantize);
  if (mats.length !== 3 + 4 * L * H) throw new Error(`model: ${mats.length} weight matrices for ${L} x ${H} heads`);
  let k = 2;
  const layers = Array.from({ length: L }, () => Array.from({ length: H }, () => {
    const [Wq, Wk, Wv, Wo] = mats.slice(k, k += 4);
    return { Wq, Wk, Wv, Wo };
  }));
  return { embed: mats[0], pos: mats[1], layers, unembed: mats[mats.length - 1] };
}

// A text's token ids (by code point; "other" for a character outside the vocabulary).
export function encodeText(model, text) {
  const ids = new Map(model.vocab.map((c, k) => [c, k]));
  return Array.from(text, (c) => ids.get(c) ?? (model.other ? model.vocab.length : -1)).map((t) => {
    if (t < 0) throw new Error('model: a character outside the vocabulary (and no "other" token)');
    return t;
  });
}

// A token id's character ("other" shown as fallback).
export function tokenText(model, id, fallback = '\u25A1') {
  return id < model.vocab.length ? model.vocab[id] : fallback;
}
