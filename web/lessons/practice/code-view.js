// The NumPy section: the Python that reproduces every number, and what it
// prints; greyed (pr-stale) while an input is wrong.
import { h } from '../../ui/dom.js';
import { createCodeBlock } from './code.js';
import { numpyStr } from './numpy.js';
import { pythonCode } from './python.js';

export function codeSection({ t, error }) {
  const pyBlock = createCodeBlock({ title: t('codeTitle'), t });
  const printsId = 'practice-prints';
  const prints = h('pre', { class: 'code pr-prints', tabindex: '0', 'aria-labelledby': `${printsId}-title` });
  const grid = h('div', { class: 'pr-code-grid' },
    pyBlock.el,
    h('div', { class: 'pr-prints-box' },
      h('h3', { id: `${printsId}-title`, class: 'pr-code-title' }, t('printsTitle')),
      prints,
      h('p', { class: 'note' }, t('printsNote'))));
  const el = h('section', { class: 'pr-numpy', 'data-ex': 'numpy', 'aria-labelledby': 'practice-numpy-h' },
    h('h2', { id: 'practice-numpy-h' }, t('numpyHeading')),
    h('p', {}, t('numpyIntro')),
    h('p', { class: 'note pr-fix' }, h('strong', {}, t('softmaxNoteLead')), ' ', t('softmaxNote')),
    grid);
  return {
    el,
    reads: ['shown', 'att'],
    draw(v, changed) {
      el.classList.toggle('pr-stale', !!error('att'));
      const res = v.shown;
      if (!res || (changed && !changed.has('shown'))) return;
      pyBlock.set(pythonCode(res, t));
      prints.textContent = `${t('py.weights')}\n${numpyStr(res.weights)}\n${t('py.output')}\n${numpyStr(res.output)}`;
      // Wide printouts go below the code instead of beside it.
      grid.classList.toggle('pr-stack', Math.max(...prints.textContent.split('\n').map((l) => l.length)) > 44);
    },
    destroy: () => pyBlock.destroy(),
  };
}
