// Property / fuzz test of web/lib/parse-matrix.js, the only text parser (the
// C++ core takes numbers, not text; tests/fuzz/fuzz_core.cpp fuzzes it).
// Deterministic (seeded PRNG), well under 3 s. Properties:
//   1. parseMatrix and parseNumber never throw, whatever the input: they return
//      {ok: true, value} or their documented failure object
//      {ok: false, code, error, row, col, ...} (see the header of parse-matrix.js);
//   2. every accepted value is a rectangular matrix of finite numbers within
//      MAX_SIDE x MAX_SIDE;
//   3. valid matrices written in each supported notation parse back exactly;
//   4. an accepted value written back as CSV parses to itself (idempotence).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';
const { rng } = await import(pathToFileURL(path.join(root, 'web/util/random.js')).href);

const { parseNumber, parseMatrix, MAX_SIDE, MAX_CHARS } = await import(
  pathToFileURL(path.join(root, 'web/lib/parse-matrix.js')).href);

const SEED = 0x5eed2024;
const BUDGET_MS = 800; // per test: stop early on a loaded machine (the whole file stays < 3 s)


const CODES = new Set(['empty', 'bad-number', 'ragged', 'too-large', 'syntax']);
const REASONS = new Set(['not-a-number', 'not-finite', 'division-by-zero', 'empty']);
const isPos = (x) => x === null || (Number.isInteger(x) && x >= 1);

function checkFailure(r, input) {
  const where = String(JSON.stringify(input)).slice(0, 200);
  assert.equal(r.ok, false, where);
  assert.ok(CODES.has(r.code), `unknown code ${r.code} for ${where}`);
  assert.equal(typeof r.error, 'string', where);
  assert.ok(r.error.length > 0, where);
  if ('row' in r || 'col' in r) {
    assert.ok(isPos(r.row), `row ${r.row} for ${where}`);
    assert.ok(isPos(r.col), `col ${r.col} for ${where}`);
  }
  if (r.code === 'bad-number') {
    assert.equal(typeof r.text, 'string', where);
    assert.ok(r.text.length <= 24, where);
    assert.ok(REASONS.has(r.reason), `reason ${r.reason} for ${where}`);
  }
  if (r.code === 'ragged') assert.ok(Number.isInteger(r.expected) && Number.isInteger(r.got), where);
  if (r.code === 'too-large') assert.ok(Number.isInteger(r.limit), where);
}

function checkMatrixResult(r, input) {
  assert.equal(typeof r, 'object', JSON.stringify(input));
  if (!r.ok) return checkFailure(r, input);
  const v = r.value;
  assert.ok(Array.isArray(v) && v.length >= 1 && v.length <= MAX_SIDE, JSON.stringify(input));
  const cols = v[0].length;
  assert.ok(cols >= 1 && cols <= MAX_SIDE, JSON.stringify(input));
  for (const row of v) {
    assert.equal(row.length, cols, JSON.stringify(input));
    for (const x of row) assert.ok(typeof x === 'number' && Number.isFinite(x), JSON.stringify(input));
  }
  // Idempotence: written back as CSV, it parses to itself.
  const again = parseMatrix(v.map((row) => row.map(String).join(', ')).join('\n'));
  assert.deepEqual(again, { ok: true, value: v.map((row) => row.map((x) => x + 0)) }, JSON.stringify(input));
}

function checkNumberResult(r, input) {
  if (r.ok) assert.ok(Number.isFinite(r.value), JSON.stringify(input));
  else checkFailure(r, input);
}

// Characters the parser cares about, plus noise.
const ALPHABET = [
  ...'0123456789', '.', '-', '+', 'e', 'E', '/', ',', ';', ' ', ' ', '\t', '\n', '\r', '[', ']', '(', ')',
  'np.array(', 'torch.tensor(', 'dtype=float', 'inf', 'NaN', '∞', 'Infinity', '−', '–', '，', '、', '１', '２',
  '．', '－', '\u3000', '\u00a0', '\ufeff', 'x', 'é', '"', "'", '\\', '{', '}', '1e400', '1/0', '0/0', '😀', '\u0000',
];

function randomNumber(rnd) {
  switch (Math.floor(rnd() * 5)) {
    case 0: return Math.floor(rnd() * 21) - 10;
    case 1: return Math.round((rnd() - 0.5) * 2000) / 100;
    case 2: return (rnd() - 0.5) * 10 ** Math.floor(rnd() * 40 - 20);
    case 3: return (rnd() < 0.5 ? -1 : 1) * rnd() * 1e300;
    default: return rnd();
  }
}

