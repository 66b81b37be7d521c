// Every API function through dist/attnlab.js against the committed
// NumPy/PyTorch fixtures, from the one table (fixture-table.mjs); and the
// names of the functions and their options, the same in the specs, the
// TypeScript declarations and the README's API table (api-names.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FACADE, NOT_IN_JS, TABLE, runCheck } from './fixture-table.mjs';
import { declaredNames, readmeNames, specNames, typeSources } from './api-names.mjs';
import { loadFixture, loadLab, root } from './helpers.mjs';

const { SPECS } = await import(pathToFileURL(path.join(root, 'web/lib/specs/index.js')).href);
const lab = await loadLab();

// 'stem.key' -> the cases (an object in the fixture is a list of one).
const fixtures = {};
function casesOf(ref) {
  const [stem, key] = ref.split('.');
  const fx = (fixtures[stem] ||= loadFixture(stem));
  assert.ok(key in fx, `tests/fixtures/${stem}.json has no "${key}"`);
  return Array.isArray(fx[key]) ? fx[key] : [fx[key]];
}

test('the table has an entry for every function of the API, and names no other', () => {
  const apiMembers = Object.keys(lab).filter((k) => !(k in FACADE)).sort();
  assert.deepEqual([...lab.functions].sort(), apiMembers, 'lab.functions lists every function of the API object');
  assert.deepEqual(Object.keys(SPECS).sort(), apiMembers, 'web/lib/specs describes every function of the API object');
  const missing = apiMembers.filter((fn) => !(fn in TABLE));
  assert.deepEqual(missing, [], `functions without an entry in tests/js/fixture-table.mjs: ${missing.join(', ')}`);
  const unknown = Object.keys(TABLE).filter((fn) => !(fn in SPECS));
  assert.deepEqual(unknown, [], `table entries for functions that do not exist: ${unknown.join(', ')}`);
  const extraFacade = Object.keys(FACADE).filter((k) => !(k in lab) || k in SPECS);
  assert.deepEqual(extraFacade, [], 'FACADE names only members of the API object outside SPECS');
  for (const [fn, entry] of Object.entries(TABLE)) {
    if (entry.noFixture) {
      assert.ok(typeof entry.noFixture === 'string' && entry.noFixture.length > 20 && typeof entry.check === 'function', `${fn}: a reason and a check of its own`);
      continue;
    }
    assert.ok(Array.isArray(entry.checks) && entry.checks.length > 0, `${fn}: no checks`);
    for (const c of entry.checks) {
      assert.ok(typeof c.call === 'function' && (typeof c.want === 'function' || c.throws instanceof RegExp), `${fn}: a check needs call and want (or throws)`);
      if (c.tol || c.fieldTol || c.compare) assert.ok(c.why, `${fn}: a tolerance or comparison of its own says why`);
    }
  }
});

test('every list of cases in tests/fixtures is used by the table (or listed in NOT_IN_JS)', () => {
  const used = new Set(Object.values(TABLE).flatMap((e) => (e.checks || []).map((c) => c.cases)));
  for (const [ref, why] of Object.entries(NOT_IN_JS)) {
    assert.ok(!used.has(ref) && why.length > 20, `NOT_IN_JS ${ref}: a reason, and not used by the table`);
    assert.ok(casesOf(ref).length > 0, `NOT_IN_JS ${ref} is in the fixtures`);
    used.add(ref);
  }
  const unused = [];
  for (const f of fs.readdirSync(path.join(root, 'tests/fixtures')).filter((x) => x.endsWith('.json'))) {
    const stem = f.replace(/\.json$/, '');
    // generated_by names the script that wrote the file; other strings and numbers are not case data either.
    for (const [key, v] of Object.entries(loadFixture(stem)))
      if (key !== 'generated_by' && v && typeof v === 'object' && !used.has(`${stem}.${key}`)) unused.push(`${stem}.${key}`);
  }
  assert.deepEqual(unused, []);
});

