// Parsing at the library level: a decimal comma is
// detected (and full-width input keeps working), line and paragraph
// separators are line breaks, joinFractions is linear, an editor's number
// check is the URL schema's, tiny vectors have an angle, and the core's
// messages are translated with 1-based cells.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, loadLab } from './helpers.mjs';

const imp = (p) => import(pathToFileURL(path.join(root, p)).href);
const { parseMatrix, parseNumber, decimalCommaNote, MAX_CHARS } = await imp('web/lib/parse-matrix.js');
const { checkNumber, parseValue, encodeValue } = await imp('web/state/schema.js');

test('decimal comma: "0,5;1,5;2,5" is read as 3 x 2 and a note says so', () => {
  assert.deepEqual(parseMatrix('0,5;1,5;2,5'), { ok: true, value: [[0, 5], [1, 5], [2, 5]] });
  const note = decimalCommaNote('0,5;1,5;2,5');
  assert.equal(note.code, 'decimal-comma');
  assert.equal(note.example, '0.5');
  assert.match(note.message, /Read as 2 columns; for 0\.5 write 0\.5/);
  // an optimization start point
  assert.equal(decimalCommaNote('1,5').example, '1.5');
  assert.equal(decimalCommaNote('-1,25').example, '-1.25');
  // not ambiguous: spaces after the comma, three values, brackets, a single number, decimals already
  for (const text of ['1, 5', '1,5,2', '[1,5]', '[[0,5],[1,5]]', '5', '0.5,1.5', '1\t5', 'np.array([1,5])', '0,5;1,5,3'])
    assert.equal(decimalCommaNote(text), null, text);
});

test('full-width digits and punctuation keep working and are never a decimal comma', () => {
  assert.deepEqual(parseMatrix('１，２；３，４'), { ok: true, value: [[1, 2], [3, 4]] });
  assert.deepEqual(parseMatrix('１，５'), { ok: true, value: [[1, 5]] });
  assert.equal(decimalCommaNote('１，５'), null);
  assert.equal(decimalCommaNote('1、5'), null);
  assert.deepEqual(parseNumber('－２．５'), { ok: true, value: -2.5 });
  assert.deepEqual(parseMatrix('[[１，２]，[３，４]]'), { ok: true, value: [[1, 2], [3, 4]] });
});

test('U+2028 / U+2029 / NEL inside bracket input are line breaks, not the end of the input', () => {
  assert.deepEqual(parseMatrix('[1, 2]\u2028[3, 4]'), { ok: true, value: [[1, 2], [3, 4]] });
  assert.deepEqual(parseMatrix('[1 2\u20293 4]'), { ok: true, value: [[1, 2], [3, 4]] });
  assert.deepEqual(parseMatrix('[1 2; 3 4]\u0085'), { ok: true, value: [[1, 2], [3, 4]] });
  assert.deepEqual(parseMatrix('1 2\u20283 4'), { ok: true, value: [[1, 2], [3, 4]] });
  // every other space character only separates
  assert.deepEqual(parseMatrix('[1\u16802]'), { ok: true, value: [[1, 2]] });
  assert.equal(parseMatrix('[[1, 2]]\u2029[[3]]').ok, false, 'a second matrix is an error, not dropped');
});

test('joinFractions is linear: 20,000 spaces or tabs parse in milliseconds', () => {
  for (const text of [' '.repeat(MAX_CHARS - 1) + '1', '1' + '\t'.repeat(MAX_CHARS - 2) + '2', '[' + ' '.repeat(MAX_CHARS - 3) + '1]',
    '1' + ' '.repeat(9990) + '/' + ' '.repeat(9990) + '3']) {
    // A complexity guard, not a timing: the quadratic version took 560-1,350 ms
    // here and the linear one 1-2 ms, so the best of three stays far below
    // 250 ms on any loaded machine while a quadratic one cannot.
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      parseMatrix(text);
      best = Math.min(best, performance.now() - t0);
    }
    assert.ok(best < 250, `${best.toFixed(0)} ms for ${JSON.stringify(text.slice(0, 3))}...`);
  }
  assert.deepEqual(parseMatrix('1 / 3  2\t/\t4'), { ok: true, value: [[1 / 3, 0.5]] });
});

