// A learner's progress, kept in the URL (shell parameter `progress`), so that
// a reload or a copied link keeps it and no storage is needed (storage throws
// in sandboxed iframes). One record per lesson, '~' between records:
//   <lesson id>.<steps seen: bitmask, base 36>.<one letter per exercise>
// letters: '-' unanswered, 'w' one wrong answer, 'x' two or more wrong
// answers (the worked solution may be shown), 'c' correct.
// e.g. progress=softmax.3f.cw-x~attention.1.--
export const STATUS = { '-': 'unanswered', w: 'wrong', x: 'wrong', c: 'correct' };
export const PROGRESS_PATTERN = '([a-z-]{1,32}\\.[0-9a-z]{1,8}\\.[-wxc]{0,16})(~[a-z-]{1,32}\\.[0-9a-z]{1,8}\\.[-wxc]{0,16}){0,31}';

export function parseProgress(text) {
  const out = {};
  if (!text) return out;
  for (const rec of text.split('~')) {
    const [id, seen, marks] = rec.split('.');
    if (!id || seen === undefined || marks === undefined) continue;
    out[id] = { seen: parseInt(seen, 36) || 0, marks: marks.split('') };
  }
  return out;
}

export function encodeProgress(all) {
  return Object.entries(all)
    .filter(([, r]) => r.seen || r.marks.some((m) => m !== '-'))
    .map(([id, r]) => `${id}.${r.seen.toString(36)}.${r.marks.join('').replace(/-+$/, '')}`)
    .join('~');
}

// A lesson's record with one mark per exercise (missing ones unanswered).
export function lessonRecord(all, id, exercises) {
  const r = all[id] || { seen: 0, marks: [] };
  const marks = Array.from({ length: exercises }, (_, k) => (STATUS[r.marks[k]] ? r.marks[k] : '-'));
  return { seen: r.seen, marks };
}

const bits = (n) => { let c = 0; for (let x = n; x; x >>>= 1) c += x & 1; return c; };

// What the learner did in one lesson: for the menu, the lesson's bar and the host.
export function summary(record, steps) {
  const seenMask = steps ? record.seen & ((2 ** Math.min(steps, 30)) - 1) : record.seen;
  const stepsSeen = bits(seenMask);
  const answered = record.marks.filter((m) => m !== '-').length;
  const correct = record.marks.filter((m) => m === 'c').length;
  const n = record.marks.length;
  return {
    steps, stepsSeen, answered, correct, exercises: n,
    score: n ? correct / n : (steps && stepsSeen >= steps ? 1 : 0),
    completed: (!steps || stepsSeen >= steps) && answered === n,
  };
}
