// The lesson's progress line under its summary: steps seen, exercises
// answered and correct, and "reset my answers". Resetting takes every mark
// (and the score the course's LMS holds), so it asks first, in the page:
// a sandboxed frame has no window.confirm.
import { h } from '../ui/dom.js';

export function progressBar({ t, onReset }) {
  const text = h('span', { class: 'lp-text', 'aria-live': 'polite' });
  const ask = h('span', { class: 'lp-ask', role: 'group', hidden: true });
  const reset = h('button', { type: 'button', class: 'btn btn-small lp-reset', 'aria-expanded': 'false', onclick: () => open(true) }, t('ex.reset'));
  const question = h('span', { class: 'lp-question' });
  const yes = h('button', { type: 'button', class: 'btn btn-small lp-yes', onclick: () => { open(false); onReset(); } }, t('ex.resetYes'));
  const no = h('button', { type: 'button', class: 'btn btn-small btn-primary lp-no', onclick: () => { open(false); reset.focus(); } }, t('ex.resetNo'));
  ask.append(question, ' ', yes, ' ', no);
  ask.addEventListener('keydown', (e) => { if (e.key === 'Escape') { e.preventDefault(); no.click(); } });
  const el = h('p', { class: 'lesson-progress' }, text, ' ', reset, ask);
  let answered = 0;
  function open(on) {
    ask.hidden = !on;
    reset.hidden = on || !answered;
    reset.setAttribute('aria-expanded', String(on));
    if (on) { question.textContent = t('ex.resetAsk'); no.focus(); }
  }
  return {
    el,
    update(s) {
      const parts = [];
      if (s.steps) parts.push(t('ex.stepsSeen', { seen: s.stepsSeen, n: s.steps }));
      if (s.exercises) parts.push(t('ex.exercisesDone', { answered: s.answered, correct: s.correct, n: s.exercises }));
      text.textContent = parts.join(' · ');
      answered = s.answered;
      if (!answered) ask.hidden = true;
      reset.hidden = !ask.hidden || !answered;
      el.hidden = !parts.length;
      el.dataset.completed = String(s.completed);
    },
  };
}
