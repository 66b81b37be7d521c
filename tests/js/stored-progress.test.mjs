// Progress kept in storage (web/state/stored-progress.js): the merge that
// never loses a record, the storage's life cycle (with a stand-in for
// localStorage, and one that throws as a sandboxed frame's does), the
// progress file (web/state/progress-file.js) and the mastery levels and
// review list computed from them (web/course/mastery.js). Pure, in node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const load = (f) => import(pathToFileURL(path.join(root, f)).href);
const SP = await load('web/state/stored-progress.js');
const { progressFile, readProgressFile, FILE_FORMAT } = await load('web/state/progress-file.js');
const { masteryOf, reviewList } = await load('web/course/mastery.js');

const rec = (seen, marks) => ({ seen, marks: marks.split('') });
const DAY = 24 * 3600 * 1000;

test('merge: per exercise the better mark (c > x > w > -), per lesson the union of steps seen, no lesson lost', () => {
  assert.deepEqual(SP.mergeRecord(rec(0b0011, 'cw-'), rec(0b0110, '-xc-w')), rec(0b0111, 'cxc-w'));
  assert.deepEqual(SP.mergeRecord(null, rec(1, 'w')), rec(1, 'w'));
  const a = SP.storeOf('softmax.3.cw~vectors.1.c');
  const b = SP.storeOf('softmax.4.-c~attention.1.x');
  const m = SP.mergeStores(a, b);
  assert.equal(SP.progressOf(m), 'softmax.7.cc~vectors.1.c~attention.1.x');
  // Commutative in the records (the order of sources does not matter).
  assert.deepEqual(SP.mergeStores(b, a).lessons, m.lessons);
});

test('merge: an answer keeps the latest try, the first right one, and a re-check at another seed', () => {
  const x = { at: 100, seed: 7, ok: true, first: { at: 100, seed: 7 } };
  const y = { at: 200, seed: 9, ok: false, first: { at: 150, seed: 9 } };
  assert.deepEqual(SP.mergeAnswer(x, y), { at: 200, seed: 9, ok: false, first: { at: 100, seed: 7 }, recheck: true });
  assert.deepEqual(SP.mergeAnswer(x, { at: 50, seed: 7, ok: false }), { at: 100, seed: 7, ok: true, first: { at: 100, seed: 7 } });
  assert.deepEqual(SP.mergeAnswer(undefined, x), x);
});

function fakeStorage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), map: m };
}

test('storage: URL and stored progress merged at start, changes written, answers noted, a reset sticks', () => {
  const ls = fakeStorage();
  globalThis.window = { localStorage: ls };
  try {
    ls.setItem(SP.STORAGE_KEY, JSON.stringify({ lessons: { vectors: { seen: 2, marks: 'c-w' } }, answers: {}, last: 'vectors' }));
    assert.equal(SP.startStoredProgress('vectors.1.-c~softmax.1.w', true), 'vectors.3.ccw~softmax.1.w');
    assert.equal(SP.storageOn(), true);
    SP.noteAnswer('softmax', 'entry-compute', true, 11, 1000);
    SP.noteAnswer('softmax', 'entry-compute', true, 11, 2000);
    let s = SP.readStore();
    assert.deepEqual(s.answers['softmax/entry-compute'], { at: 2000, seed: 11, ok: true, first: { at: 1000, seed: 11 } });
    SP.noteAnswer('softmax', 'entry-compute', true, 12, 3000);
    assert.equal(SP.readStore().answers['softmax/entry-compute'].recheck, true);
    SP.noteOpened('softmax');
    assert.equal(SP.readStore().last, 'softmax');
    // A change of softmax writes it as it is (a reset: every mark gone, and
    // its answers' details; a record with nothing is left out of the text).
    SP.keepProgress('vectors.3.ccw', 'softmax', ['make-p1', 'entry-compute']);
    s = SP.readStore();
    assert.equal(s.lessons.softmax, undefined);
    assert.equal(s.answers['softmax/entry-compute'], undefined);
    assert.deepEqual(s.lessons.vectors, rec(3, 'ccw'));
    // Damaged storage reads as empty and is written over.
    ls.setItem(SP.STORAGE_KEY, '{not json');
    assert.deepEqual(SP.readStore(), SP.emptyStore());
  } finally {
    delete globalThis.window;
  }
});

test('storage: where it throws (a sandboxed frame) or in an embed, the URL alone is the source', () => {
  globalThis.window = { get localStorage() { throw new Error('SecurityError'); } };
  try {
    assert.equal(SP.startStoredProgress('softmax.1.c', true), 'softmax.1.c');
    assert.equal(SP.storageOn(), false);
    SP.noteAnswer('softmax', 'entry-compute', true, 1);  // no throw
    SP.keepProgress('softmax.1.c', 'softmax', []);
    assert.deepEqual(SP.readStore(), SP.emptyStore());
  } finally {
    delete globalThis.window;
  }
  globalThis.window = { localStorage: fakeStorage() };
  try {
    assert.equal(SP.startStoredProgress('softmax.1.c', false), 'softmax.1.c');
    assert.equal(SP.storageOn(), false);
  } finally {
    delete globalThis.window;
  }
});

