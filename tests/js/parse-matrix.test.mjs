// web/lib/parse-matrix.js: numbers and matrices as learners type or paste
// them (CSV, TSV, whitespace, MATLAB, NumPy/JSON), and the errors with their
// codes and positions that the page translates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const { parseNumber, parseMatrix, MAX_SIDE, MAX_CHARS } = await import(
  pathToFileURL(path.join(root, 'web/lib/parse-matrix.js')).href);

const M = [[1, 2, 3], [4, 5, 6]];

test('parseNumber: integers, decimals, signs, scientific notation', () => {
  const good = {
    '0': 0, '7': 7, '-3': -3, '+4': 4, '2.5': 2.5, '-0.25': -0.25, '.5': 0.5, '-.5': -0.5, '1.': 1,
    '1e-3': 0.001, '2E3': 2000, '-1.5e+2': -150, '  42  ': 42, '\t3\n': 3, '1e-400': 0,
  };
  for (const [text, value] of Object.entries(good)) assert.deepEqual(parseNumber(text), { ok: true, value }, text);
});

test('parseNumber: fractions and the unicode minus', () => {
  assert.deepEqual(parseNumber('1/3'), { ok: true, value: 1 / 3 });
  assert.deepEqual(parseNumber('-2/5'), { ok: true, value: -2 / 5 });
  assert.deepEqual(parseNumber('−2/5'), { ok: true, value: -2 / 5 });
  assert.deepEqual(parseNumber('1 / 4'), { ok: true, value: 0.25 });
  assert.deepEqual(parseNumber('1.5/0.5'), { ok: true, value: 3 });
  assert.deepEqual(parseNumber('1e3/4'), { ok: true, value: 250 });
  assert.deepEqual(parseNumber('−4'), { ok: true, value: -4 });
  assert.deepEqual(parseNumber('−1e−3'), { ok: true, value: -0.001 });
});

test('parseNumber: full-width digits from CJK input methods', () => {
  assert.deepEqual(parseNumber('１２．５'), { ok: true, value: 12.5 });
  assert.deepEqual(parseNumber('－３／４'), { ok: true, value: -0.75 });
});

test('parseNumber: Infinity, NaN, division by zero and junk are refused', () => {
  const cases = {
    Infinity: 'not-finite', '-Infinity': 'not-finite', inf: 'not-finite', '∞': 'not-finite', NaN: 'not-finite',
    '1e400': 'not-finite', '-1e309': 'not-finite', '1/0': 'division-by-zero', '0/0': 'division-by-zero',
    abc: 'not-a-number', '0x10': 'not-a-number', '1,5': 'not-a-number', '1 2': 'not-a-number', '--1': 'not-a-number',
    '1e': 'not-a-number', '.': 'not-a-number', '1/2/3': 'not-a-number', '/2': 'not-a-number', '1/': 'not-a-number',
    '2^3': 'not-a-number', '1_000': 'not-a-number',
  };
  for (const [text, reason] of Object.entries(cases)) {
    const r = parseNumber(text);
    assert.equal(r.ok, false, text);
    assert.equal(r.code, 'bad-number', text);
    assert.equal(r.reason, reason, text);
    assert.equal(typeof r.error, 'string');
    assert.ok(r.error.length > 0);
  }
  for (const text of ['', '   ']) {
    const r = parseNumber(text);
    assert.equal(r.ok, false);
    assert.equal(r.code, 'empty');
  }
  assert.equal(parseNumber(null).ok, false);
  assert.equal(parseNumber(undefined).ok, false);
  assert.equal(parseNumber('9'.repeat(1000)).ok, false);
});

test('parseMatrix: CSV, TSV, whitespace and MATLAB rows', () => {
  const inputs = [
    '1,2,3\n4,5,6',
    '1, 2, 3\n4, 5, 6\n',
    '1,2,3,\n4,5,6,',                 // trailing commas (pasted from code)
    '1\t2\t3\n4\t5\t6',               // a spreadsheet paste
    '1\t2\t3\r\n4\t5\t6\r\n',
    ' 1 \t 2 \t 3 \n 4 \t 5 \t 6 ',
    '1 2 3\n4 5 6',
    '  1   2  3\n\n 4 5    6  \n\n',  // blank lines are skipped
    '1 2 3; 4 5 6',                   // MATLAB rows
    '[1 2 3; 4 5 6]',
    '[1, 2, 3; 4, 5, 6]',
    '[1 2 3\n 4 5 6]',
    '1,2,3;4,5,6;',
  ];
  for (const text of inputs) assert.deepEqual(parseMatrix(text), { ok: true, value: M }, JSON.stringify(text));
});

