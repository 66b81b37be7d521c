// The schema that URL parameters and host commands are validated against,
// and the parser of 'attnlab:set' commands (pure functions, run in node).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const load = (f) => import(pathToFileURL(path.join(root, f)).href);
const { parseValue, encodeValue, readParams, writeParams } = await load('web/state/schema.js');
const { parseSetCommand } = await load('web/embed/commands.js');

const SPECS = {
  n: { type: 'number', min: -1, max: 1, default: 0 },
  i: { type: 'integer', min: 1, max: 9, default: 1 },
  b: { type: 'boolean', default: false },
  e: { type: 'enum', values: ['a', 'b'], default: 'a' },
  v: { type: 'vector', minLength: 2, maxLength: 3, min: -5, max: 5, default: [1, 2] },
  m: { type: 'matrix', maxRows: 2, maxCols: 2, min: -5, max: 5, default: [[1, 0], [0, 1]] },
  s: { type: 'set', values: ['title', 'steps'], default: [] },
};

test('valid values parse and round-trip through encodeValue', () => {
  const cases = { n: '-0.5', i: '7', b: '1', e: 'b', v: '1,-2.5,3e0', m: '1,2;3,4', s: 'steps,title' };
  for (const [k, raw] of Object.entries(cases)) {
    const r = parseValue(raw, SPECS[k]);
    assert.ok(!r.error, `${k}=${raw}: ${r.error}`);
    assert.deepEqual(parseValue(encodeValue(r.value, SPECS[k]), SPECS[k]).value, r.value, k);
  }
  assert.deepEqual(parseValue('', SPECS.s).value, []);
});

test('bad values are errors, never values', () => {
  const bad = {
    n: ['2', '-1.5', 'NaN', 'Infinity', '1e308', '0x1', '', ' ', '1,2', '"><img src=x>'],
    i: ['1.5', '0', '10', 'abc'],
    b: ['yes', '2', ''],
    e: ['c', 'A', '', 'a,b'],
    v: ['1', '1,2,3,4', '1,,2', '1,x', '9,1'],
    m: ['1,2;3', '1,2,3;4,5,6', '1;2;3', 'a,b;c,d'],
    s: ['title,title', 'title,foo', 'javascript:alert(1)', ','],
  };
  for (const [k, list] of Object.entries(bad))
    for (const raw of list) assert.ok(parseValue(raw, SPECS[k]).error, `${k}=${JSON.stringify(raw)} should be rejected`);
  assert.ok(parseValue('1'.repeat(4001), SPECS.n).error, 'overlong text');
  assert.ok(parseValue(42, SPECS.n).error, 'non-string');
});

test('readParams falls back to defaults and reports each bad key; writeParams skips defaults', () => {
  const r = readParams(new URLSearchParams('n=5&i=3&zzz=1&s=steps'), SPECS);
  assert.equal(r.values.n, 0);
  assert.equal(r.values.i, 3);
  assert.deepEqual(r.values.s, ['steps']);
  assert.deepEqual(r.errors.map((e) => e.key), ['n']);
  assert.deepEqual(writeParams(r.values, SPECS), [['i', '3'], ['s', 'steps']]);
});

test('parseSetCommand accepts only flat {type: "attnlab:set"} records of strings, numbers and booleans', () => {
  assert.equal(parseSetCommand({ type: 'attnlab:set', T: '0.5', step: 3, lti: true }).toString(), 'T=0.5&step=3&lti=1');
  for (const bad of [
    null, undefined, 'attnlab:set', 42, [], ['attnlab:set'],
    { type: 'attnlab:resize', height: 10 },
    { type: 'attnlab:set' },
    { type: 'attnlab:set', T: NaN },
    { type: 'attnlab:set', T: Infinity },
    { type: 'attnlab:set', T: [1, 2] },
    { type: 'attnlab:set', T: { a: 1 } },
    { type: 'attnlab:set', T: null },
    { type: 'attnlab:set', '"><img src=x>': '1' },
    { type: 'attnlab:set', __proto__x: '1', ['a'.repeat(40)]: '1' },
    { type: 'attnlab:set', T: 'x'.repeat(4001) },
    Object.fromEntries([['type', 'attnlab:set'], ...Array.from({ length: 41 }, (_, i) => [`k${i}`, '1'])]),
    new (class X { constructor() { this.type = 'attnlab:set'; this.T = '1'; } })(),
  ]) assert.equal(parseSetCommand(bad), null, `should reject ${JSON.stringify(bad)}`);
});
