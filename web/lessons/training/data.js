// The data: a task and one of its sequences, the tokens with the targets
// the task asks for, and the sequence embedded as X = [one-hot token |
// one-hot position].
import { h } from '../../ui/dom.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import schema from './params.js';
import { TOKENS, V, TASK_IDS, taskData } from './tasks.js';

const SEQ = schema.params.seq;

export function dataSection({ t, values, control }) {
  const task = control('task', { label: t('task'), options: TASK_IDS.map((k) => [k, t(`tasks.${k}`)]) });
  const seq = control('seq', { label: t('sequence'), options: Array.from({ length: SEQ.max - SEQ.min + 1 }, (_, b) => [b + SEQ.min, String(b + SEQ.min)]) });
  const tokensLine = h('p', { class: 'tr-tokens', 'aria-live': 'polite' });
  const taskText = h('p', { class: 'note' });
  const xView = createMatrixView({ caption: t('xCaption'), name: 'X', color: 'none', digits: 1,
    rowLabel: (i) => t('posToken', { i: i + 1, tok: TOKENS[taskData(values.task).tokens[values.seq - 1][i]] }),
    colLabel: (j) => (j < V ? TOKENS[j] : t('posCol', { i: j - V + 1 })) });

  return {
    el: h('div', { class: 'panel', 'data-ex': 'data', 'data-part': 'embed' },
      h('div', { class: 'controls' }, task.el, seq.el),
      tokensLine, taskText, h('div', { class: 'tr-scroll' }, xView.el)),
    reads: ['task', 'seq'],
    draw(v) {
      const d = taskData(v.task);
      const toks = d.tokens[v.seq - 1], tg = d.targets[v.seq - 1];
      const name = (c) => (v.task === 'match' ? t('posName', { i: c + 1 }) : TOKENS[c]);
      tokensLine.textContent = t('tokensLine', { tokens: toks.map((x) => TOKENS[x]).join(' '), targets: tg.map(name).join(' ') });
      taskText.textContent = t(`taskText.${v.task}`);
      xView.set(d.X[v.seq - 1]);
    },
  };
}
