// The projections panel of the pipeline (sentence): one head's W_Q, W_K,
// W_V, editable, and the Q, K, V they give; typed numbers show a note instead.
import { h } from '../../ui/dom.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { prose } from '../shared/kit.js';
import { linkValues } from './inputs.js';
import { FEATURES } from './sentence.js';
import schema from './params.js';

// word(i): a row's token; onCell: a cell of Q, K or V pointed at.
export function projectionPanel({ t, lang, values, set, word, onCell }) {
  const feat = (j) => t(`feature.${FEATURES[j]}`);
  const editors = Object.fromEntries(['Wq', 'Wk', 'Wv'].map((name) => [name, createMatrixEditor({
    label: t(`${name}label`), t, rowLabel: feat, spec: schema.params[name],
    onChange: (m) => { const sent = { ...values.sent, [name]: m }; set({ sent, ...linkValues({ ...values, sent }, lang) }); },
  })]));
  const views = Object.fromEntries(['Q', 'K', 'V'].map((name) => [name, createMatrixView({
    caption: t(`proj.${name}`), name: `proj-${name}`, color: 'signed', digits: 3, rowLabel: word, onCell,
  })]));
  const sentence = h('div', { class: 'proj-sentence' },
    prose(t('projText')),
    h('p', { class: 'note' }, t('editHint')),
    h('div', { class: 'row' }, editors.Wq.el, editors.Wk.el, editors.Wv.el),
    h('div', { class: 'row' }, views.Q.el, views.K.el, views.V.el));
  const numbers = h('p', { class: 'note proj-numbers' }, t('projNumbers'));
  const el = h('div', { class: 'panel pipeline-panel proj-panel', 'data-ex': 'project' },
    h('h2', { class: 'h-small' }, t('projHeading')), sentence, numbers);
  return { el, editors, views, sentence, numbers };
}