for (const [fn, entry] of Object.entries(TABLE)) {
  if (entry.noFixture) {
    test(`${fn} (no fixture: ${entry.noFixture.split(':')[0]})`, () => entry.check(lab));
    continue;
  }
  test(`${fn} matches the fixtures, whole result`, () => {
    assert.ok(SPECS[fn], `${fn} is not a function of the API`);
    for (const check of entry.checks) {
      const cases = casesOf(check.cases).filter(check.filter || (() => true));
      assert.ok(cases.length > 0, `${fn}: no case in ${check.cases}${check.filter ? ' passes the filter' : ''}`);
      runCheck(lab, fn, check, SPECS[fn].args.length, cases);
    }
  });
}

for (const [name, { why, check }] of Object.entries(FACADE))
  test(`${name} (facade member: ${why.split(' (')[0]})`, () => check(lab, SPECS));

// --- Names: specs, TypeScript declarations and README agree.

const specs = await specNames();
const declared = declaredNames(typeSources());
const readme = readmeNames();
const diff = (a, b) => [...a].filter((x) => !b.has(x)).sort();

test('web/lib/specs per area is SPECS', () => {
  assert.deepEqual(Object.keys(specs).sort(), Object.keys(SPECS).sort());
});

test('the TypeScript declarations name every function, its arguments and options as the specs do', () => {
  const problems = [];
  const facade = new Set(Object.keys(FACADE));
  for (const fn of diff(Object.keys(specs), new Set(Object.keys(declared)))) problems.push(`${fn}: in specs/${specs[fn].area}.js, not declared in web/lib/types`);
  for (const fn of diff(Object.keys(declared), new Set([...Object.keys(specs), ...facade]))) problems.push(`${fn}: declared in ${declared[fn].area}.d.ts, not in the API`);
  for (const name of facade) if (declared[name]?.area !== 'head') problems.push(`${name}: facade member, must be declared in head.d.ts`);
  for (const [fn, s] of Object.entries(specs)) {
    const d = declared[fn];
    if (!d) continue;
    if (d.area !== s.area) problems.push(`${fn}: declared in ${d.area}.d.ts but specified in specs/${s.area}.js`);
    if (JSON.stringify(d.args) !== JSON.stringify(s.args)) problems.push(`${fn}: arguments (${d.args}) in ${d.area}.d.ts, (${s.args}) in the spec`);
    if (JSON.stringify(d.options) !== JSON.stringify(s.options)) problems.push(`${fn}: options {${d.options ?? 'none'}} in ${d.area}.d.ts, {${s.options ?? 'none'}} in the spec`);
  }
  assert.deepEqual(problems, []);
});

test('dist/attnlab.d.ts declares what web/lib/types does', () => {
  const dist = path.join(root, 'dist/attnlab.d.ts');
  assert.ok(fs.existsSync(dist), `${dist} is missing: run bash scripts/build.sh`);
  const built = declaredNames([['dist', fs.readFileSync(dist, 'utf8')]]);
  const strip = (o) => Object.fromEntries(Object.entries(o).map(([k, { args, options }]) => [k, { args, options }]));
  assert.deepEqual(strip(built), strip(declared), 'dist/attnlab.d.ts is stale: rebuild');
});

test("the README's API table names every function in its area, with the specs' options", () => {
  const problems = [];
  const all = new Set([...Object.keys(specs), ...Object.keys(FACADE)]);
  for (const fn of diff(all, new Set(Object.keys(readme)))) problems.push(`${fn}: not in the README's API table`);
  for (const fn of diff(Object.keys(readme), all)) problems.push(`${fn}: in the README's API table, not in the API`);
  for (const [fn, r] of Object.entries(readme)) {
    const area = specs[fn]?.area ?? (fn in FACADE ? 'head' : null);
    if (area && r.area !== area) problems.push(`${fn}: in the README row for ${r.area}, but in specs/${area}.js`);
    if (!specs[fn] || r.options === null) continue;
    const want = new Set(specs[fn].options || []);
    const wrong = diff(r.options, want);
    if (wrong.length) problems.push(`${fn}: the README lists options {${wrong}} that the spec does not have`);
    const left = diff(want, new Set(r.options));
    if (!r.partial && left.length) problems.push(`${fn}: the README leaves out options {${left}} (write them, or '...' / 'options')`);
  }
  assert.deepEqual(problems, []);
});
