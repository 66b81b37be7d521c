#!/usr/bin/env node
// npm run train-models (issue 31): the course's two character-level text
// models, trained by our own core. Not part of npm test. Deterministic: the
// same corpora, command and build give the same weights.
//   1. corpora (installed when missing):
//      English  Debian's bible-kjv-text (the King James Version, 1611, public
//               domain), read with its reader `bible` (package bible-kjv): every
//               verse, without its number, lower-cased, one verse a line.
//      Chinese  npm chinese-poetry@2.0.1 (MIT), installed into
//               build/text-models/npm: all of dist/songci/ci.song.*.json (the
//               Song ci, simplified characters) in numeric order, each poem's
//               paragraphs joined, one poem a line.
//   2. build/native-release's train_text (cmake target, outside `all`)
//   3. train_text per language -> web/lessons/attention/models/{en,zh-Hans}.json
//   4. web/lessons/attention/models/REPORT.md from the models' reports.
// Usage: node scripts/train-models.mjs [--steps N] [--only en|zh-Hans] [--corpora-only] [--report-only]
//        [--tool PATH: a train_text already built]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'build', 'text-models');
const OUT = path.join(ROOT, 'web', 'lessons', 'attention', 'models');
const POETRY = 'chinese-poetry@2.0.1';
const argv = process.argv.slice(2);
// The options as REPORT.md names them (--tool's path is this machine's).
const shown = argv.filter((a, i) => a !== '--tool' && argv[i - 1] !== '--tool' && a !== '--report-only');
const arg = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);

// Sizes and training of both models (REPORT.md repeats them). Each has its
// own shape: the Chinese model's embed and unembed (V = 501) dominate its
// size, so it is narrower to keep the lesson's page within its budget.
// repeat: the share of each minibatch's windows that are a passage of real
// text followed by the same passage again (train_text --repeat, batches.hpp
// mixed_windows). Real text seldom repeats within 64 characters, so without
// them the models never need to copy and grow no induction head.
export const MODELS = [
  { lang: 'en', maxVocab: 0, steps: 3000, batch: 32, lr: 0.02, seed: 1, repeat: 0.5,
    shape: { layers: 2, heads: 4, d: 64, dh: 16, context: 64 } },
  { lang: 'zh-Hans', maxVocab: 500, steps: 3000, batch: 32, lr: 0.02, seed: 2, repeat: 0.5,
    shape: { layers: 2, heads: 4, d: 48, dh: 12, context: 64 } },
];

const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28, ...opts });

function haveCommand(c) {
  try {
    execFileSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function englishCorpus() {
  if (!haveCommand('bible') || !fs.existsSync('/usr/lib/bible.data')) {
    console.error('train-models: installing bible-kjv-text (apt-get) ...');
    run('apt-get', ['install', '-y', 'bible-kjv', 'bible-kjv-text'], { stdio: 'inherit' });
  }
  const raw = run('bible', ['-l', '100000', 'gen1:1-rev22:21']).toString('utf8');
  const verses = raw.split('\n').map((l) => /^\s+\d+ (.*)$/.exec(l)).filter(Boolean).map((m) => m[1].trim().toLowerCase());
  if (verses.length !== 31102) throw new Error(`train-models: expected 31102 verses, got ${verses.length}`);
  return verses.join('\n') + '\n';
}

function chineseCorpus() {
  const dir = path.join(CACHE, 'npm', 'node_modules', 'chinese-poetry', 'dist', 'songci');
  if (!fs.existsSync(dir)) {
    console.error(`train-models: installing ${POETRY} into build/text-models/npm ...`);
    fs.mkdirSync(path.join(CACHE, 'npm'), { recursive: true });
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', path.join(CACHE, 'npm'), POETRY], { stdio: 'inherit' });
  }
  const files = fs.readdirSync(dir).filter((f) => /^ci\.song\.\d+\.json$/.test(f))
    .sort((a, b) => Number(a.split('.')[2]) - Number(b.split('.')[2]));
  const poems = [];
  for (const f of files) {
    for (const p of JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))) poems.push(p.paragraphs.join('').replace(/\s+/g, ''));
  }
  return { text: poems.filter(Boolean).join('\n') + '\n', files: files.length, poems: poems.length };
}

function readModel(lang) {
  const p = path.join(OUT, `${lang}.json`);
  return fs.existsSync(p) ? JSON.parse(fs.readFileSync(p, 'utf8')) : null;
}

