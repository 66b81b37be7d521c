// The lesson runtime's store (web/runtime/store.js): derived values follow
// what they are derived from, a watcher hears only about what it reads, a
// derive that throws leaves null and its error, and the page keeps going.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const { createStore } = await import(pathToFileURL(path.join(root, 'web', 'runtime', 'store.js')).href);

test('derived values are computed in dependency order, again only when an input changes', () => {
  const calls = { sum: 0, twice: 0 };
  // Declared before what it is derived from: the store orders them.
  const s = createStore({ a: 1, b: 2, c: 5 }, {
    twice: { from: ['sum'], compute: (v) => { calls.twice++; return 2 * v.sum; } },
    sum: { from: ['a', 'b'], compute: (v) => { calls.sum++; return v.a + v.b; } },
  });
  assert.equal(s.values.twice, 6);
  assert.deepEqual(calls, { sum: 1, twice: 1 });
  assert.deepEqual([...s.set({ c: 7 })], ['c']);
  assert.deepEqual(calls, { sum: 1, twice: 1 }, 'c feeds nothing derived');
  assert.deepEqual([...s.set({ a: 3 })].sort(), ['a', 'sum', 'twice']);
  assert.equal(s.values.twice, 10);
  assert.deepEqual(calls, { sum: 2, twice: 2 });
});

test('a derived value computed again to the same value is not a change', () => {
  const s = createStore({ n: 3 }, { parity: { from: ['n'], compute: (v) => v.n % 2 }, label: { from: ['parity'], compute: (v) => (v.parity ? 'odd' : 'even') } });
  let heard = 0;
  s.watch(['parity', 'label'], () => heard++);
  assert.deepEqual([...s.set({ n: 5 })], ['n'], 'parity stays 1: neither it nor label changed');
  assert.equal(heard, 0);
  assert.deepEqual([...s.set({ n: 6 })].sort(), ['label', 'n', 'parity']);
  assert.equal(heard, 1);
});

test('a set that changes nothing (arrays compared by value) reaches no watcher', () => {
  const s = createStore({ z: [1, 2, [3]] });
  let heard = 0;
  s.watch(['z'], () => heard++);
  assert.equal(s.set({ z: [1, 2, [3]] }).size, 0);
  assert.equal(heard, 0);
  s.set({ z: [1, 2, [4]] });
  assert.equal(heard, 1);
});

test('a watcher hears about the names it reads, derived ones included, once per set', () => {
  const s = createStore({ x: 1, y: 1 }, { sq: { from: ['x'], compute: (v) => v.x * v.x } });
  const heard = [];
  const stop = s.watch(['sq'], (changed) => heard.push([...changed].sort()));
  s.watch(['y'], () => heard.push('y'));
  s.set({ x: 2 });
  s.set({ y: 3 });
  s.set({ x: 2, y: 3 });
  assert.deepEqual(heard, [['sq', 'x'], 'y']);
  stop();
  s.set({ x: 5 });
  assert.equal(heard.length, 2, 'stopped');
  assert.equal(s.values.sq, 25);
});

test('a derive that throws gives null and its error; the next good input recovers', () => {
  const s = createStore({ n: 2 }, { r: { from: ['n'], compute: ({ n }) => { if (n < 0) throw new Error('softmaxSteps: n < 0'); return n * 10; } } });
  assert.equal(s.error('r'), null);
  s.set({ n: -1 });
  assert.equal(s.values.r, null);
  assert.match(s.error('r').message, /^softmaxSteps/);
  s.set({ n: 4 });
  assert.equal(s.values.r, 40);
  assert.equal(s.error('r'), null);
});

test('a value derived from itself is refused at once', () => {
  assert.throws(() => createStore({}, { a: { from: ['b'], compute: () => 1 }, b: { from: ['a'], compute: () => 2 } }), /derived from itself/);
});