test('checkNumber is the schema\'s own check: what an editor accepts, a link reproduces', async () => {
  const { default: { params } } = await imp('web/lessons/attention/params.js');
  assert.ok(checkNumber(1e200, params.Q).error, '1e200 is refused');
  assert.deepEqual(checkNumber(-100, params.Q), { value: -100 });
  for (const x of [0.1, 1 / 3, -7.25, 1e-7, 99.99999999999999, -0]) {
    assert.deepEqual(checkNumber(x, params.Q), { value: Object.is(x, -0) ? 0 : x });
    const link = parseValue(encodeValue([[x, 1]], params.Q), params.Q);
    assert.deepEqual(link, { value: [[Object.is(x, -0) ? 0 : x, 1]] }, `${x} round-trips through a link`);
  }
  const { default: { params: prob } } = await imp('web/lessons/probability/params.js');
  assert.ok(checkNumber(-1, prob.p).error, 'a negative probability is refused where typed');
  assert.ok(checkNumber(-1, prob.J).error);
});

test('vectors: u = v = (1e-200, 0) have an angle of 0°, not NaN', async () => {
  const lab = await loadLab();
  const { compute } = await imp('web/lessons/vectors/ops.js');
  const r = compute(lab, [1e-200, 0], [1e-200, 0], 1.5);
  assert.equal(r.cos, 1);
  assert.equal(r.theta, 0);
  assert.deepEqual(r.proj, [1e-200, 0]);
  assert.equal(compute(lab, [1e-200, 0], [0, 1e-200], 1).theta, 90);
  assert.equal(compute(lab, [1e-310, 0], [-1e-310, 0], 1).theta, 180);
  const usual = compute(lab, [3, 1], [1, 3], 1);
  assert.equal(usual.cos, lab.dot([3, 1], [1, 3]) / (lab.norm([3, 1]) * lab.norm([1, 3])), 'ordinary vectors: as before');
});

test('probability: a total of 1e-320 is renormalized, not "scale: alpha must be a finite number"', async () => {
  const lab = await loadLab();
  const { normalize } = await imp('web/lessons/probability/norm.js');
  const r = normalize(lab, [1e-320, 0, 0, 0], true);
  assert.ok(Math.abs(r.p[0] - 1) < 1e-15 && r.p.slice(1).every((x) => x === 0), JSON.stringify(r.p));
  assert.ok(Number.isFinite(lab.moments([1, 2, 3, 4], r.p).mean));
  assert.equal(r.scaled, true);
});

test('core messages in the page\'s language, cells counted from 1, the English kept as a detail', async () => {
  const { coreMessage } = await imp('web/lessons/shared/kit.js');
  const fs = await import('node:fs');
  const strings = (lang) => JSON.parse(fs.readFileSync(path.join(root, 'web/i18n', `${lang}.json`), 'utf8'));
  const translator = (lang) => {
    const s = strings(lang);
    return (key, vars = {}) => {
      const v = key.split('.').reduce((o, k) => (o ? o[k] : undefined), s);
      assert.equal(typeof v, 'string', `${lang}: ${key}`);
      return v.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
    };
  };
  const lab = await loadLab();
  const err = (f) => { try { f(); } catch (e) { return e; } assert.fail('no error'); };
  const zh = translator('zh-Hans'), en = translator('en');
  const e1 = err(() => lab.conditional([[-1, 1], [0, 0]]));
  const m1 = coreMessage(e1, zh);
  assert.match(m1.text, /第 1 行、第 1 列/);
  assert.match(m1.detail, /^conditional: joint has a negative entry \(-1\) at \(0, 0\)/);
  assert.match(coreMessage(e1, en).text, /row 1, column 1 is negative \(-1\)/);
  const e2 = err(() => lab.attention([[1, 2]], [[1, 2, 3]], [[1]]));
  assert.match(coreMessage(e2, zh).text, /K 有 3 列，而 Q 有 2 列/);
  const e3 = err(() => lab.moments([1], [0.25, 0.25, 0.25, 0.25]));
  assert.match(coreMessage(e3, zh).text, /x 有 1 个数，而 p 有 4 个/);
  // anything else: a sentence in the page's language, the English after it
  const other = coreMessage(err(() => lab.norm([1], { p: 3 })), zh);
  assert.match(other.text, /[\u4e00-\u9fff]/);
  assert.match(other.detail, /^norm: /);
  // the engine's own state: no sentence (the shell shows one notice)
  assert.deepEqual(coreMessage(Object.assign(new Error('softmax: the computing engine stopped'), { code: 'engine' }), zh), { text: '', detail: '' });
  // a lesson's own, already translated message stays as it is
  assert.deepEqual(coreMessage(new Error('概率全为 0'), zh), { text: '概率全为 0', detail: '' });
});