function buildTool() {
  const B = path.join(ROOT, 'build', 'native-release');
  if (!fs.existsSync(path.join(B, 'CMakeCache.txt'))) run('cmake', ['--preset', 'native-release'], { cwd: ROOT, stdio: 'inherit' });
  run('cmake', ['--build', '--preset', 'native-release', '--target', 'train_text', '-j', '2'], { cwd: ROOT, stdio: 'inherit' });
  return path.join(B, 'train_text');
}

const f4 = (x) => (x === null ? 'NaN' : x.toFixed(4));

function headTable(s) {
  const rows = ['| layer.head | previous-token | prefix-match |', '| --- | --- | --- |'];
  s.previousToken.forEach((layer, l) => layer.forEach((pt, h) => rows.push(`| ${l}.${h} | ${f4(pt)} | ${f4(s.prefixMatch[l][h])} |`)));
  return rows.join('\n');
}

// The repeat augmentation, said plainly (batches.hpp mixed_windows).
function repeatLine(t) {
  if (!t.repeat) return '';
  const R = Math.round(t.repeat * t.batch);
  return `- Repeats (to grow an induction head): ${R} of each minibatch's ${t.batch} windows (${(100 * R / t.batch).toFixed(0)} %) are built, not read: f characters of real training text, then the next h characters, then those h characters again followed by the text that came after them, cut to ${t.n + 1} characters (h drawn in 6..${t.n / 2}, f in 0..${t.n + 1} - 2h, both from the training's seeded generator); the targets are the next characters as usual. Why: an induction head predicts what followed the current character's earlier occurrence, and real text seldom repeats a passage within ${t.n} characters, so on plain windows the model has no reason to grow one. The copy's offset h varies so that a single layer cannot predict it from position alone. The held-out numbers below are on plain text, without repeats.
`;
}

// What the repeated windows' scores say, by the rule the circuits lesson
// applies (web/lessons/circuits/real-pair.js): a previous-token head outside
// the last layer and a prefix-match head in a later layer, both >= 0.3.
function inductionVerdict(s) {
  let prev = null, ind = null;
  s.previousToken.slice(0, -1).forEach((layer, l) => layer.forEach((v, h) => { if (!prev || v > prev.v) prev = { l, h, v }; }));
  s.prefixMatch.forEach((layer, l) => layer.forEach((v, h) => { if (l > prev.l && (!ind || v > ind.v)) ind = { l, h, v }; }));
  const pair = `previous-token head ${prev.l}.${prev.h} (${f4(prev.v)}), then prefix-match head ${ind.l}.${ind.h} (${f4(ind.v)})`;
  return prev.v >= 0.3 && ind.v >= 0.3 ? `Induction pair: formed: ${pair}.` : `Induction pair: not formed (the best: ${pair}; a pair needs both >= 0.3).`;
}

function section(m, model, corpus, command) {
  const r = model.report;
  const bytes = model.weights.reduce((s, w) => s + w.rows * w.cols, 0);
  const json = fs.statSync(path.join(OUT, `${m.lang}.json`)).size;
  return `## ${m.lang === 'en' ? 'English' : 'Chinese (simplified)'}: \`${m.lang}.json\`

- Corpus: ${corpus.source}. Licence: ${corpus.licence}. ${corpus.how}
- Characters: ${r.corpus.characters}; train ${r.corpus.trainTokens} tokens, held out (the last 5 %) ${r.corpus.heldoutTokens}.
- Vocabulary: ${model.vocab.length} characters${model.other ? ` (the most frequent; plus "other", id ${model.vocab.length}, for the rest: ${(100 * r.corpus.otherShare).toFixed(2)} % of the tokens)` : ' (every character of the corpus)'}, V = ${model.sizes.V}.
- Model: attention-only, ${model.sizes.layers} layers x ${model.sizes.heads} heads, d = ${model.sizes.d}, d_h = ${model.sizes.dh}, context P = ${model.sizes.P}; ${bytes} parameters, int8 = ${bytes} bytes of weights (file ${json} bytes, base64 and JSON).
- Quantization: int8 per matrix (w = q scale, scale = max|w| / 127); largest error ${model.quantization.maxAbsError.toExponential(3)} (at most ${(100 * model.quantization.maxErrorOverMaxAbs).toFixed(2)} % of a matrix's largest entry, i.e. half a step).
- Training: minibatch Adam, ${r.training.steps} steps of ${r.training.batch} random windows of ${r.training.n} characters, lr ${r.training.lr} (warm-up ${r.training.warmup} steps, cosine to a tenth), seed ${r.training.seed}; ${r.training.seconds.toFixed(0)} s on this machine.
${repeatLine(r.training)}
Held-out cross-entropy, bits per character (${r.heldout.targets} targets: the held-out text in windows of ${model.sizes.P}):

| model | bits/char |
| --- | --- |
| unigram (add-one) | ${f4(r.heldout.unigram)} |
| bigram (interpolated with the unigram, k = ${r.heldout.bigramK}, chosen on the held-out text) | ${f4(r.heldout.bigram)} |
| this model, float64 weights | ${f4(r.heldout.bitsFloat)} |
| **this model, int8 weights (shipped)** | **${f4(r.heldout.bits)}** |

Heads (headScores, dequantized weights) on the held-out slice (its first ${r.slice.windows * model.sizes.P + 1} characters, stored in the JSON as report.slice.text; ${f4(r.slice.bits)} bits/char there): ${r.slice.windows} windows of ${model.sizes.P} characters:

${headTable(r.slice.headScoresText)}

The same windows' first ${model.sizes.P / 2} characters, repeated (an induction test):

${headTable(r.slice.headScoresRepeated)}

${inductionVerdict(r.slice.headScoresRepeated)}
`;
}

