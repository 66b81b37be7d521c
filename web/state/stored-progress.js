// Progress that survives a link without it: the learner's records (the
// `progress` shell parameter, state/progress.js) plus, per exercise, when it
// was last answered and at which seed (course/mastery.js reads them), and
// the last lesson opened (the course map's "continue where you were"),
// kept in localStorage under one key. The URL stays a source: on load the
// two are merged and nothing is lost (per exercise the better mark, per
// lesson the union of steps seen). Storage throws in sandboxed frames and
// may be full or disabled: every access is caught and the page goes on with
// the URL alone.
import { parseProgress, encodeProgress } from './progress.js';

export const STORAGE_KEY = 'attnlab.progress.v1';
// A week: a right answer older than this is due for review.
export const REVIEW_AFTER_MS = 7 * 24 * 3600 * 1000;

// '-' unanswered < 'w' one wrong < 'x' two or more wrong < 'c' correct: a
// mark that records more is kept ('x' has unlocked the worked solution).
const RANK = { '-': 0, w: 1, x: 2, c: 3 };

export const emptyStore = () => ({ lessons: {}, answers: {}, last: null });

// Per lesson: the union of steps seen and, per exercise, the better mark.
export function mergeRecord(a, b) {
  if (!a) return b && { seen: b.seen, marks: b.marks.slice() };
  if (!b) return { seen: a.seen, marks: a.marks.slice() };
  const n = Math.max(a.marks.length, b.marks.length);
  const marks = Array.from({ length: n }, (_, k) => {
    const x = a.marks[k] || '-', y = b.marks[k] || '-';
    return (RANK[y] || 0) > (RANK[x] || 0) ? y : x;
  });
  return { seen: (a.seen | b.seen) >>> 0, marks };
}

// Per exercise: the latest answer (time, seed, right or not), the first
// right one, and whether it was right again with other numbers since.
export function mergeAnswer(a, b) {
  if (!a || !b) return { ...(a || b) };
  const late = a.at >= b.at ? a : b;
  const firsts = [a.first, b.first].filter(Boolean).sort((x, y) => x.at - y.at);
  const out = { at: late.at, seed: late.seed, ok: late.ok };
  if (firsts.length) out.first = { ...firsts[0] };
  if (a.recheck || b.recheck || (firsts.length === 2 && firsts[0].seed !== firsts[1].seed)) out.recheck = true;
  return out;
}

const mergeMaps = (a, b, f) => {
  const out = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out[k] = f(a[k], b[k]);
  return out;
};

// Two stores as one (a file imported into the page's, storage and URL).
export function mergeStores(a, b) {
  return {
    lessons: mergeMaps(a.lessons, b.lessons, mergeRecord),
    answers: mergeMaps(a.answers, b.answers, mergeAnswer),
    last: b.last || a.last,
  };
}

// The records of a progress text, as a store holds them.
export const storeOf = (progressText) => ({ ...emptyStore(), lessons: parseProgress(progressText) });
export const progressOf = (store) => encodeProgress(store.lessons);

// ---------------------------------------------------------------- the storage

let on = false;  // off in embeds (their host keeps the record) and where storage throws
function storage() {
  try {
    const s = window.localStorage;
    s.getItem(STORAGE_KEY);
    return s;
  } catch {
    return null;
  }
}

// The store as kept (records as {seen, marks: [...]}), or an empty one.
export function readStore() {
  const s = on && storage();
  if (!s) return emptyStore();
  try {
    const raw = JSON.parse(s.getItem(STORAGE_KEY) || 'null');
    if (!raw || typeof raw !== 'object') return emptyStore();
    const lessons = {};
    for (const [id, r] of Object.entries(raw.lessons || {})) lessons[id] = { seen: r.seen >>> 0, marks: String(r.marks).split('') };
    return { lessons, answers: raw.answers || {}, last: raw.last || null };
  } catch {
    return emptyStore();  // unreadable: written over at the next change
  }
}

function writeStore(store) {
  const s = on && storage();
  if (!s) return;
  const lessons = Object.fromEntries(Object.entries(store.lessons).map(([id, r]) => [id, { seen: r.seen, marks: r.marks.join('') }]));
  try {
    s.setItem(STORAGE_KEY, JSON.stringify({ lessons, answers: store.answers, last: store.last }));
  } catch {
    // Full or refused: the URL still holds the records.
  }
}

// At start (full page only): the URL's progress merged with the stored one,
// written back; returns the merged progress for the URL.
export function startStoredProgress(urlProgress, enabled) {
  on = !!enabled && !!storage();
  if (!on) return urlProgress;
  const merged = mergeStores(readStore(), storeOf(urlProgress));
  writeStore(merged);
  return progressOf(merged);
}

// After a change of one lesson's records (progress text: all of them):
// that lesson's record replaces the stored one (a reset must stick), the
// others are merged (another tab may have written meanwhile). Answers'
// details of exercises now unanswered go (a reset starts mastery over).
export function keepProgress(progressText, lessonId, exerciseIds) {
  if (!on) return;
  const store = readStore(), mine = parseProgress(progressText);
  store.lessons = mergeMaps(store.lessons, mine, mergeRecord);
  // (a lesson with nothing left is not in the text at all)
  if (mine[lessonId]) store.lessons[lessonId] = mine[lessonId]; else delete store.lessons[lessonId];
  const marks = (mine[lessonId] || { marks: [] }).marks;
  exerciseIds.forEach((ex, k) => { if ((marks[k] || '-') === '-') delete store.answers[`${lessonId}/${ex}`]; });
  writeStore(store);
}

// One answer to an exercise: its time and seed, and whether right.
export function noteAnswer(lessonId, exerciseId, ok, seed, now = Date.now()) {
  if (!on) return;
  const store = readStore(), key = `${lessonId}/${exerciseId}`;
  const a = { ...(store.answers[key] || {}), at: now, seed, ok };
  if (ok && !a.first) a.first = { at: now, seed };
  else if (ok && a.first.seed !== seed) a.recheck = true;
  store.answers[key] = a;
  writeStore(store);
}

export function noteOpened(lessonId) {
  if (!on) return;
  const store = readStore();
  store.last = lessonId;
  writeStore(store);
}

// A whole store (an imported file) merged into the kept one; returns the
// merged progress for the URL.
export function importStore(store, urlProgress) {
  const merged = mergeStores(mergeStores(readStore(), storeOf(urlProgress)), store);
  writeStore(merged);
  return progressOf(merged);
}

export const storageOn = () => on;