function randomMatrix(rnd, maxSide = 8) {
  const r = 1 + Math.floor(rnd() * maxSide), c = 1 + Math.floor(rnd() * maxSide);
  return Array.from({ length: r }, () => Array.from({ length: c }, () => randomNumber(rnd) + 0));
}

// The notations of the parser's header comment.
const FORMATS = {
  csv: (M) => M.map((r) => r.join(', ')).join('\n'),
  csvTrailing: (M) => M.map((r) => r.join(',') + ',').join('\n'),
  tsv: (M) => M.map((r) => r.join('\t')).join('\r\n'),
  spaces: (M) => M.map((r) => r.join('   ')).join('\n') + '\n',
  matlab: (M) => '[' + M.map((r) => r.join(' ')).join('; ') + ']',
  matlabBare: (M) => M.map((r) => r.join(' ')).join(';'),
  json: (M) => JSON.stringify(M),
  numpy: (M) => 'np.array([' + M.map((r) => '[' + r.join(', ') + ']').join(',\n          ') + '], dtype=float)',
  numpyPrint: (M) => '[' + M.map((r) => '[' + r.join(' ') + ']').join('\n ') + ']',
  rows: (M) => M.map((r) => '[' + r.join(', ') + ']').join('\n'),
  torch: (M) => 'torch.tensor(' + JSON.stringify(M) + ')',
};

function mutate(rnd, text) {
  const chars = [...text];
  const n = 1 + Math.floor(rnd() * 4);
  for (let k = 0; k < n; k++) {
    const at = Math.floor(rnd() * (chars.length + 1));
    switch (Math.floor(rnd() * 4)) {
      case 0: chars.splice(at, 0, ALPHABET[Math.floor(rnd() * ALPHABET.length)]); break;
      case 1: chars.splice(at, 1 + Math.floor(rnd() * 3)); break;
      case 2: chars.splice(at, 1, ALPHABET[Math.floor(rnd() * ALPHABET.length)]); break;
      default: chars.splice(at, 0, ...chars.slice(at, at + Math.floor(rnd() * 8))); break;
    }
  }
  return chars.join('');
}

function timed(fn) {
  const t0 = performance.now();
  let i = 0;
  while (performance.now() - t0 < BUDGET_MS && fn(i)) i++;
  return i;
}

test('valid matrices round-trip through every notation', () => {
  const rnd = rng(SEED);
  const names = Object.keys(FORMATS);
  const done = timed((i) => {
    const M = randomMatrix(rnd);
    for (const name of names) {
      const text = FORMATS[name](M);
      assert.deepEqual(parseMatrix(text), { ok: true, value: M }, `${name}: ${text}`);
    }
    return i < 1500;
  });
  assert.ok(done >= 100, `only ${done} rounds`);
});

test('mutated valid inputs: a value or a documented failure, never a throw', () => {
  const rnd = rng(SEED + 1);
  const names = Object.keys(FORMATS);
  const done = timed((i) => {
    const text = mutate(rnd, FORMATS[names[i % names.length]](randomMatrix(rnd, 5)));
    checkMatrixResult(parseMatrix(text), text);
    return i < 8000;
  });
  assert.ok(done >= 200, `only ${done} inputs`);
});

test('random strings and values: a value or a documented failure, never a throw', () => {
  const rnd = rng(SEED + 2);
  const done = timed((i) => {
    const len = Math.floor(rnd() * (rnd() < 0.1 ? 400 : 40));
    let text = '';
    for (let k = 0; k < len; k++) text += ALPHABET[Math.floor(rnd() * ALPHABET.length)];
    checkMatrixResult(parseMatrix(text), text);
    checkNumberResult(parseNumber(text), text);
    return i < 8000;
  });
  assert.ok(done >= 200, `only ${done} inputs`);
  // Limits and non-strings.
  for (const input of ['1 '.repeat(MAX_CHARS), '1\n'.repeat(MAX_SIDE + 1), '1,'.repeat(MAX_SIDE + 1) + '1',
    `[${'[1],'.repeat(MAX_SIDE + 1)}]`, '[[[1]]]', '', '   ', '[]', '[[]]', ']', '[', null, undefined, 42, {}, []]) {
    checkMatrixResult(parseMatrix(input), input);
    checkNumberResult(parseNumber(input), input);
  }
  assert.equal(parseMatrix('1 '.repeat(MAX_CHARS)).code, 'too-large');
  assert.equal(parseMatrix('1\n'.repeat(MAX_SIDE + 1)).code, 'too-large');
});
