// The lessons' layout (docs/contributing.md, section 6): one folder per
// lesson of web/lessons/registry.js, each with its module, parameters and
// strings; no lesson imports another lesson's folder (shared code lives in
// web/lessons/shared, web/plots, web/ui, web/math, web/lib, ...).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const LESSONS = path.join(root, 'web', 'lessons');
const { REGISTRY } = await import(pathToFileURL(path.join(LESSONS, 'registry.js')).href);
const ids = REGISTRY.map((l) => l.id);
const folders = fs.readdirSync(LESSONS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

test('every registry entry has a folder with index.js, params.js and strings.json in both languages, and every folder is a registry entry or shared', () => {
  assert.equal(new Set(ids).size, ids.length, 'registry ids are unique');
  assert.deepEqual(folders.filter((f) => f !== 'shared').sort(), [...ids].sort());
  for (const l of REGISTRY) {
    for (const f of ['index.js', 'params.js', 'strings.json'])
      assert.ok(fs.existsSync(path.join(LESSONS, l.id, f)), `web/lessons/${l.id}/${f} is missing`);
    const strings = JSON.parse(fs.readFileSync(path.join(LESSONS, l.id, 'strings.json'), 'utf8'));
    assert.deepEqual(Object.keys(strings).sort(), ['en', 'zh-Hans'], `${l.id}/strings.json languages`);
    for (const lang of ['en', 'zh-Hans']) {
      assert.ok(typeof l.title[lang] === 'string' && l.title[lang].length > 0, `${l.id}: title.${lang}`);
      assert.ok(typeof l.summary[lang] === 'string' && l.summary[lang].length > 0, `${l.id}: summary.${lang}`);
    }
  }
});

test('web/lessons/ top level holds only the registry and its readers', () => {
  const files = fs.readdirSync(LESSONS, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();
  assert.deepEqual(files, ['catalog-json.mjs', 'catalog.js', 'heights.json', 'loader.js', 'registry.js']);
});

test('no lesson imports another lesson\'s folder; shared code imports no lesson', () => {
  const bad = [];
  for (const folder of folders) {
    const own = path.join(LESSONS, folder);
    for (const file of walk(own).filter((f) => /\.m?js$/.test(f))) {
      const src = fs.readFileSync(file, 'utf8');
      for (const m of src.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
        const target = path.resolve(path.dirname(file), m[1]);
        const inLessons = path.relative(LESSONS, target);
        if (inLessons.startsWith('..')) continue;  // web/ui, web/math, web/plots, web/lib, ...
        const top = inLessons.split(path.sep)[0];
        const allowed = top === folder || (top === 'shared' && folder !== 'shared');
        if (!allowed) bad.push(`${path.relative(root, file)} imports ${m[1]}`);
      }
    }
  }
  assert.deepEqual(bad, []);
});

// scripts/build-common.mjs shares with the lessons only the modules the shell
// has itself; every other module a lesson imports is copied into that
// lesson's script (dist/lessons/<id>.js). A module-level variable, Map or Set
// there would be one per lesson instead of one per page: none may have one.
test('modules copied into each lesson script keep no module-level state', async () => {
  const { shellModules } = await import(pathToFileURL(path.join(root, 'scripts', 'build-common.mjs')).href);
  const shell = await shellModules();
  assert.ok(shell.has('math/tex.js') && shell.has('ui/step-player.js'), 'the shell shares tex.js and step-player.js');
  const web = path.join(root, 'web');
  const copied = ['plots', 'state', 'math', 'layout', 'ui', 'util', 'runtime', 'lessons/shared'].flatMap((d) => walk(path.join(web, d)))
    .filter((f) => /\.js$/.test(f)).map((f) => path.relative(web, f).split(path.sep).join('/')).filter((f) => !shell.has(f));
  const bad = [];
  for (const f of copied) {
    fs.readFileSync(path.join(web, f), 'utf8').split('\n').forEach((line, i) => {
      if (/^(let|var)\s/.test(line) || /^(export\s+)?const\s+\w+\s*=\s*new\s+(Weak)?(Map|Set)\b/.test(line)) bad.push(`web/${f}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(bad, []);
});

// One word for one thing on the Chinese pages: the course's C++ core is 核心程序
// everywhere (training said 内核, the kernel of an OS); the scaled score divides by √dₖ, as the
// attention lesson writes it (the SVD exercise wrote √d).
test('zh-Hans terms: the core is 核心程序, never 内核; the scale is √dₖ', () => {
  const texts = [path.join(root, 'web', 'i18n', 'zh-Hans.json'), ...REGISTRY.map((l) => path.join(LESSONS, l.id, 'strings.json'))]
    .map((f) => [f, JSON.stringify(JSON.parse(fs.readFileSync(f, 'utf8'))['zh-Hans'] ?? JSON.parse(fs.readFileSync(f, 'utf8')))]);
  for (const [f, s] of texts) assert.doesNotMatch(s, /内核/, `${path.relative(root, f)} calls the core 内核`);
  const code = walk(LESSONS).filter((f) => f.endsWith('.js')).map((f) => [f, fs.readFileSync(f, 'utf8')]);
  for (const [f, s] of [...texts, ...code]) assert.doesNotMatch(s, /√d(?![ₖ_])|\\\\sqrt\{d\}/, `${path.relative(root, f)} writes √d for √dₖ`);
});

// What the training lesson's results do not show, said in both languages:
// its two heads are given their jobs (each its own answer), and the match
// task's 100 % on the 16 training sequences can be remembered, not learned
// (the held-out line says how much was learned).
test('training says its heads are given their jobs, and why 100 % on the training sequences can be memory', () => {
  const s = JSON.parse(fs.readFileSync(path.join(LESSONS, 'training', 'strings.json'), 'utf8'));
  assert.match(s.en.headsText2, /given to the model[^.]*not found/);
  assert.match(s['zh-Hans'].headsText2, /事先指定[^。]*不是模型自己找到的/);
  assert.match(s.en.heatNote, /100 %[^.]*\./);
  assert.match(s.en.heatNote, /remember their answers/);
  assert.match(s['zh-Hans'].heatNote, /记下来/);
  assert.match(s.en.heatNote, /never saw/);
  assert.match(s['zh-Hans'].heatNote, /从未见过/);
});

// .editorconfig: every tracked source file is UTF-8 text with LF line ends,
// a final newline, no trailing white space and no tab; files written by
// scripts (fixtures, the text models) may end without a newline, and the
// math font's licence is left as its authors wrote it.
test('every tracked source file follows .editorconfig', async () => {
  const { execFileSync } = await import('node:child_process');
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root }).toString().split('\0')
    .filter((f) => /\.(js|mjs|cjs|ts|mts|css|html|json|md|cpp|hpp|sh|py|txt|yml|yaml|xml|xsd)$|(^|\/)(CMakeLists\.txt|\.editorconfig)$/.test(f));
  const generated = (f) => f.startsWith('tests/fixtures/') || f.startsWith('web/lessons/attention/models/');
  const bad = [];
  for (const f of files.filter((f) => !f.startsWith('web/math-font/'))) {  // the font's licence as its authors wrote it
    const p = path.join(root, f);
    if (!fs.existsSync(p)) continue;
    const buf = fs.readFileSync(p);
    if (buf.includes(0)) continue;  // binary
    const text = buf.toString('utf8');
    if (Buffer.from(text, 'utf8').compare(buf) !== 0) { bad.push(`${f}: not UTF-8`); continue; }
    if (text.includes('\r')) bad.push(`${f}: CR line ends`);
    if (text.length && !text.endsWith('\n') && !generated(f)) bad.push(`${f}: no final newline`);
    const lines = text.split('\n');
    const trailing = lines.findIndex((l) => /[ \t]$/.test(l));
    if (trailing >= 0) bad.push(`${f}:${trailing + 1}: trailing white space`);
    const tab = lines.findIndex((l) => l.includes('\t'));
    if (tab >= 0 && !f.endsWith('.xsd') && !f.endsWith('.tsv')) bad.push(`${f}:${tab + 1}: a tab`);
  }
  assert.deepEqual(bad, []);
});
