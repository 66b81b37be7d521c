// Every lesson's exercises (web/lessons/<id>/exercises.js) for many seeds:
// each instance is well formed for its kind, every string it needs exists in
// both languages, a known mistake is never accepted as the answer, and the
// expected answers agree with the API (per-lesson checks in
// tests/js/exercise-checks/<lesson>.mjs recompute them from the instance's data).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadLab, root } from './helpers.mjs';

const lab = await loadLab();
const load = (p) => import(pathToFileURL(path.join(root, p)).href);
const { REGISTRY } = await load('web/lessons/registry.js');
const { instanceOf } = await load('web/lessons/shared/exercises/seed.js');
const { within, toleranceKey } = await load('web/lessons/shared/exercises/tolerance.js');
const { texWordKeys, texWords } = await load('web/lessons/shared/exercises/tex-words.js');
const { texTrees } = await load('web/math/mathml.js');
const SEEDS = Array.from({ length: 50 }, (_, i) => 1 + i * 7919);
const KINDS = ['predict', 'compute', 'make', 'explain'];
// Names that read the same in every language (operators, units).
const MATH_NAMES = new Set(['exp', 'log', 'ln', 'max', 'min', 'det', 'tr', 'softmax', 'MB', 'KB', 'GB', 'ms']);
// Names in \text{} that read the same in every language: symbols, units, methods.
const TEX_NAMES = new Set([...MATH_NAMES, 'out', 'argmax', 'KL', 'bits', 'Linformer', 'const', 'NaN']);

// The numbers a rendered formula shows, in reading order: each <mn>, with
// the sign of a prefix minus just before it (the page draws the same tree).
function shownNumbers(trees) {
  const out = [];
  const walk = (n) => {
    if (typeof n === 'string' || n.tag === 'annotation') return;
    n.kids.forEach((k, i) => {
      if (typeof k !== 'string' && k.tag === 'mn') {
        const prev = n.kids[i - 1];
        const neg = prev && prev.tag === 'mo' && prev.attrs.form === 'prefix' && /^[−-]$/.test(prev.kids[0]);
        out.push((neg ? -1 : 1) * Number(k.kids[0].replace(/,/g, '')));
      } else walk(k);
    });
  };
  trees.forEach(walk);
  return out;
}

// The data an exercise shows exactly (inst.shown: keys of inst.data, in the
// order the formula shows them), read back from its rendered formula: each
// key's numbers must stand in the formula, in order, as the same doubles.
function readBack(inst, trees, where) {
  const shown = shownNumbers(trees);
  let at = 0;
  const take = (want, path) => {
    if (Array.isArray(want)) return want.map((w, i) => take(w, `${path}[${i}]`));
    while (at < shown.length && shown[at] !== want) at++;
    assert.ok(at < shown.length, `${where}: ${path} = ${want} is not shown exactly in the formula (shown: ${shown.join(', ')})`);
    return shown[at++];
  };
  return Object.fromEntries(inst.shown.map((key) => [key, take(inst.data[key], key)]));
}

// Predictions whose answer is a law, the same for every seed (the numbers
// change, the rule does not); every other prediction's answer varies.
const LAWS = new Set(['vectors/det-scale-predict', 'graphs/pathstar-predict', 'information/temperature-predict', 'complexity/double-predict']);

const lookup = (table, key) => key.split('.').reduce((t, k) => (t && typeof t === 'object' ? t[k] : undefined), table);

// The tolerance notes of every compute exercise's instances (vector or not, digits).
const tolerances = new Set();
const SHELL = Object.fromEntries(['en', 'zh-Hans'].map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, `web/i18n/${l}.json`), 'utf8'))]));

