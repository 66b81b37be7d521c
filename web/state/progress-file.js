// The progress file a learner exports from the course map and imports back
// (another browser, after clearing storage): JSON, one object,
//   { "format": "attention-lab-progress", "version": 1, "exported": "<ISO time>",
//     "lessons": { "<lesson id>": { "seen": <steps seen, bitmask>, "marks": "<-wxc per exercise>" } },
//     "answers": { "<lesson id>/<exercise id>": { "at": <ms>, "seed": <xseed>, "ok": <bool>,
//                  "first": { "at": <ms>, "seed": <xseed> }, "recheck": <bool> } },
//     "last": "<lesson id>" | null }
// A file is checked whole before anything is merged: a bad one changes
// nothing and is named by an error key of the shell's strings (map.file.*).
export const FILE_FORMAT = 'attention-lab-progress';
export const FILE_VERSION = 1;

export function progressFile(store, now = new Date()) {
  const lessons = Object.fromEntries(Object.entries(store.lessons)
    .filter(([, r]) => r.seen || r.marks.some((m) => m !== '-'))
    .map(([id, r]) => [id, { seen: r.seen, marks: r.marks.join('') }]));
  return JSON.stringify({ format: FILE_FORMAT, version: FILE_VERSION, exported: now.toISOString(), lessons, answers: store.answers, last: store.last || null }, null, 1);
}

const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const isTime = (x) => Number.isSafeInteger(x) && x >= 0;
const isSeed = (x) => Number.isInteger(x) && x >= 1 && x <= 2147483647;

// text, known: {lessonId: [exercise ids]} -> {store} | {error, detail}.
export function readProgressFile(text, known) {
  if (typeof text !== 'string' || text.length > 1e6) return { error: 'tooLarge' };
  let raw;
  try { raw = JSON.parse(text); } catch { return { error: 'notJson' }; }
  if (!isObj(raw) || raw.format !== FILE_FORMAT) return { error: 'notProgress' };
  if (raw.version !== FILE_VERSION) return { error: 'version', detail: String(raw.version) };
  if (!isObj(raw.lessons) || (raw.answers !== undefined && !isObj(raw.answers))) return { error: 'bad', detail: 'lessons' };
  const lessons = {}, answers = {};
  for (const [id, r] of Object.entries(raw.lessons)) {
    if (!known[id]) return { error: 'unknownLesson', detail: id };
    const n = known[id].length;
    if (!isObj(r) || !Number.isInteger(r.seen) || r.seen < 0 || r.seen >= 2 ** 30
      || typeof r.marks !== 'string' || !/^[-wxc]*$/.test(r.marks) || r.marks.length > n) return { error: 'bad', detail: id };
    lessons[id] = { seen: r.seen, marks: r.marks.split('') };
  }
  for (const [key, a] of Object.entries(raw.answers || {})) {
    const [id, ex] = key.split('/');
    if (!known[id] || !known[id].includes(ex)) return { error: 'bad', detail: key };
    const firstOk = a && (a.first === undefined || (isObj(a.first) && isTime(a.first.at) && isSeed(a.first.seed)));
    if (!isObj(a) || !isTime(a.at) || !isSeed(a.seed) || typeof a.ok !== 'boolean' || !firstOk
      || (a.recheck !== undefined && typeof a.recheck !== 'boolean')) return { error: 'bad', detail: key };
    answers[key] = { at: a.at, seed: a.seed, ok: a.ok, ...(a.first ? { first: { at: a.first.at, seed: a.first.seed } } : {}), ...(a.recheck ? { recheck: true } : {}) };
  }
  const last = typeof raw.last === 'string' && known[raw.last] ? raw.last : null;
  return { store: { lessons, answers, last } };
}
