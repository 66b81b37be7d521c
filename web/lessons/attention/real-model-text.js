// The learner's text for the real model (real-model.js), read as the model
// reads it: code points, not UTF-16 units; the English model (no "other"
// token) sees the text lower-cased and without the characters it does not
// know; the Chinese model reads an unknown character as "other" (id V - 1).
// No DOM: tests/js/real-model.test.mjs runs it in Node.
import { encodeText } from '../shared/text-model.js';

// The example sentences: a repeated phrase, so that induction can show.
export const DEFAULT_TEXT = {
  en: 'the lord is my shepherd; the lord is my shepherd.',
  'zh-Hans': '明月几时有，把酒问青天。明月几时有，把酒问青天。',
};

// {error, count?} when the text cannot be drawn (error: a string key of
// the lesson: rmEmpty, rmTooLong, rmNothingLeft), else {tokens, chars (one
// per token: the characters as typed, for the axes), unknown (distinct
// characters read as "other" or left out), lowered (the English text was
// changed by lower-casing)}.
export function readText(model, text) {
  const P = model.sizes.P;
  const typed = Array.from(text);
  if (!typed.length) return { error: 'rmEmpty' };
  if (typed.length > P) return { error: 'rmTooLong', count: typed.length };
  const known = new Set(model.vocab);
  const chars = model.other ? typed : Array.from(text.toLowerCase());
  const lowered = !model.other && chars.join('') !== text;
  const unknown = [...new Set(chars.filter((c) => !known.has(c)))];
  const kept = model.other ? chars : chars.filter((c) => known.has(c));
  if (!kept.length) return { error: 'rmNothingLeft', unknown };
  return { tokens: encodeText(model, kept.join('')), chars: kept, unknown, lowered };
}

// A character as an axis label or in a list: space and new line made visible.
export const showChar = (c) => (c === ' ' ? '␣' : c === '\n' ? '↵' : c);
