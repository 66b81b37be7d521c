// Inputs of the attention lesson. Two sources (params.js `src`):
// - 'sentence': tokens of a sentence, their embeddings X (named features,
//   editable), and one head's W_Q, W_K, W_V (editable); the core computes
//   Q = X W_Q, K = X W_K, V = X W_V (lab.selfAttention).
// - 'numbers': Q, K, V typed in or drawn from the seed (n, dk, dv, seed).
// A link that carries Q, K or V opens in 'numbers' (links from before the
// sentence keep their meaning).
import { seeded } from '../shared/inputs.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import schema from './params.js';
import { tokenize, embed, HEADS, DEFAULT_SENTENCE, MAX_TOKENS, D_MODEL, D_HEAD } from './sentence.js';

export const exampleSentence = (lang) => DEFAULT_SENTENCE[lang] || DEFAULT_SENTENCE.en;

const ok = (m, r, c) => !!m && m.length === r && m[0].length === c;

export const isNumbers = (values) => values.src === 'numbers' || !!(values.Q || values.K || values.V);

// Q, K, V of the 'numbers' source: from the URL when valid and consistent,
// else from the seed.
export function initialInputs(values) {
  const { n, dk, dv, seed } = values;
  const fromSeed = seeded(seed, n, dk, dv);
  return {
    Q: ok(values.Q, n, dk) ? values.Q : fromSeed.Q,
    K: ok(values.K, n, dk) ? values.K : fromSeed.K,
    V: ok(values.V, n, dv) ? values.V : fromSeed.V,
  };
}

// The sentence source: {text, tokens, unknown, tooLong, dropped, X, Wq,
// Wk, Wv}. X from the URL when it has one row per token, else the
// vocabulary's features. A text with no vocabulary word (a link's "xyz",
// only separators, or an English sentence carried over to the Chinese page)
// falls back to the example sentence and names what it left out in dropped:
// the lesson says so instead of failing to start on zero tokens.
export function sentenceInputs(values, lang) {
  const example = exampleSentence(lang);
  let text = values.text || example;
  let { tokens, unknown } = tokenize(text, lang);
  let dropped = null;
  if (!tokens.length) {
    dropped = text;
    text = example;
    ({ tokens, unknown } = tokenize(text, lang));
  }
  let tooLong = false;
  if (tokens.length > MAX_TOKENS) { tokens = tokens.slice(0, MAX_TOKENS); tooLong = true; }
  const X = ok(values.X, tokens.length, D_MODEL) ? values.X : embed(tokens, lang);
  const W = (name, dflt) => (ok(values[name], D_MODEL, D_HEAD) ? values[name] : dflt.map((r) => r.slice()));
  return { text, tokens, unknown, tooLong, dropped, X, Wq: W('Wq', HEADS[0].Wq), Wk: W('Wk', HEADS[0].Wk), Wv: W('Wv', HEADS[0].Wv) };
}

export function createEditors(t, tokenLabel, onChange) {
  const make = (name) => createMatrixEditor({ label: t(`${name}label`), t, rowLabel: tokenLabel, spec: schema.params[name], onChange: (m) => onChange(name, m) });
  return { Q: make('Q'), K: make('K'), V: make('V') };
}

// The URL parameters of the inputs in use. Numbers the seed gives, the
// example sentence and the vocabulary's X stay out of the link (it stays short).
export function linkValues({ numbers, sent, num, seed, causal }, lang) {
  const [n, dk, dv] = [num.Q.length, num.Q[0].length, num.V[0].length];
  const drawn = JSON.stringify(num) === JSON.stringify(seeded(seed, n, dk, dv));
  const text = sent.text === exampleSentence(lang) ? null : sent.text;
  const X = JSON.stringify(sent.X) === JSON.stringify(embed(sent.tokens, lang)) ? null : sent.X;
  const common = { causal, text, X, Wq: sent.Wq, Wk: sent.Wk, Wv: sent.Wv };
  return numbers
    ? { ...common, src: 'numbers', n, dk, dv, seed, Q: drawn ? null : num.Q, K: drawn ? null : num.K, V: drawn ? null : num.V }
    : { ...common, src: 'sentence', Q: null, K: null, V: null };
}

// A new size keeps every entry that still fits, row by row (redrawing
// from the seed at the new size re-flowed Q's last rows into K and V,
// and lost what was typed); only new entries come from the seed.
export function resized(num, seed, patch) {
  const want = { n: num.Q.length, dk: num.Q[0].length, dv: num.V[0].length, ...patch };
  const fresh = seeded(seed, want.n, want.dk, want.dv);
  const keep = (M, F) => F.map((row, i) => row.map((x, j) => (M[i] && j < M[i].length ? M[i][j] : x)));
  return { Q: keep(num.Q, fresh.Q), K: keep(num.K, fresh.K), V: keep(num.V, fresh.V) };
}

// The query shown first: the pronoun ("it"), whose row tells the story.
export function defaultQuery(sent) {
  const k = sent.tokens.findIndex((w) => w === 'it' || w === '它');
  return k >= 0 ? k : 0;
}

// The name of token i: its word, or "token 1", "token 2", ... for typed numbers.
export const tokenWord = ({ numbers, sent }, t, i) => (!numbers && sent.tokens[i]) || `${t('token')} ${i + 1}`;
