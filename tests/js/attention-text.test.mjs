// The attention lesson's sentence source (web/lessons/attention/inputs.js
// sentenceInputs): every text a link may carry either gives words of the
// vocabulary or falls back to the example sentence and names what it left
// out; the page shows that name in its message (tests/e2e/attention-hard-cases
// checks the message on two of these texts in each language).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sentenceInputs } from '../../web/lessons/attention/inputs.js';
import { DEFAULT_SENTENCE, MAX_TOKENS } from '../../web/lessons/attention/sentence.js';

const EXAMPLE = {
  en: ['the', 'cat', 'sat', 'on', 'the', 'mat', 'because', 'it', 'was', 'tired'],
  'zh-Hans': ['小猫', '坐', '在', '垫子', '上', '因为', '它', '累', '了'],
};
// text= values as a link decodes them: no word, an Object.prototype name,
// separators only (ASCII and full-width), an English sentence on the Chinese page.
const NO_WORD = ['xyz', 'constructor', ',', '. ,', '，。', 'the dog ran'];

test('a text with no vocabulary word falls back to the example sentence and names what it left out', () => {
  for (const lang of ['en', 'zh-Hans']) {
    assert.ok(DEFAULT_SENTENCE[lang], `an example sentence for ${lang}`);
    for (const text of NO_WORD) {
      if (lang === 'en' && text === 'the dog ran') continue;  // a sentence on the English page
      const r = sentenceInputs({ text }, lang);
      assert.deepEqual(r.tokens, EXAMPLE[lang], `${lang} text=${JSON.stringify(text)}`);
      assert.equal(r.dropped, text, `${lang} text=${JSON.stringify(text)}: named`);
      assert.equal(r.X.length, r.tokens.length);
    }
  }
});

test('a text with vocabulary words keeps them (unknown ones named, at most 12 words)', () => {
  const r = sentenceInputs({ text: 'The cat constructor, sat!' }, 'en');
  assert.deepEqual([r.tokens, r.unknown, r.dropped, r.tooLong], [['the', 'cat', 'sat'], ['constructor'], null, false]);
  const z = sentenceInputs({ text: '小猫，坐在垫子上。' }, 'zh-Hans');
  assert.deepEqual([z.tokens, z.dropped], [['小猫', '坐', '在', '垫子', '上'], null]);
  const long = sentenceInputs({ text: 'the cat sat on the mat and the dog sat on the sofa because it was tired' }, 'en');
  assert.equal(long.tokens.length, MAX_TOKENS);
  assert.ok(long.tooLong);
});
