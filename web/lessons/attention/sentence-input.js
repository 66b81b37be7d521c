// The sentence inputs of the attention lesson (src 'sentence'): a text
// field, the vocabulary as buttons, presets, and the embeddings X, editable.
import { h } from '../../ui/dom.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { prose } from '../shared/kit.js';
import { sentenceInputs, defaultQuery, tokenWord, exampleSentence } from './inputs.js';
import { FEATURES, vocabulary, TWO_ANIMALS, MAX_TOKENS, embed, tokenize } from './sentence.js';
import schema from './params.js';

// apply(patch, focus): a change of the inputs; refocus(i): the cell explained
// for query i; sent: the sentence at the start (its text, what was dropped or unknown).
export function sentencePart({ t, lang, values, apply, refocus, sent }) {
  const feat = (j) => t(`feature.${FEATURES[j]}`);
  const word = (i) => tokenWord(values, t, i);
  const listWords = (words) => words.join(lang === 'zh-Hans' ? '、' : ', ');
  const sentErr = h('p', { class: 'error-box', role: 'alert', hidden: true });
  const showSentErr = (msg) => { sentErr.textContent = msg; sentErr.hidden = !msg; };
  // A link's text with no vocabulary word, unknown words or too many are said.
  if (sent.dropped) showSentErr(t('sentenceFallback', { text: sent.dropped.slice(0, 40) }));
  else if (sent.unknown.length) showSentErr(t('sentenceUnknown', { words: listWords(sent.unknown) }));
  else if (sent.tooLong) showSentErr(t('sentenceTooLong', { n: MAX_TOKENS }));

  const textInput = h('input', { type: 'text', class: 'sentence-input', value: sent.text, maxlength: String(schema.params.text.maxLength), spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'att-sentence-msg' });
  sentErr.id = 'att-sentence-msg';
  const applyText = (text) => {
    const clean = text.replace(/[^A-Za-z\u4e00-\u9fff ,.，。]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, schema.params.text.maxLength);
    textInput.value = clean;
    const { tokens, unknown } = tokenize(clean, lang);
    if (!tokens.length) { showSentErr(t('sentenceEmpty')); return; }
    const { Wq, Wk, Wv } = values.sent;
    const next = sentenceInputs({ text: clean, X: null, Wq, Wk, Wv }, lang);
    showSentErr(unknown.length ? t('sentenceUnknown', { words: listWords(unknown) }) : next.tooLong ? t('sentenceTooLong', { n: MAX_TOKENS }) : '');
    apply({ sent: next }, refocus(defaultQuery(next)));
  };
  textInput.addEventListener('change', () => applyText(textInput.value));
  textInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') applyText(textInput.value); });
  const vocab = h('div', { class: 'vocab', role: 'group', 'aria-label': t('vocabLabel') },
    ...vocabulary(lang).map(([w]) => h('button', {
      type: 'button', class: 'btn btn-small vocab-word', title: embed([w], lang)[0].map((v, f) => (v ? feat(f) : '')).filter(Boolean).join(' · '),
      onclick: () => applyText(`${textInput.value}${lang === 'zh-Hans' ? '' : ' '}${w}`),
    }, w)));
  const button = (cls, label, onclick) => h('button', { type: 'button', class: `btn btn-small${cls}`, onclick }, label);
  const resetText = button('', t('sentenceReset'), () => applyText(exampleSentence(lang)));
  const twoAnimals = button(' preset-two', t('presetTwo'), () => applyText(TWO_ANIMALS[lang] || TWO_ANIMALS.en));
  const clearText = button('', t('sentenceClear'), () => { textInput.value = ''; textInput.focus(); });
  const xEditor = createMatrixEditor({ label: t('Xlabel'), t, rowLabel: word, colLabel: feat, spec: schema.params.X, onChange: (m) => apply({ sent: { ...values.sent, X: m } }) });
  const resetX = button('', t('resetX'), () => apply({ sent: { ...values.sent, X: embed(values.sent.tokens, lang) } }));

  const el = h('div', { class: 'sentence-part' },
    h('label', { class: 'sentence-label' }, t('sentenceLabel'), textInput),
    h('div', { class: 'controls' }, resetText, twoAnimals, clearText),
    sentErr,
    h('p', { class: 'note' }, t('vocabHint')), vocab,
    h('div', { class: 'positions-note' }, prose(t('positionsText'))),
    h('h2', { class: 'h-small' }, t('embHeading')),
    prose(t('embText')),
    h('div', { class: 'scroll-x' }, xEditor.el), h('div', { class: 'controls' }, resetX));
  return { el, draw: (s) => xEditor.set(s.X) };
}
