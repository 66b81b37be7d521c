// The error-case table shared by errors.test.mjs and heap.test.mjs: the
// per-area entries in tests/js/cases/*.mjs and the generic bad calls derived
// from each function's spec (see errors.test.mjs for the format).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

export const { SPECS } = await import(pathToFileURL(path.join(root, 'web/lib/specs/index.js')).href);
const convert = await import(pathToFileURL(path.join(root, 'web/lib/convert.js')).href);

const casesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cases');
export const CASES = {};
for (const f of fs.readdirSync(casesDir).filter((x) => x.endsWith('.mjs')).sort()) {
  const mod = await import(pathToFileURL(path.join(casesDir, f)).href);
  for (const [fn, entry] of Object.entries(mod.default)) {
    assert.ok(!(fn in CASES), `${fn} has error cases in two files (second: cases/${f})`);
    CASES[fn] = entry;
  }
}

export const clone = (x) => (x === undefined ? x : structuredCloneish(x));
function structuredCloneish(x) {
  if (ArrayBuffer.isView(x)) return x.slice();
  if (Array.isArray(x)) return x.map(structuredCloneish);
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, structuredCloneish(v)]));
  return x;
}

// Spec kinds: 'vector', 'matrix', 'mask', 'number', 'integer', 'boolean',
// 'string', unions 'vector|number', optional 'vector?' (a positional
// argument that may be left out, or a record field that may be absent),
// {field: kind} records (optional(record) for a record field that may be
// absent) and [{field: kind}] arrays of records.
export const { isOptional } = convert;
const base = (kind) => {
  kind = convert.required(kind);
  return typeof kind === 'string' && kind.endsWith('?') ? kind.slice(0, -1) : kind;
};

// A value of the wrong type for a kind.
function wrongType(kind) {
  const k = base(kind);
  if (typeof k === 'string' && k.split('|').includes('string')) return 42;
  return 'abc';
}

// Wrong values for one argument of a given kind, derived from a valid value
// (valid is undefined for an optional argument that the valid call leaves out:
// then only wrong types are tried).
function badValues(kind, valid) {
  kind = base(kind);
  const out = [
    ['a string', 'abc'],
    ['an object', { a: 1 }],
    ['null', null],
  ];
  if (typeof kind === 'string' && kind.includes('|')) {  // a union: only values that fit no alternative
    const alts = kind.split('|');
    if (alts.includes('string')) out.shift();
    if (!alts.includes('boolean')) out.push(['a boolean', true]);
    return out;
  }
  if (valid === undefined) {
    if (kind === 'string') out[0] = ['a number', 42];
    return out;
  }
  switch (kind) {
    case 'vector':
      out.push(['a number', 3], ['empty', []], ['NaN entry', withFirst(valid, NaN)], ['Infinity entry', withFirst(valid, Infinity)],
        ['-Infinity entry', withFirst(valid, -Infinity)], ['a string entry', withFirst(valid, '1')], ['a null entry', withFirst(valid, null)],
        ['a matrix', [Array.from(valid)]]);
      break;
    case 'matrix':
    case 'mask':
      out.push(['a number', 3], ['empty', []], ['empty rows', [[]]], ['ragged rows', ragged(valid)],
        ['a flat array', Array.from(valid[0])], ['a Float64Array', Float64Array.from(valid[0])],
        ['a string entry', withFirst2(valid, 'x')], ['a null row', [null, ...valid.slice(1)]]);
      if (kind === 'matrix')
        out.push(['NaN entry', withFirst2(valid, NaN)], ['Infinity entry', withFirst2(valid, Infinity)],
          ['-Infinity entry', withFirst2(valid, -Infinity)], ['a boolean entry', withFirst2(valid, true)]);
      break;
    case 'number':
      out.push(['NaN', NaN], ['Infinity', Infinity], ['an array', [1]], ['a boolean', true]);
      break;
    case 'integer':
      out.push(['NaN', NaN], ['a fraction', 1.5], ['an array', [1]], ['a boolean', true]);
      break;
    case 'boolean':
      out.push(['a number', 1]);
      break;
    case 'string':
      out.push(['a number', 42], ['an unknown name', 'no-such-name']);
      break;
    default:
      if (Array.isArray(kind)) {
        out.push(['a number', 3], ['empty', []], ['a null item', [null]], ['an item with an unknown field', [{ ...valid[0], extra: 1 }]]);
        for (const [field, fk] of Object.entries(kind[0])) {
          const { [field]: _omit, ...rest } = valid[0];
          if (!isOptional(fk)) out.push([`an item without ${field}`, [rest]]);
          out.push([`an item whose ${field} has the wrong type`, [{ ...valid[0], [field]: wrongType(fk) }]]);
        }
      } else if (kind && typeof kind === 'object') {
        out.push(['a number', 3], ['an array', [valid]], ['with an unknown field', { ...valid, extra: 1 }]);
        for (const [field, fk] of Object.entries(kind)) {
          const { [field]: _omit, ...rest } = valid;
          if (!isOptional(fk)) out.push([`without ${field}`, rest]);
          out.push([`whose ${field} has the wrong type`, { ...valid, [field]: wrongType(fk) }]);
        }
      }
  }
  return out;
}

