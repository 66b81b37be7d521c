// The attention lesson's inputs: where Q, K, V come from (inputs.js), the
// sentence with its vocabulary, embeddings X and one head's W (src
// 'sentence': sentence-input.js), or the sizes, seed and typed Q, K, V
// (src 'numbers': numbers-input.js), and the causal mask. The panel keeps
// sent, num and numbers in the store and writes what a link needs
// (linkValues) with them.
import { h } from '../../ui/dom.js';
import { select, errorSlot } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';
import { initialInputs, sentenceInputs, isNumbers, linkValues, defaultQuery } from './inputs.js';
import { sentencePart } from './sentence-input.js';
import { numbersPart } from './numbers-input.js';
import schema from './params.js';

export function inputPanelSection({ t, lang, values, set, control, error }) {
  // A change of the inputs: in the store, and in the link; focus: the cell explained then.
  const apply = (patch, focus) => {
    const next = { ...values, ...patch };
    set({ ...patch, ...(focus ? { focus } : {}), ...linkValues(next, lang) });
  };
  const refocus = (i) => ({ name: values.focus.name, i, j: 0 });
  const err = errorSlot();

  // The inputs at the start.
  const sent = sentenceInputs(values, lang);
  const num = initialInputs(values);
  set({ numbers: isNumbers(values), sent, num });

  // Source of Q, K, V. num keeps its own sizes: n, dk, dv were the
  // sentence's (10 × 2) here, and numbers drawn at those sizes disagreed with the selectors.
  const srcSelect = select({
    label: t('srcLabel'), value: values.numbers ? 'numbers' : 'sentence',
    options: schema.params.src.values.map((v) => [v, t(v === 'numbers' ? 'srcNumbers' : 'srcSentence')]),
    onChange: (v) => apply({ numbers: v === 'numbers' }, refocus(v === 'numbers' ? 0 : defaultQuery(values.sent))),
  });
  const causalToggle = control('causal', { label: t('causal') });
  const sentence = sentencePart({ t, lang, values, apply, refocus, sent });
  const numbers = numbersPart({ t, values, apply, refocus, num });

  return {
    el: h('div', { class: 'panel att-input' },
      h('div', { class: 'controls' }, srcSelect.el, causalToggle.el),
      sentence.el, numbers.el, err),
    reads: ['numbers', 'sent', 'num', 'run'],
    draw({ numbers: isNum, sent: s, num: m }) {
      sentence.el.hidden = isNum;
      numbers.el.hidden = !isNum;
      srcSelect.select.value = isNum ? 'numbers' : 'sentence';
      showError(err, t, error('run'));
      if (isNum) numbers.draw(m); else sentence.draw(s);
    },
  };
}