test('parseMatrix: NumPy, JSON and PyTorch notation', () => {
  const inputs = [
    '[[1, 2, 3], [4, 5, 6]]',
    '[[1,2,3],[4,5,6]]',
    '[[1, 2, 3],\n [4, 5, 6]]',
    '[[1, 2, 3,], [4, 5, 6,],]',              // Python trailing commas
    '[[1. 2. 3.]\n [4. 5. 6.]]',              // print(np_array)
    'np.array([[1, 2, 3], [4, 5, 6]])',
    'numpy.array([[1, 2, 3], [4, 5, 6]])',
    'array([[1., 2., 3.],\n       [4., 5., 6.]])',   // repr(np_array)
    'np.array([[1, 2, 3], [4, 5, 6]], dtype=float)',
    'torch.tensor([[1., 2., 3.], [4., 5., 6.]])',
    '[1, 2, 3]\n[4, 5, 6]',                   // rows without the outer brackets
    '[1, 2, 3],\n[4, 5, 6]',
  ];
  for (const text of inputs) assert.deepEqual(parseMatrix(text), { ok: true, value: M }, JSON.stringify(text));
  assert.deepEqual(parseMatrix('[1, 2, 3]'), { ok: true, value: [[1, 2, 3]] });
  assert.deepEqual(parseMatrix('np.array([1, 2, 3])'), { ok: true, value: [[1, 2, 3]] });
  assert.deepEqual(parseMatrix('[[7]]'), { ok: true, value: [[7]] });
  assert.deepEqual(parseMatrix('5'), { ok: true, value: [[5]] });
  assert.deepEqual(parseMatrix('[[1], [2]]'), { ok: true, value: [[1], [2]] });
});

test('parseMatrix: entries may be fractions, scientific, unicode minus, full width', () => {
  assert.deepEqual(parseMatrix('1/3 −2/5\n1e-3 .5'), { ok: true, value: [[1 / 3, -0.4], [0.001, 0.5]] });
  assert.deepEqual(parseMatrix('[[1 / 2, -1/4]]'), { ok: true, value: [[0.5, -0.25]] });
  assert.deepEqual(parseMatrix('1 / 2  3'), { ok: true, value: [[0.5, 3]] });
  assert.deepEqual(parseMatrix('１，２\n３，４'), { ok: true, value: [[1, 2], [3, 4]] });
  assert.deepEqual(parseMatrix('［［１，２］，［３，４］］'), { ok: true, value: [[1, 2], [3, 4]] });
  assert.deepEqual(parseMatrix('1\u00a02\n3\u30004'), { ok: true, value: [[1, 2], [3, 4]] });
});

function fails(text, code, row, col) {
  const r = parseMatrix(text);
  assert.equal(r.ok, false, `${JSON.stringify(text)} should fail`);
  assert.equal(r.code, code, `${JSON.stringify(text)}: ${r.error}`);
  assert.equal(typeof r.error, 'string');
  assert.ok(r.error.length > 0);
  assert.ok('row' in r && 'col' in r, 'row and col are always present');
  if (row !== undefined) assert.equal(r.row, row, `${JSON.stringify(text)} row`);
  if (col !== undefined) assert.equal(r.col, col, `${JSON.stringify(text)} col`);
  return r;
}

test('parseMatrix: empty input', () => {
  for (const text of ['', '   ', '\n\n', '[]', '[[]]', '[[], []]', 'np.array([])', ';;']) fails(text, 'empty', null, null);
});

test('parseMatrix: ragged rows name the row', () => {
  let r = fails('1 2 3\n4 5', 'ragged', 2, 3);
  assert.equal(r.expected, 3);
  assert.equal(r.got, 2);
  assert.match(r.error, /row 2/i);
  r = fails('1,2\n3,4\n5,6,7', 'ragged', 3, 3);
  assert.match(r.error, /row 3/i);
  fails('[[1, 2], [3]]', 'ragged', 2);
  fails('[1 2; 3]', 'ragged', 2);
  fails('1\t2\n3\t4\t5', 'ragged', 2);
  fails('[[1, 2], []]', 'ragged', 2);
});

