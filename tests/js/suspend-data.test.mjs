// What the SCORM launcher keeps in suspend data (web/embed/scorm/record.js)
// and the query encoder the page and the launcher share
// (web/state/query-text.js): every lesson's worst-case state, in the
// lesson's package and all together in the course package, within SCORM
// 1.2's 4,096 characters (what does not fit is left out in priority order
// and named) and 2004's 64,000 (everything kept).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';
import { root as ROOT } from './helpers.mjs';

const load = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
const { queryText } = await load('web/state/query-text.js');
const { queryFor, SHELL_SCHEMA } = await load('web/state/url-state.js');
const { parseValue, readParams } = await load('web/state/schema.js');
const context = {};
vm.runInNewContext(fs.readFileSync(path.join(ROOT, 'web/embed/scorm/record.js'), 'utf8'), context);
const Record = context.AttnLabRecord;
const LESSONS = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/lessons.json'), 'utf8')).lessons;
const LIMIT = { '1.2': 4096, 2004: 64000 };

// The longest value a learner can give each parameter: every list and
// matrix at its largest size, every number six significant digits at the
// end of its range with its sign (fewer where the value would pass the
// 4,000 characters a URL value may have), every text at its longest.
function worstNumber(spec, digits = 6) {
  const top = Math.min(1e9, Math.max(Math.abs(spec.min ?? 1e6), Math.abs(spec.max ?? 1e6)));
  const sign = (spec.min ?? -1) < 0 ? -1 : 1;
  return spec.type === 'integer' ? sign * Math.floor(top) : sign * Number((top * 0.987654321).toPrecision(digits));
}
function worstList(spec, make) {
  for (let d = 6; d > 1; d--) {
    const v = make(() => worstNumber(spec, d));
    if (!parseValue(JSON.stringify(v).replace(/\],\[/g, ';').replace(/[[\]]/g, ''), spec).error) return v;
  }
  return make(() => worstNumber(spec, 1));
}
function worstValue(spec) {
  switch (spec.type) {
    case 'number': case 'integer': return worstNumber(spec);
    case 'boolean': return !spec.default;
    case 'enum': return spec.values.reduce((a, b) => (b.length > a.length ? b : a));
    case 'set': return spec.values.slice();
    case 'vector': return worstList(spec, (x) => Array.from({ length: spec.maxLength || 64 }, x));
    case 'matrix': return worstList(spec, (x) => Array.from({ length: spec.maxRows || 16 }, () => Array.from({ length: spec.maxCols || 16 }, x)));
    case 'text': {
      const n = spec.maxLength || 64;
      return ['a', 'x', '1', 'a.1.c'].map((c) => c.repeat(n).slice(0, n)).find((s) => !parseValue(s, spec).error) ?? spec.default;
    }
    default: throw new Error(`no worst case for ${spec.type}`);
  }
}
const worstValues = (schema) => Object.fromEntries(Object.entries(schema).map(([k, s]) => [k, worstValue(s)]));

// The shell's worst case: every lesson's progress record full, the largest seed, the longest step.
const progressAll = LESSONS.map((l) => `${l.id}.zzzzzzzz.${'c'.repeat(l.exercises.length)}`).join('~');
const shellWorst = (id) => ({ lesson: id, lang: 'zh-Hans', theme: 'light', step: 99, hide: [], progress: progressAll, xseed: 2147483647, exercise: '', teacher: false, lti: false });
const worstQuery = (l) => queryFor(shellWorst(l.id), worstValues(l.params), l.params);
const pairsOf = (q) => q.split('&');

