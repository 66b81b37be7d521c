// Bad input through dist/attnlab.js: every bad call must throw an Error
// (instanceof Error, not a number, not an abort) whose message starts with
// "<functionName>: ", and the next valid call must still give the right
// answer (API.md "Conventions").
//
// Table-driven. Each file tests/js/cases/<area>.mjs exports
//   { fnName: { valid: [args..., options?],          a call that succeeds
//               bad: { label: [args...] },          function-specific bad calls
//                                                   (shape mismatch, fully masked row, ...)
//               skip: ['generic label', ...],       generic calls that are valid here
//               same: (result) => value }           optional: what must repeat after an
//                                                   error when the result itself varies
//                                                   (timings): compared instead of it
// Generic bad calls are derived from the function's spec (web/lib/specs):
// for every argument, each wrong type (string, object, null, number,
// Float64Array where a matrix is due), and by kind: empty, ragged rows, NaN,
// Infinity, wrong entry types, records with missing/unknown fields; an
// unknown option and wrongly typed options; a missing argument and too many
// arguments. To cover a new function: add its entry to its area's file.
// A function of the specs that dist/attnlab.js lacks, or that has no entry,
// fails its test: nothing is skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CASES, SPECS, badCalls, clone, genericBadCalls } from './error-table.mjs';
import { loadLab, throwsApiError } from './helpers.mjs';

const lab = await loadLab();

const built = new Set(lab.functions);

test('every generic and specific case list is well formed, and names a function', () => {
  for (const [fn, entry] of Object.entries(CASES)) {
    assert.ok(SPECS[fn], `tests/js/cases has an entry for ${fn}, which web/lib/specs does not have`);
    assert.ok(Array.isArray(entry.valid), `${fn}: valid must be an argument list`);
    for (const label of entry.skip || [])
      assert.ok(genericBadCalls(fn, SPECS[fn], entry.valid).some(([l]) => l === label), `${fn}: skip '${label}' names no generic case`);
  }
});

for (const fn of [...new Set([...Object.keys(SPECS), ...lab.functions])].sort()) {
  const entry = CASES[fn];
  const spec = SPECS[fn];
  test(`${fn}: bad input throws "${fn}: ..." and the module stays usable`, () => {
    assert.ok(built.has(fn), `${fn} is in web/lib/specs but not in dist/attnlab.js: rebuild (bash scripts/build.sh)`);
    assert.ok(spec, `${fn} is built but has no spec in web/lib/specs`);
    assert.ok(entry, `${fn} has no error cases: add ${fn} to tests/js/cases/<area>.mjs`);
    const same = entry.same || ((r) => r);
    const reference = same(lab[fn](...clone(entry.valid)));
    const calls = badCalls(fn, entry, spec);
    assert.ok(calls.length > 10, `${fn}: only ${calls.length} bad calls`);
    const messages = new Set();
    for (const [label, args] of calls) {
      messages.add(throwsApiError(() => lab[fn](...args), fn, label));
      assert.deepEqual(same(lab[fn](...clone(entry.valid))), reference, `${fn}: valid call after "${label}"`);
    }
    // Messages say what is wrong: not one generic text for everything.
    assert.ok(messages.size > calls.length / 4, `${fn}: only ${messages.size} distinct messages for ${calls.length} bad calls`);
  });
}

test('errors are Error instances with a stack, not numbers or strings', () => {
  let err;
  try {
    lab.matmul([[1, 2]], [[1, 2]]);
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof Error);
  assert.equal(typeof err.message, 'string');
  assert.match(err.message, /^matmul: .*\d/, 'the shape message names the sizes');
  assert.equal(typeof err.stack, 'string');
});