async function main() {
  fs.mkdirSync(CACHE, { recursive: true });
  const only = arg('--only');
  const steps = arg('--steps');
  const zh = chineseCorpus();
  const reportOnly = argv.includes('--report-only');
  const tool = argv.includes('--corpora-only') || reportOnly ? null : (arg('--tool') ?? buildTool());
  const corpora = {
    en: { text: englishCorpus(), source: "the King James Version of the Bible (1611), Debian package bible-kjv-text, read with `bible` (bible-kjv)", licence: 'public domain (the translation\'s copyright has expired; Debian\'s copyright file)', how: 'All 31,102 verses without their numbers, lower-cased, one verse a line.' },
    'zh-Hans': { text: zh.text, source: `the Song ci of npm ${POETRY} (dist/songci, ${zh.files} files, ${zh.poems} poems)`, licence: 'the poems are public domain (Song dynasty, 960-1279); the package is MIT (c) 2016 JackeyGao', how: "Each poem's paragraphs joined without whitespace, one poem a line, the files in numeric order." },
  };
  const sections = [];
  const runs = [];
  for (const m of MODELS) {
    const c = corpora[m.lang];
    const file = path.join(CACHE, `${m.lang}.txt`);
    fs.writeFileSync(file, c.text);
    if (!tool || (only && only !== m.lang)) continue;
    const args = ['--corpus', file, '--lang', m.lang, '--out', path.join(OUT, `${m.lang}.json`), '--max-vocab', String(m.maxVocab),
      '--steps', String(steps ?? m.steps), '--batch', String(m.batch), '--lr', String(m.lr), '--seed', String(m.seed),
      '--repeat', String(m.repeat),
      '--layers', String(m.shape.layers), '--heads', String(m.shape.heads), '--d', String(m.shape.d), '--dh', String(m.shape.dh),
      '--context', String(m.shape.context)];
    console.error(`train-models: ${path.relative(ROOT, tool)} ${args.join(' ')}`);
    // The two models train at once (one thread each: the machine's 2 cores).
    runs.push(new Promise((resolve, reject) => spawn(tool, args, { stdio: 'inherit' })
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`train_text ${m.lang} exited with ${code}`))))));
  }
  await Promise.all(runs);
  if (!tool && !reportOnly) return;
  for (const m of MODELS) {
    const model = readModel(m.lang);
    if (model) sections.push(section(m, model, corpora[m.lang]));
  }
  const secs = Math.max(...MODELS.map((m) => readModel(m.lang)?.report.training.seconds ?? 0)).toFixed(0);
  fs.writeFileSync(path.join(OUT, 'REPORT.md'), `# The text models of the attention lesson

Written by \`npm run train-models\` (scripts/train-models.mjs${shown.length ? ' ' + shown.join(' ') : ''}): the corpora, the native
build of our core (target \`train_text\`, src/tools/train_text.cpp with src/attn/text/), both trainings and this
report: the two trainings ran at once, one thread each, the longer in ${secs} s on this machine (2 cores shared
with other work; the build not counted; both include corpus loading and held-out evaluation). Deterministic: a rerun writes the same weights and numbers (only the timings differ).
The weights are checked against PyTorch by tests/native/text/ and tests/js (fixture tests/fixtures/text_models.json,
scripts/fixtures/text_models.py). Load them with web/lessons/shared/text-model.js.

${sections.join('\n')}`);
  console.error(`train-models: wrote ${path.relative(ROOT, OUT)}/ in ${secs} s`);
}

await main();