test('queryText: a query URLSearchParams reads back unchanged, with commas, semicolons and tildes kept as they are', () => {
  for (const l of LESSONS) {
    const params = worstQuery(l);
    const text = queryText(params);
    assert.deepEqual([...new URLSearchParams(text)], [...params], l.id);
    assert.ok(!/%2C|%3B|%7E/.test(text), l.id);
    // What the lesson reads from it is what it wrote.
    assert.deepEqual(readParams(new URLSearchParams(text), l.params).errors, [], l.id);
  }
  // '&', '=', '+', '#', '%', '|' and non-ASCII stay escaped.
  const tricky = new URLSearchParams([['s', 'a&b=c+d#e%f|g 注意 ,;~']]);
  const t = queryText(tricky);
  assert.equal(new URLSearchParams(t).get('s'), 'a&b=c+d#e%f|g 注意 ,;~');
  assert.ok(!/[&=#|]/.test(t.slice(2)) && !/注/.test(t));
});

test('every lesson\'s worst-case state: 2004 keeps it whole; 1.2 keeps 4,096 characters in priority order (shell state, then the shortest inputs) and names what it leaves out', () => {
  const rows = [];
  for (const l of LESSONS) {
    const before = worstQuery(l).toString().length;
    const text = queryText(worstQuery(l));
    const state = Record.parse(text);
    assert.equal(state.kind, 'lesson', l.id);
    const r2004 = Record.fit(state, l.id, LIMIT[2004], false, 'l');
    assert.equal(r2004.text, text, `${l.id}: 2004 keeps the whole query`);
    assert.deepEqual([...r2004.dropped], []);
    const r12 = Record.fit(state, l.id, LIMIT['1.2'], false, 'l');
    assert.ok(r12.text.length > 0 && r12.text.length <= LIMIT['1.2'], `${l.id}: ${r12.text.length}`);
    const kept = pairsOf(r12.text), all = pairsOf(text);
    // The shell's state is never left out; inputs are kept whole, in their order, or named.
    for (const p of all.filter((x) => /^(lesson|lang|step|progress|xseed)=/.test(x))) assert.ok(kept.includes(p), `${l.id}: ${p.slice(0, 20)}`);
    assert.deepEqual(kept, all.filter((p) => kept.includes(p)), `${l.id}: order`);
    const left = all.filter((p) => !kept.includes(p)).map((p) => p.split('=')[0]);
    assert.deepEqual([...r12.dropped], left, `${l.id}: named`);
    // Left out only because it did not fit: each dropped input alone would overflow.
    for (const name of left) {
      const p = all.find((x) => x.startsWith(`${name}=`));
      assert.ok(r12.text.length + 1 + p.length > LIMIT['1.2'], `${l.id}: ${name} would have fitted`);
    }
    // And a launch reads back what was kept.
    assert.deepEqual([...Record.parse(r12.text).entries[l.id].pairs], kept.slice(1));
    rows.push(`${l.id.padEnd(13)} ${String(before).padStart(6)} ${String(text.length).padStart(6)} ${String(r12.text.length).padStart(6)}  ${left.join(', ') || '-'}`);
  }
  console.log(`# worst-case suspend data per lesson (characters): form-encoded before, compact now, kept in 1.2; left out in 1.2\n# ${rows.join('\n# ')}`);
});

test('the course package: every lesson\'s worst case in one record; 2004 keeps all, 1.2 keeps every lesson\'s result and shell state first', () => {
  const text = (scope) => `al1${scope}|` + LESSONS.map((l, i) => `${l.id}!${i * 7 % 101}!${i % 2 ? 'cp' : ''}!${queryText(worstQuery(l)).replace(/^lesson=[a-z-]+&?/, '')}`).join('|');
  const state = Record.parse(text('l'));
  assert.equal(state.kind, 'course');
  assert.deepEqual([...state.ids], LESSONS.map((l) => l.id));
  const current = 'practice';
  const r2004 = Record.fit(state, current, LIMIT[2004], true, 'c');
  const back = Record.parse(r2004.text);
  assert.equal(back.scope, 'c');
  assert.deepEqual([...r2004.dropped], []);
  assert.deepEqual([...r2004.others], []);
  for (const l of LESSONS) {
    // Each lesson keeps its own part of the progress, nothing else.
    const pairs = [...back.entries[l.id].pairs];
    assert.deepEqual(pairs.filter((p) => p.startsWith('progress=')), [`progress=${l.id}.zzzzzzzz.${'c'.repeat(l.exercises.length)}`]);
    assert.deepEqual(pairs.filter((p) => !p.startsWith('progress=')), [...state.entries[l.id].pairs].filter((p) => !p.startsWith('progress=')), l.id);
  }
  const r12 = Record.fit(state, current, LIMIT['1.2'], true, 'c');
  assert.ok(r12.text.length <= LIMIT['1.2']);
  const kept = Record.parse(r12.text);
  assert.deepEqual([...kept.ids], LESSONS.map((l) => l.id), 'every lesson stays');
  for (const l of LESSONS) {
    assert.equal(kept.entries[l.id].score, state.entries[l.id].score);
    assert.equal(kept.entries[l.id].flags, state.entries[l.id].flags);
    for (const k of ['lang', 'step', 'xseed', 'progress']) assert.ok(kept.entries[l.id].pairs.some((p) => p.startsWith(`${k}=`)), `${l.id} ${k}`);
  }
  // The current lesson's inputs come before the others'.
  const others = LESSONS.filter((l) => l.id !== current && Object.keys(l.params).length);
  assert.ok(r12.others.length > 0 && r12.others.every((id) => others.some((l) => l.id === id)));
  console.log(`# course record, worst case: ${text('l').length} characters; 2004 ${r2004.text.length}; 1.2 ${r12.text.length} (${current}'s inputs left out: ${r12.dropped.join(', ') || '-'}; other lessons with inputs left out: ${r12.others.length})`);
});

test('suspend data the launcher cannot use is "bad", never half-read', () => {
  for (const t of ['%%garbage{"x":1}', 'lesson=', 'lesson=Softmax&z=1', 'al1x|softmax!1!!', 'al1l|softmax!101!!', 'al1l|softmax!1!q!', 'al1l|softmax!1!!z', 'al1l|softmax!1!!|softmax!1!!', 'al1c|softmax', 'lesson=softmax&z=1|2'])
    assert.equal(Record.parse(t).kind, 'bad', t);
  assert.equal(Record.parse('').kind, 'none');
  const ok = Record.parse('al1c|softmax!100!cp!lang=en&z=1,2!|vectors!!!');
  assert.deepEqual([...ok.ids], ['softmax', 'vectors']);
  assert.deepEqual([...ok.entries.softmax.pairs], ['lang=en', 'z=1,2!']);
  assert.equal(ok.entries.vectors.score, -1);
  assert.equal(Record.query(ok, 'softmax', 'zh-Hans'), 'lesson=softmax&lang=en&z=1,2!');
  assert.equal(Record.query(ok, 'attention', 'zh-Hans'), 'lesson=attention&lang=zh-Hans');
});
