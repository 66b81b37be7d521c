// Mastery of a lesson, from its exercises (Khan-style levels):
//   none       nothing answered
//   attempted  any answer
//   familiar   at least half right
//   proficient all right
//   mastered   all right, and each right again with fresh numbers (another
//              seed) after the first time: the learner can redo it, not
//              only recall one set of numbers.
// The re-check needs the stored answers (state/stored-progress.js); with
// the URL alone (a sandboxed frame) a lesson reaches proficient at most.
import { REVIEW_AFTER_MS } from '../state/stored-progress.js';

export const LEVELS = ['none', 'attempted', 'familiar', 'proficient', 'mastered'];

// marks: one per exercise; answers: {"<lesson>/<exercise>": {...}}.
export function masteryOf(lesson, marks, answers) {
  const n = lesson.exercises.length;
  if (!n) return null;
  const answered = marks.filter((m) => m && m !== '-').length;
  const right = marks.filter((m) => m === 'c').length;
  if (!answered) return 'none';
  if (right < n) return right * 2 >= n ? 'familiar' : 'attempted';
  const rechecked = lesson.exercises.every((e) => (answers[`${lesson.id}/${e.id}`] || {}).recheck);
  return rechecked ? 'mastered' : 'proficient';
}

// The exercises to come back to: answered wrong (the mark, or the latest
// answer), or right but last answered more than a week ago. In the course's
// order. lessons: the catalog; records: {id: {seen, marks}}.
export function reviewList(lessons, records, answers, now = Date.now()) {
  const out = [];
  for (const l of lessons) {
    const marks = (records[l.id] || { marks: [] }).marks;
    l.exercises.forEach((e, k) => {
      const m = marks[k] || '-', a = answers[`${l.id}/${e.id}`];
      if (m === '-') return;
      if (m !== 'c' || (a && a.ok === false)) out.push({ lesson: l, exercise: e, why: 'wrong' });
      else if (a && now - a.at > REVIEW_AFTER_MS) out.push({ lesson: l, exercise: e, why: 'old', at: a.at });
    });
  }
  return out;
}

// A seed for fresh numbers (the URL's xseed range).
export const freshSeed = () => 1 + Math.floor(Math.random() * 2147483646);
