// The attention lesson's inputs: where Q, K, V come from (inputs.js), the
// sentence with its vocabulary, embeddings X and one head's W (src
// 'sentence'), or the sizes, seed and typed Q, K, V (src 'numbers'), and
// the causal mask. The panel keeps sent, num and numbers in the store and
// writes what a link needs (linkValues) with them.
import { h } from '../../ui/dom.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { prose, select, errorSlot } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';
import { seeded, sizeSelect } from '../shared/inputs.js';
import { initialInputs, sentenceInputs, isNumbers, createEditors, linkValues, resized, defaultQuery, tokenWord, exampleSentence } from './inputs.js';
import { FEATURES, vocabulary, TWO_ANIMALS, MAX_TOKENS, embed, tokenize } from './sentence.js';
import schema from './params.js';

const { n: N, dk: DK, dv: DV, seed: SEED } = schema.params;

export function inputPanelSection({ t, lang, values, set, control, error }) {
  const feat = (j) => t(`feature.${FEATURES[j]}`);
  const word = (i) => tokenWord(values, t, i);
  const listWords = (words) => words.join(lang === 'zh-Hans' ? '、' : ', ');
  // A change of the inputs: in the store, and in the link; focus: the cell explained then.
  const apply = (patch, focus) => {
    const next = { ...values, ...patch };
    set({ ...patch, ...(focus ? { focus } : {}), ...linkValues(next, lang) });
  };
  const refocus = (i) => ({ name: values.focus.name, i, j: 0 });

  const err = errorSlot();
  const sentErr = h('p', { class: 'error-box', role: 'alert', hidden: true });
  const showSentErr = (msg) => { sentErr.textContent = msg; sentErr.hidden = !msg; };

  // The inputs at the start: a link's text with no vocabulary word, unknown words or too many are said.
  const sent = sentenceInputs(values, lang);
  const num = initialInputs(values);
  set({ numbers: isNumbers(values), sent, num });
  if (sent.dropped) showSentErr(t('sentenceFallback', { text: sent.dropped.slice(0, 40) }));
  else if (sent.unknown.length) showSentErr(t('sentenceUnknown', { words: listWords(sent.unknown) }));
  else if (sent.tooLong) showSentErr(t('sentenceTooLong', { n: MAX_TOKENS }));

  // Source of Q, K, V. num keeps its own sizes: n, dk, dv were the
  // sentence's (10 × 2) here, and numbers drawn at those sizes disagreed with the selectors.
  const srcSelect = select({
    label: t('srcLabel'), value: values.numbers ? 'numbers' : 'sentence',
    options: schema.params.src.values.map((v) => [v, t(v === 'numbers' ? 'srcNumbers' : 'srcSentence')]),
    onChange: (v) => apply({ numbers: v === 'numbers' }, refocus(v === 'numbers' ? 0 : defaultQuery(values.sent))),
  });
  const causalToggle = control('causal', { label: t('causal') });

  // The sentence: a text field, the vocabulary as buttons, X.
  const textInput = h('input', { type: 'text', class: 'sentence-input', value: sent.text, maxlength: String(schema.params.text.maxLength), spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'att-sentence-msg' });
  sentErr.id = 'att-sentence-msg';
  const applyText = (text) => {
    const clean = text.replace(/[^A-Za-z\u4e00-\u9fff ,.，。]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, schema.params.text.maxLength);
    textInput.value = clean;
    const { tokens, unknown } = tokenize(clean, lang);
    if (!tokens.length) { showSentErr(t('sentenceEmpty')); return; }
    const { Wq, Wk, Wv } = values.sent;
    const sent = sentenceInputs({ text: clean, X: null, Wq, Wk, Wv }, lang);
    showSentErr(unknown.length ? t('sentenceUnknown', { words: listWords(unknown) }) : sent.tooLong ? t('sentenceTooLong', { n: MAX_TOKENS }) : '');
    apply({ sent }, refocus(defaultQuery(sent)));
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

  // Typed numbers: sizes (their <label>s, each holding its <select>), seed, Q, K, V editors.
  const editors = createEditors(t, word, (name, m) => apply({ num: { ...values.num, [name]: m } }));
  const seedInput = h('input', { type: 'number', min: String(SEED.min), max: String(SEED.max), value: String(values.seed), 'aria-label': t('common.seed'), class: 'seed' });
  // A new seed: new numbers at the current sizes.
  const regenerate = (seed) => {
    seedInput.value = String(seed);
    apply({ seed, num: seeded(seed, values.num.Q.length, values.num.Q[0].length, values.num.V[0].length) }, refocus(0));
  };
  seedInput.addEventListener('change', () => {
    const s = Number(seedInput.value);
    if (Number.isInteger(s) && s >= SEED.min && s <= SEED.max) regenerate(s); else seedInput.value = String(values.seed);
  });
  const randomize = h('button', { type: 'button', class: 'btn', onclick: () => regenerate((values.seed + 1) % (SEED.max + 1)) }, t('common.randomize'));
  const size = (label, name, spec, k) => sizeSelect(t(label), k, spec.min, spec.max, (v) => apply({ num: resized(values.num, values.seed, { [name]: v }) }));

  const sizes = {
    n: size('nLabel', 'n', N, num.Q.length), dk: size('dkLabel', 'dk', DK, num.Q[0].length), dv: size('dvLabel', 'dv', DV, num.V[0].length),
  };
  const sentencePart = h('div', { class: 'sentence-part' },
    h('label', { class: 'sentence-label' }, t('sentenceLabel'), textInput),
    h('div', { class: 'controls' }, resetText, twoAnimals, clearText),
    sentErr,
    h('p', { class: 'note' }, t('vocabHint')), vocab,
    h('div', { class: 'positions-note' }, prose(t('positionsText'))),
    h('h2', { class: 'h-small' }, t('embHeading')),
    prose(t('embText')),
    h('div', { class: 'scroll-x' }, xEditor.el), h('div', { class: 'controls' }, resetX));
  const numbersPart = h('div', { class: 'numbers-part' },
    h('div', { class: 'controls' }, sizes.n, sizes.dk, sizes.dv, h('label', {}, t('common.seed'), seedInput), randomize),
    h('p', { class: 'note' }, t('editHint')),
    h('div', { class: 'row' }, editors.Q.el, editors.K.el, editors.V.el));

  return {
    el: h('div', { class: 'panel att-input' },
      h('div', { class: 'controls' }, srcSelect.el, causalToggle.el),
      sentencePart, numbersPart, err),
    reads: ['numbers', 'sent', 'num', 'run'],
    draw({ numbers, sent: s, num: m }) {
      sentencePart.hidden = numbers;
      numbersPart.hidden = !numbers;
      srcSelect.select.value = numbers ? 'numbers' : 'sentence';
      showError(err, t, error('run'));
      if (numbers) {
        editors.Q.set(m.Q); editors.K.set(m.K); editors.V.set(m.V);
        const now = { n: m.Q.length, dk: m.Q[0].length, dv: m.V[0].length };
        for (const [k, v] of Object.entries(now)) sizes[k].querySelector('select').value = String(v);
      } else {
        xEditor.set(s.X);
      }
    },
  };
}
