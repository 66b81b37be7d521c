// The attention lesson's sentence: a small vocabulary in each language whose
// embeddings are a few named features a learner can read (0 or 1 each), the
// hand-made projections of four attention heads over those features, and
// the output matrix W_O. Nothing here is computed: the products X·W_Q,
// the scores, the weights and the outputs all come from the core.
//
// Shapes: X: n x D (D = FEATURES.length = 6), each head's W_Q, W_K, W_V:
// D x 2, W_O: 2h x D.

// The features, in the columns of X (names in strings.json: feature.<id>).
export const FEATURES = ['thing', 'animate', 'pronoun', 'action', 'state', 'function'];
export const D_MODEL = FEATURES.length;
export const D_HEAD = 2;

const F = (...on) => FEATURES.map((f) => (on.includes(f) ? 1 : 0));

// word -> features, per language. Words of one meaning share their features.
const KINDS = {
  cat: F('thing', 'animate'), dog: F('thing', 'animate'), bird: F('thing', 'animate'),
  mat: F('thing'), sofa: F('thing'), box: F('thing'),
  sat: F('action'), slept: F('action'), ran: F('action'), was: F('action'),
  it: F('pronoun'),
  tired: F('state'), happy: F('state'), hungry: F('state'),
  fn: F('function'),
};
export const VOCAB = {
  en: {
    the: 'fn', a: 'fn', on: 'fn', under: 'fn', because: 'fn', and: 'fn', very: 'fn',
    cat: 'cat', dog: 'dog', bird: 'bird', mat: 'mat', sofa: 'sofa', box: 'box',
    sat: 'sat', slept: 'slept', ran: 'ran', was: 'was', it: 'it',
    tired: 'tired', happy: 'happy', hungry: 'hungry',
  },
  'zh-Hans': {
    小猫: 'cat', 小狗: 'dog', 小鸟: 'bird', 垫子: 'mat', 沙发: 'sofa', 盒子: 'box',
    坐: 'sat', 睡: 'slept', 跑: 'ran', 它: 'it',
    累: 'tired', 开心: 'happy', 饿: 'hungry',
    在: 'fn', 上: 'fn', 下: 'fn', 因为: 'fn', 了: 'fn', 很: 'fn', 和: 'fn', 的: 'fn',
  },
};
export const DEFAULT_SENTENCE = {
  en: 'the cat sat on the mat because it was tired',
  'zh-Hans': '小猫坐在垫子上因为它累了',
};
// Two animate nouns: their feature rows are identical, so "it" splits its
// attention between them (the lesson says why real models need positions).
export const TWO_ANIMALS = {
  en: 'the cat and the dog ran because it was hungry',
  'zh-Hans': '小猫和小狗跑了因为它饿了',
};
export const MAX_TOKENS = 12;

const vocabOf = (lang) => (Object.hasOwn(VOCAB, lang) ? VOCAB[lang] : VOCAB.en);
// Own entries only: a plain lookup finds "constructor" (and every other
// Object.prototype name) in any vocabulary, and then has no features for it.
const kindOf = (w, lang) => { const v = vocabOf(lang); return Object.hasOwn(v, w) ? v[w] : null; };
export const inVocabulary = (w, lang) => kindOf(w, lang) !== null;

// Text -> {tokens, unknown}. English: words separated by spaces (case and
// punctuation ignored). Chinese: the longest vocabulary word at each place
// (spaces and punctuation ignored), so "小猫坐在垫子上" needs no spaces.
export function tokenize(text, lang) {
  const vocab = vocabOf(lang);
  const tokens = [];
  const unknown = [];
  if (lang === 'zh-Hans') {
    const s = text.replace(/[\s，。、,.!?！？]/g, '');
    const words = Object.keys(vocab).sort((a, b) => b.length - a.length);
    let run = '';  // consecutive characters no word starts with, named together
    for (let k = 0; k < s.length;) {
      const w = words.find((x) => s.startsWith(x, k));
      if (w) { if (run) unknown.push(run); run = ''; tokens.push(w); k += w.length; } else { run += s[k]; k += 1; }
    }
    if (run) unknown.push(run);
  } else {
    for (const raw of text.toLowerCase().split(/[\s,.!?;:]+/)) {
      if (!raw) continue;
      if (inVocabulary(raw, lang)) tokens.push(raw); else unknown.push(raw);
    }
  }
  return { tokens, unknown };
}

// Tokens -> X (n x D): each row the token's features.
// A word outside the vocabulary (tokenize never gives one) has no feature.
export const embed = (tokens, lang) => tokens.map((w) => (kindOf(w, lang) ? KINDS[kindOf(w, lang)].slice() : F()));

// The vocabulary as [[word, kind]] (for the list the lesson shows).
export const vocabulary = (lang) => Object.entries(vocabOf(lang));

// Rows of a D x 2 matrix given by feature: {pronoun: [3, 0]} -> matrix.
const W = (rows) => FEATURES.map((f) => (rows[f] || [0, 0]).slice());

// Four heads, each a question a token asks (W_Q), what a token answers
// with (W_K), and what it passes on (W_V). Head 1 is also the single head
// of the lesson's step-by-step part.
export const HEADS = [
  { id: 'who',  // "it" and "tired" ask "who?"; animate words answer.
    Wq: W({ pronoun: [3, 0], state: [0, 2] }), Wk: W({ animate: [3, 2] }), Wv: W({ thing: [1, 0], animate: [0, 1] }) },
  { id: 'same',  // words look for words of their own kind.
    Wq: W({ thing: [2, 0], function: [0, 2] }), Wk: W({ thing: [2, 0], function: [0, 2] }), Wv: W({ thing: [1, 0], function: [0, 1] }) },
  { id: 'action',  // things look for the action, actions for the things.
    Wq: W({ thing: [2, 0], pronoun: [2, 0], action: [0, 2] }), Wk: W({ action: [2, 0], thing: [0, 2] }), Wv: W({ action: [1, 0], thing: [0, 1] }) },
  { id: 'state',  // the living and "it" look for how they are.
    Wq: W({ animate: [2, 0], pronoun: [2, 0] }), Wk: W({ state: [2, 0] }), Wv: W({ state: [1, 0], animate: [0, 1] }) },
];

// W_O (2h x D): head k's two output columns written back onto two features,
// at half strength.
const OUT = { who: ['thing', 'animate'], same: ['thing', 'function'], action: ['action', 'thing'], state: ['state', 'animate'] };
export function outputMatrix(h) {
  const rows = [];
  for (const hd of HEADS.slice(0, h))
    for (const f of OUT[hd.id]) rows.push(FEATURES.map((g) => (g === f ? 0.5 : 0)));
  return rows;
}