const KNOWN = { vectors: ['a', 'b', 'c'], softmax: ['p', 'q'] };

test('progress file: written and read back the same; merged on import without losing a record', () => {
  const store = { lessons: { vectors: rec(5, 'cw'), softmax: rec(0, '--') }, answers: { 'vectors/a': { at: 5, seed: 3, ok: true, first: { at: 5, seed: 3 } } }, last: 'vectors' };
  const text = progressFile(store, new Date(0));
  const j = JSON.parse(text);
  assert.equal(j.format, FILE_FORMAT);
  assert.equal(j.version, 1);
  assert.equal(j.exported, '1970-01-01T00:00:00.000Z');
  assert.deepEqual(Object.keys(j.lessons), ['vectors'], 'empty records are left out');
  const back = readProgressFile(text, KNOWN);
  assert.deepEqual(back.store, { lessons: { vectors: rec(5, 'cw') }, answers: store.answers, last: 'vectors' });
  globalThis.window = { localStorage: fakeStorage() };
  try {
    SP.startStoredProgress('vectors.2.-c-~softmax.1.w', true);
    assert.equal(SP.importStore(back.store, 'vectors.2.-c-~softmax.1.w'), 'vectors.7.cc~softmax.1.w');
    assert.deepEqual(SP.readStore().answers, store.answers);
  } finally {
    delete globalThis.window;
  }
});

test('progress file: a bad file is refused whole, with the reason', () => {
  const ok = { format: FILE_FORMAT, version: 1, lessons: { vectors: { seen: 1, marks: 'c' } }, answers: {} };
  const bad = (patch) => readProgressFile(JSON.stringify({ ...ok, ...patch }), KNOWN);
  assert.equal(readProgressFile('not json', KNOWN).error, 'notJson');
  assert.equal(readProgressFile('[1]', KNOWN).error, 'notProgress');
  assert.equal(bad({ format: 'other' }).error, 'notProgress');
  assert.deepEqual(bad({ version: 2 }), { error: 'version', detail: '2' });
  assert.deepEqual(bad({ lessons: { nope: { seen: 0, marks: '' } } }), { error: 'unknownLesson', detail: 'nope' });
  assert.deepEqual(bad({ lessons: { vectors: { seen: 1, marks: 'cz' } } }), { error: 'bad', detail: 'vectors' });
  assert.deepEqual(bad({ lessons: { vectors: { seen: 1, marks: 'cccc' } } }), { error: 'bad', detail: 'vectors' }, 'more marks than exercises');
  assert.deepEqual(bad({ lessons: { vectors: { seen: -1, marks: '' } } }), { error: 'bad', detail: 'vectors' });
  assert.deepEqual(bad({ answers: { 'vectors/zz': { at: 1, seed: 1, ok: true } } }), { error: 'bad', detail: 'vectors/zz' });
  assert.deepEqual(bad({ answers: { 'vectors/a': { at: 1, seed: 0, ok: true } } }), { error: 'bad', detail: 'vectors/a' });
  assert.deepEqual(bad({ answers: { 'vectors/a': { at: 1, seed: 1, ok: 'yes' } } }), { error: 'bad', detail: 'vectors/a' });
  assert.equal(readProgressFile('x'.repeat(1e6 + 1), KNOWN).error, 'tooLarge');
  assert.ok(bad({}).store);
});

test('mastery: attempted, familiar, proficient, mastered; review: wrong answers and right ones older than a week', () => {
  const lesson = { id: 'vectors', exercises: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }] };
  const first = (seed) => ({ at: 0, seed, ok: true, first: { at: 0, seed } });
  assert.equal(masteryOf(lesson, '----'.split(''), {}), 'none');
  assert.equal(masteryOf(lesson, 'cw--'.split(''), {}), 'attempted');
  assert.equal(masteryOf(lesson, 'cc--'.split(''), {}), 'familiar');
  assert.equal(masteryOf(lesson, 'cccc'.split(''), {}), 'proficient');
  const answers = Object.fromEntries(['a', 'b', 'c', 'd'].map((e) => [`vectors/${e}`, { ...first(1), recheck: true }]));
  assert.equal(masteryOf(lesson, 'cccc'.split(''), answers), 'mastered');
  delete answers['vectors/d'].recheck;
  assert.equal(masteryOf(lesson, 'cccc'.split(''), answers), 'proficient', 'every exercise re-checked');
  assert.equal(masteryOf({ id: 'x', exercises: [] }, [], {}), null);

  const now = 10 * DAY;
  const list = reviewList([lesson], { vectors: rec(0, 'cwcc') }, {
    'vectors/a': { at: now - 8 * DAY, seed: 1, ok: true },
    'vectors/c': { at: now - DAY, seed: 1, ok: false },
    'vectors/d': { at: now - DAY, seed: 1, ok: true },
  }, now);
  assert.deepEqual(list.map((r) => [r.exercise.id, r.why]), [['a', 'old'], ['b', 'wrong'], ['c', 'wrong']]);
});