test('exercises write numbers exactly or to 3+ significant digits (a rounded input misleads)', () => {
  for (const { id } of REGISTRY) {
    const file = path.join(root, 'web/lessons', id, 'exercises.js');
    if (!fs.existsSync(file)) continue;
    const low = [...fs.readFileSync(file, 'utf8').matchAll(/(?:Tex|approx|vec|mat)\((?:[^()]|\([^()]*\))*, [12]\)/g)].map((m) => m[0]);
    assert.deepEqual(low, [], `${id}: numbers written to 1 or 2 significant digits`);
  }
});

for (const { id } of REGISTRY) {
  const file = path.join(root, 'web/lessons', id, 'exercises.js');
  if (!fs.existsSync(file)) continue;
  const defs = (await import(pathToFileURL(file).href)).default;
  const strings = JSON.parse(fs.readFileSync(path.join(root, 'web/lessons', id, 'strings.json'), 'utf8'));
  const checksFile = path.join(root, 'tests/js/exercise-checks', `${id}.mjs`);
  const CHECKS = { [id]: fs.existsSync(checksFile) ? (await import(pathToFileURL(checksFile).href)).default : {} };

  test(`${id}: 4 to 6 exercises, at least 2 not multiple choice, unique ids, known kinds`, () => {
    assert.ok(defs.length >= 4 && defs.length <= 6, `${defs.length} exercises`);
    assert.ok(defs.filter((d) => d.kind === 'compute' || d.kind === 'make').length >= 2);
    assert.equal(new Set(defs.map((d) => d.id)).size, defs.length);
    for (const d of defs) {
      assert.ok(KINDS.includes(d.kind), `${d.id}: kind ${d.kind}`);
      assert.match(d.id, /^[a-z0-9-]{1,40}$/);
      assert.ok(CHECKS[id] && typeof CHECKS[id][d.id] === 'function', `${id}/${d.id} has a check in tests/js/exercise-checks/${id}.mjs`);
    }
  });

  test(`${id}: a prediction's answer varies with the seed, unless it is a law`, () => {
    for (const def of defs.filter((d) => d.kind === 'predict')) {
      const answers = new Set(SEEDS.map((seed) => instanceOf(def, seed, lab).answer));
      assert.equal(answers.size > 1, !LAWS.has(`${id}/${def.id}`), `${def.id}: answers ${[...answers]}`);
    }
  });

  for (const def of defs) {
    test(`${id}/${def.id}: instances for ${SEEDS.length} seeds are well formed, their strings exist, and the answer agrees with the API`, () => {
      const keys = ['title', 'prompt', 'hint', 'solution'];
      for (const seed of SEEDS) {
        const inst = instanceOf(def, seed, lab);
        const again = instanceOf(def, seed, lab);
        assert.deepEqual(JSON.stringify(again, (k, v) => (typeof v === 'function' ? String(v) : v)),
          JSON.stringify(inst, (k, v) => (typeof v === 'function' ? String(v) : v)), 'the same seed gives the same numbers');
        // The teacher view's answer: words come from ex.<id>.answer (answerVars), so that the
        // Chinese page shows Chinese; answerText carries numbers and symbols only.
        if (inst.answerVars) {
          assert.equal(typeof inst.answerVars, 'object', 'answerVars (teacher view)');
          keys.push('answer');
        } else {
          assert.equal(typeof inst.answerText, 'string', 'answerText (teacher view)');
          const words = (inst.choices ? '' : inst.answerText).match(/[A-Za-z]{2,}/g) || [];
          assert.deepEqual(words.filter((w) => !MATH_NAMES.has(w)), [], `answerText “${inst.answerText}”: words belong in ex.${def.id}.answer`);
        }
        if (def.kind === 'predict' || def.kind === 'explain') {
          assert.ok(inst.choices.includes(inst.answer), `answer ${inst.answer} is one of ${inst.choices}`);
          for (const c of inst.choices) keys.push(`choices.${c}`, `why.${c}`);
          if (def.kind === 'predict') assert.equal(typeof inst.reveal, 'string', 'a prediction reveals the core\'s numbers');
        } else if (def.kind === 'compute') {
          const want = [].concat(inst.answer);
          assert.ok(want.every(Number.isFinite), `finite answer ${want}`);
          assert.ok(Number.isInteger(inst.digits) && inst.digits >= 0 && inst.digits <= 6);
          assert.ok(within(want, inst.answer, inst.digits), 'the answer passes its own check');
          for (const m of inst.mistakes || []) {
            assert.ok(!within(m.value, inst.answer, inst.digits), `seed ${seed}: mistake ${m.key} (${m.value}) would be accepted as the answer ${inst.answer}`);
            keys.push(`mistakes.${m.key}`);
          }
          keys.push('label', 'right');
          tolerances.add(`${want.length > 1 ? 'n' : '1'} ${inst.digits}`);
        } else {
          assert.equal(typeof inst.measure, 'function');
          keys.push('right');
        }
        // Words in the TeX shown (numbers, reveal, worked solution) come from ex.<id>.tex.<key>
        // (⟪key⟫, tex-words.js): a \text{} with a word in it would stay English on the Chinese page.
        for (const tex of [inst.tex, inst.reveal, ...(inst.solution || [])].filter(Boolean)) {
          keys.push(...texWordKeys(tex));
          const words = [...tex.matchAll(/\\text\{([^{}]*)\}/g)].flatMap((m) => m[1].match(/[A-Za-z]{2,}/g) || []);
          assert.deepEqual(words.filter((w) => !TEX_NAMES.has(w)), [], `${def.id}: a word in \\text{} of “${tex.slice(0, 80)}”: use ⟪key⟫`);
          // ...and it converts to MathML (the page would show its source as text).
          for (const lang of ['en', 'zh-Hans']) texTrees(texWords(tex, (k) => lookup(strings[lang], `ex.${def.id}.${k}`) ?? k), true);
        }
        // What the learner computes from is on screen exactly, and the answer is
        // recomputed from the numbers read back from the rendered formula.
        if (def.kind === 'compute' && inst.tex) assert.ok(Array.isArray(inst.shown) && inst.shown.length, `${def.id}: inst.shown lists the data its formula shows`);
        let checked = inst;
        if (inst.shown) {
          const trees = texTrees(texWords(inst.tex, (k) => k), true);
          checked = { ...inst, data: { ...inst.data, ...readBack(inst, trees, `${def.id} seed ${seed}`) } };
        }
        CHECKS[id][def.id](checked, lab, seed);
      }
      for (const lang of ['en', 'zh-Hans'])
        for (const k of new Set(keys))
          assert.equal(typeof lookup(strings[lang], `ex.${def.id}.${k}`), 'string', `${lang}: ex.${def.id}.${k}`);
    });
  }
}

// After the exercises above: every tolerance their instances state has its
// sentence in both languages, and the English one agrees in number ("Give 1
// decimal", never "1 decimals").
test('every compute exercise states its tolerance in a sentence of its own number, in both languages', () => {
  assert.ok(tolerances.size >= 3, `tolerances seen: ${[...tolerances]}`);
  for (const [n, d] of [[1, 1], [3, 1], [1, 0], [3, 0], [1, 2], [3, 3], ...[...tolerances].map((x) => x.split(' ').map((v) => (v === 'n' ? 3 : Number(v))))]) {
    const key = toleranceKey(n, d);
    for (const lang of ['en', 'zh-Hans']) {
      const text = lookup(SHELL[lang], key);
      assert.equal(typeof text, 'string', `${lang}: ${key}`);
      const said = text.replace(/\{digits\}/g, d).replace(/\{n\}/g, n);
      if (lang === 'en') assert.doesNotMatch(said, /\b1 decimals\b/, `${key}: ${said}`);
      if (d > 0) assert.match(said, new RegExp(`${d}`), `${lang} ${key} names its ${d} decimal(s): ${said}`);
    }
  }
});