function withFirst(v, x) {
  const a = Array.from(v);
  a[0] = x;
  return a;
}
function withFirst2(m, x) {
  return m.map((row, i) => (i === 0 ? withFirst(row, x) : Array.from(row)));
}
function ragged(m) {
  const rows = m.map((r) => Array.from(r));
  if (rows.length === 1) rows.push([...rows[0], 0]);
  else rows[rows.length - 1].push(0);
  return rows;
}


// [label, args] for every generic bad call of fn.
export function genericBadCalls(fn, spec, valid) {
  const nargs = spec.args.length;
  const given = valid.slice(0, nargs);
  const options = valid.length > nargs ? valid[nargs] : undefined;
  // All positional slots, optional ones left out of the valid call as undefined.
  const positional = [...given, ...Array(nargs - given.length).fill(undefined)];
  const required = spec.args.filter(([, kind]) => !isOptional(kind)).length;
  const calls = [];
  spec.args.forEach(([name, kind], i) => {
    for (const [what, v] of badValues(kind, positional[i])) {
      const args = positional.map(clone);
      args[i] = v;
      if (options !== undefined) args.push(clone(options));
      calls.push([`${name}: ${what}`, args]);
    }
  });
  if (required > 0) {
    calls.push(['no arguments', []]);
    // The last required argument left out (optional ones come after it).
    calls.push([`missing argument ${spec.args[required - 1][0]}`, positional.slice(0, required - 1).map(clone)]);
    const withUndefined = positional.map(clone);
    withUndefined[0] = undefined;
    if (!isOptional(spec.args[0][1])) calls.push([`argument ${spec.args[0][0]} undefined`, withUndefined]);
  }
  if (spec.options) {
    calls.push(['too many arguments', [...positional.map(clone), {}, 'extra']]);
    calls.push(['unknown option', [...positional.map(clone), { noSuchOption: 1 }]]);
    calls.push(['options is a string', [...positional.map(clone), 'abc']]);
    calls.push(['options is a number', [...positional.map(clone), 7]]);
    for (const [key, kind] of Object.entries(spec.options))
      calls.push([`option ${key}: wrong type`, [...positional.map(clone), { [key]: wrongType(kind) }]]);
  } else {
    calls.push(['too many arguments', [...positional.map(clone), 'extra']]);
    calls.push(['an options object it does not take', [...positional.map(clone), {}]]);
  }
  return calls;
}


// Every bad call of fn: the generic ones its entry does not skip, then its own.
export function badCalls(fn, entry, spec = SPECS[fn]) {
  const skip = new Set(entry.skip || []);
  return [
    ...genericBadCalls(fn, spec, entry.valid).filter(([label]) => !skip.has(label)),
    ...Object.entries(entry.bad || {}),
  ];
}