test('parseMatrix: a bad entry gives its row and column', () => {
  let r = fails('1 2\n3 x', 'bad-number', 2, 2);
  assert.equal(r.text, 'x');
  assert.equal(r.reason, 'not-a-number');
  r = fails('1,Infinity', 'bad-number', 1, 2);
  assert.equal(r.reason, 'not-finite');
  r = fails('[[1, 2], [NaN, 4]]', 'bad-number', 2, 1);
  assert.equal(r.reason, 'not-finite');
  r = fails('1 1/0', 'bad-number', 1, 2);
  assert.equal(r.reason, 'division-by-zero');
  fails('1,,2', 'bad-number', 1, 2);
  fails('1\t\t2', 'bad-number', 1, 2);
  fails('1 2 3\n4 5 six', 'bad-number', 2, 3);
  r = fails('1 ' + 'y'.repeat(100), 'bad-number', 1, 2);
  assert.ok(r.text.length <= 24, 'the echoed text is clipped');
});

test('parseMatrix: bracket syntax errors', () => {
  fails('[[1, 2], [3, 4]', 'syntax');
  fails('[1, 2]]', 'syntax');
  fails('[[[1, 2]]]', 'syntax');
  fails('[[1, 2], 3]', 'syntax');
  fails('[1, [2, 3]]', 'syntax');
  fails('[[1, 2]] [3, 4]', 'syntax');
  fails('[[1, 2]] 5', 'syntax');
  fails('[1, 2] 5', 'syntax');
  fails('[[1 2; 3 4]]', 'syntax');
  assert.equal(parseMatrix(42).code, 'syntax');
  assert.equal(parseMatrix(null).code, 'syntax');
});

test(`parseMatrix: at most ${MAX_SIDE} x ${MAX_SIDE} and ${MAX_CHARS} characters`, () => {
  const row = (n) => Array(n).fill('1').join(' ');
  const square = (n) => Array(n).fill(row(n)).join('\n');
  const ok = parseMatrix(square(MAX_SIDE));
  assert.equal(ok.ok, true);
  assert.equal(ok.value.length, MAX_SIDE);
  assert.equal(ok.value[0].length, MAX_SIDE);
  fails(Array(MAX_SIDE + 1).fill('1').join('\n'), 'too-large', MAX_SIDE + 1, null);
  fails(row(MAX_SIDE + 1), 'too-large', null, MAX_SIDE + 1);
  fails(`[${Array(MAX_SIDE + 1).fill('[1]').join(',')}]`, 'too-large', MAX_SIDE + 1);
  fails(`[[${Array(MAX_SIDE + 1).fill('1').join(',')}]]`, 'too-large', null, MAX_SIDE + 1);
  fails(Array(MAX_SIDE + 1).fill('1').join(';'), 'too-large');
  const r = fails(' '.repeat(MAX_CHARS + 1), 'too-large', null, null);
  assert.equal(r.limit, MAX_CHARS);
  assert.equal(parseMatrix('1' + ' '.repeat(MAX_CHARS - 1)).ok, true);
});

test('parseMatrix: random matrices round-trip through every notation', () => {
  let seed = 12345;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let k = 0; k < 50; k++) {
    const rows = 1 + Math.floor(rand() * 6), cols = 1 + Math.floor(rand() * 6);
    const m = Array.from({ length: rows }, () => Array.from({ length: cols }, () => (rand() - 0.5) * 10 ** Math.floor(rand() * 8 - 4)));
    const texts = [
      m.map((r) => r.join(',')).join('\n'),
      m.map((r) => r.join('\t')).join('\n'),
      m.map((r) => r.join(' ')).join('\n'),
      m.map((r) => r.join(' ')).join('; '),
      JSON.stringify(m),
      `np.array(${JSON.stringify(m)})`,
    ];
    for (const t of texts) assert.deepEqual(parseMatrix(t), { ok: true, value: m }, t);
  }
});

test('parse errors carry no surprises: code is one of five, error is English text', () => {
  const codes = new Set(['empty', 'bad-number', 'ragged', 'too-large', 'syntax']);
  const inputs = ['', 'x', '1 2\n3', '[[1]', '1 '.repeat(70), '[', ']', '[,]', ',', '[;]', '[[1],[2]]]', '1e', '-', '/', '[[1,2],[3,4]]]'];
  for (const t of inputs) {
    const r = parseMatrix(t);
    if (r.ok) continue;
    assert.ok(codes.has(r.code), `${JSON.stringify(t)}: code ${r.code}`);
    assert.match(r.error, /^[A-Z"]/, `${JSON.stringify(t)}: ${r.error}`);
  }
});
