// The frame every exercise shares: kind, title, prompt (text and TeX), the
// kind's own controls, feedback announced to screen readers, a hint, and a
// worked solution that a second wrong answer (or the teacher view) unlocks.
// The kinds (choice.js, compute.js, make.js) fill `body` and call
// card.result(...).
import { h } from '../../../ui/dom.js';
import { texNode } from '../../../math/tex.js';
import { rich } from '../../../math/rich-text.js';
import { texWords } from './tex-words.js';

// The teacher view's answer in the page's language: a choice's own words; an
// answer with words (inst.answerVars) through the exercise's string
// ex.<id>.answer; else inst.answerText, numbers and symbols only.
export const answerOf = (inst, k) => (inst.choices ? k(`choices.${inst.answer}`) : inst.answerVars ? k('answer', inst.answerVars) : inst.answerText);

// "Right." and an exercise's own words, without saying it twice when those
// words open with their own verdict ("Right: …", "正确：…").
export const praise = (t, text) => `${t('ex.right')} ${text.replace(/^(Right|正确)[:：]\s*/, '')}`;

// def: the exercise's definition; inst: its numbers (def.make); t: the
// lesson's translator; mark: '-' | 'w' | 'x' | 'c'; onMark(mark, answer)
// (answer: {ok, response}, what the host's record of the try needs); el: the
// card's element if it is on the page already (cardFrame), else a new one.
export function cardFrame(def) {
  return h('section', { class: `exercise ex-${def.kind}`, 'data-exercise': def.id, 'data-kind': def.kind, 'aria-labelledby': `ex-${def.id}-title`, tabindex: '-1' });
}
export function createCard({ def, inst, t, mark, teacher, onMark, el = cardFrame(def) }) {
  const k = (key, vars) => t(`ex.${def.id}.${key}`, { ...inst.vars, ...vars });
  const titleId = `ex-${def.id}-title`;
  const status = h('span', { class: 'ex-status' });
  const feedback = h('p', { class: 'ex-feedback', 'aria-live': 'polite', role: 'status' });
  const hintBox = h('p', { class: 'ex-hint', hidden: true }, rich(k('hint')));
  const hintBtn = h('button', { type: 'button', class: 'btn btn-small ex-hint-btn', 'aria-expanded': 'false',
    onclick: () => { hintBox.hidden = !hintBox.hidden; hintBtn.setAttribute('aria-expanded', String(!hintBox.hidden)); } }, t('ex.hint'));
  const solution = h('div', { class: 'ex-solution', hidden: true },
    h('p', { class: 'ex-solution-title' }, t('ex.solution')),
    h('p', {}, rich(k('solution'))),
    ...(inst.solution || []).map((tex) => texNode(texWords(tex, k), true, 'div')));
  const solutionBtn = h('button', { type: 'button', class: 'btn btn-small ex-solution-btn', hidden: true,
    onclick: () => showSolution() }, t('ex.showSolution'));
  const body = h('div', { class: 'ex-body' });
  el.replaceChildren(
    h('header', { class: 'ex-head' },
      h('span', { class: 'ex-kind' }, t(`ex.kind.${def.kind}`)),
      h('h3', { class: 'ex-title', id: titleId }, rich(k('title'))),
      status),
    h('p', { class: 'ex-prompt' }, rich(k('prompt'))),
    ...(inst.tex ? [texNode(texWords(inst.tex, k), true, 'div')] : []),
    body, feedback,
    h('div', { class: 'ex-help' }, hintBtn, solutionBtn),
    hintBox, solution);

  function showSolution() { solution.hidden = false; solutionBtn.hidden = true; }
  function showMark(m) {
    mark = m;
    el.dataset.status = m === 'c' ? 'correct' : m === '-' ? 'unanswered' : 'wrong';
    // A prediction is not tried again: a wrong one is answered, not "not yet".
    status.textContent = m === 'c' ? `✓ ${t('ex.correct')}` : m === '-' ? '' : t(def.kind === 'predict' ? 'ex.predictedOtherwise' : 'ex.tryAgain');
    if (m === 'x') solutionBtn.hidden = !solution.hidden;
  }
  showMark(mark);
  if (teacher) {
    el.classList.add('ex-teacher');
    // A minus sign, not a hyphen, before a number ("−0.0227"), as in the formulas.
    el.appendChild(h('p', { class: 'ex-answer' }, t('ex.answer'), ' ', rich(answerOf(inst, k).replace(/(^|[\s,([=:])-(?=\d|\.\d)/g, '$1−'))));
    showSolution();
  }
  return {
    el, body, k,
    get mark() { return mark; },
    // ok: boolean; text: the feedback (already translated); response: what
    // the learner gave, as the kind reads it (null if it could not be read).
    result(ok, text, response = null) {
      feedback.replaceChildren(...rich(text));
      feedback.className = `ex-feedback ${ok ? 'good' : 'bad'}`;
      // A mark once correct stays correct: later tries are practice.
      const next = ok || mark === 'c' ? 'c' : mark === '-' ? 'w' : 'x';
      showMark(next);
      onMark(next, { ok, response });
    },
    // Feedback that changes no mark (and tells the host nothing).
    note(text) {
      feedback.replaceChildren(...rich(text));
      feedback.className = 'ex-feedback';
    },
    showSolution,
  };
}
