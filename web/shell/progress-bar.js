// The lesson's progress line under its summary: steps seen, exercises
// answered and correct, and "reset my answers".
import { h } from '../core/dom.js';

export function progressBar({ t, onReset }) {
  const text = h('span', { class: 'lp-text', 'aria-live': 'polite' });
  const reset = h('button', { type: 'button', class: 'btn btn-small lp-reset', onclick: onReset }, t('ex.reset'));
  const el = h('p', { class: 'lesson-progress' }, text, ' ', reset);
  return {
    el,
    update(s) {
      const parts = [];
      if (s.steps) parts.push(t('ex.stepsSeen', { seen: s.stepsSeen, n: s.steps }));
      if (s.exercises) parts.push(t('ex.exercisesDone', { answered: s.answered, correct: s.correct, n: s.exercises }));
      text.textContent = parts.join(' · ');
      reset.hidden = !s.answered;
      el.hidden = !parts.length;
      el.dataset.completed = String(s.completed);
    },
  };
}
