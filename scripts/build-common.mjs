// Shared by scripts/build-lib.mjs, scripts/build-page.mjs and
// scripts/gen-embedding-doc.mjs.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dist = path.join(root, 'dist');
export const r = (...p) => path.join(root, ...p);
fs.mkdirSync(dist, { recursive: true });
// ATTNLAB_MINIFY=0: readable scripts (function names in a profile; the
// trace section of scripts/perf-report.mjs). Never for a shipped build.
const MINIFY = process.env.ATTNLAB_MINIFY !== '0';

// One file of every lesson's folder, as a generated module:
// 'attnlab:lessons/<file>' (e.g. 'attnlab:lessons/params.js') is
// {id: that file's default export} for each lesson of web/lessons/registry.js
// that has the file, in the registry's order. Static imports, so that
// esbuild still drops what no lesson uses.
export const lessonFolders = {
  name: 'lesson-folders',
  setup(build) {
    build.onResolve({ filter: /^attnlab:lessons\// }, (a) => ({ path: a.path, namespace: 'lesson-folders' }));
    build.onLoad({ filter: /.*/, namespace: 'lesson-folders' }, async (a) => {
      const file = a.path.slice('attnlab:lessons/'.length);
      if (!/^[a-z-]+\.(js|json)$/.test(file)) return { errors: [{ text: `${a.path}: not a lesson file name` }] };
      const { REGISTRY } = await import(`${pathToFileURL(r('web/lessons/registry.js')).href}?t=${Date.now()}`);
      const found = REGISTRY.filter((l) => fs.existsSync(r('web/lessons', l.id, file)));
      const contents = [
        ...found.map((l, k) => `import m${k} from ${JSON.stringify(r('web/lessons', l.id, file))};`),
        'export default {', ...found.map((l, k) => `  ${JSON.stringify(l.id)}: m${k},`), '};',
      ].join('\n');
      return { contents, loader: 'js', resolveDir: r('web/lessons'), watchFiles: [r('web/lessons/registry.js')] };
    });
  },
};

// The modules of web/ that the page's shell (app.js) has for itself
// (web/shell/main.js's imports, with no lesson's needs): paths relative to web/.
// Only these are shared with the lessons; the rest of what a lesson uses
// (most plots, D3's scales and colours, the lesson kit) goes into that
// lesson's own script, so that a page carries only the code of the lesson
// it shows. None of those modules keeps state across lessons (checked:
// tests/js/lesson-layout.test.mjs), so a copy per lesson is harmless.
export async function shellModules() {
  const none = {
    name: 'no-shared',
    setup(build) {
      build.onResolve({ filter: /^attnlab:shared$/ }, (a) => ({ path: a.path, namespace: 'no-shared' }));
      build.onLoad({ filter: /.*/, namespace: 'no-shared' }, () => ({ contents: 'export default {};', loader: 'js' }));
    },
  };
  const out = await esbuild.build({
    entryPoints: [r('web/shell/main.js')], bundle: true, write: false, format: 'iife', metafile: true,
    target: 'es2019', minify: MINIFY, legalComments: 'none', charset: 'utf8', plugins: [none, lessonFolders, pageModules({ shared: new Set(), lessons: [] })],
  });
  const used = Object.values(out.metafile.outputs)[0].inputs;
  const web = r('web') + path.sep;
  return new Set(Object.keys(used).map((f) => path.resolve(root, f)).filter((f) => f.startsWith(web) && !f.includes(`${path.sep}node_modules${path.sep}`))
    .map((f) => path.relative(r('web'), f).split(path.sep).join('/')));
}

// A lesson's own classic script (dist/lessons/<id>.js): its folder's
// index.js and exercises.js, registered with window.__attnlab.define
// (web/lessons/loader.js); its strings are lessonStrings' scripts. An
// import of a module the shell has (shellModules: web/ui, web/math, web/layout, ...)
// resolves to the page's own instance, window.__attnlab.shared[path]: one
// copy of that code and its state (caches, the step players' watcher) per
// page; `shared` collects the paths used, for pageModules. Everything else
// is bundled in.
export async function lessonBundle(id, shared, shell) {
  const folder = r('web/lessons', id);
  const has = (f) => fs.existsSync(path.join(folder, f));
  const entry = [
    `import module from ${JSON.stringify(path.join(folder, 'index.js'))};`,
    has('exercises.js') ? `import exercises from ${JSON.stringify(path.join(folder, 'exercises.js'))};` : 'const exercises = [];',
    `window.__attnlab.define(${JSON.stringify(id)}, { module, exercises });`,
  ].join('\n');
  return classicBundle(entry, folder, `lessons/${id}.js`, shared, shell);
}

// A part of the course loaded only on the pages that show it
// (dist/lessons/<name>.js: the glossary page, the instructor kit), built
// like a lesson's script: web/course/<name>-entry.js registers it with
// window.__attnlab.defineData (web/lessons/loader.js loadData).
export async function courseBundle(name, shared, shell) {
  const entry = `import ${JSON.stringify(r('web/course', `${name}-entry.js`))};`;
  return classicBundle(entry, r('web/course'), `lessons/${name}.js`, shared, shell);
}

async function classicBundle(entry, folder, sourcefile, shared, shell) {
  const web = r('web');
  const external = {
    name: 'page-shared',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (a) => {
        const abs = path.resolve(a.resolveDir, a.path);
        if (abs.startsWith(folder + path.sep) || !abs.startsWith(web + path.sep)) return null;
        const rel = path.relative(web, abs).split(path.sep).join('/');
        if (!shell.has(rel)) return null;
        shared.add(rel);
        return { path: rel, namespace: 'page-shared' };
      });
      build.onLoad({ filter: /.*/, namespace: 'page-shared' }, (a) => ({
        contents: `module.exports = Object.assign({ __esModule: true }, window.__attnlab.shared[${JSON.stringify(a.path)}]);`,
        loader: 'js',
      }));
    },
  };
  const out = await esbuild.build({
    stdin: { contents: entry, resolveDir: folder, sourcefile, loader: 'js' },
    bundle: true, write: false, format: 'iife', target: 'es2019', minify: MINIFY, legalComments: 'none', charset: 'utf8',
    plugins: [external, lessonFolders],
  });
  return out.outputFiles[0].text;
}

// A real text model (web/lessons/attention/models/<lang>.json, read by
// web/lessons/shared/text-model.js) as a classic script, dist/lessons/model-<lang>.js, which calls
// window.__attnlab.defineData('model-<lang>', model): loaded only when the learner opens
// the attention lesson's "A real model" part (web/lessons/attention/real-model.js) or the
// circuits lesson's real pair (web/lessons/circuits/real-pair.js). What the pages do not use
// (the training report, each matrix's error) is left out, but for the held-out text's first
// 64 characters (heldout: text the model never trained on).
export const MODEL_LANGS = ['en', 'zh-Hans'];
// The data scripts a lesson loads on demand, beside its own (the LMS packages carry them: lms-package.mjs).
const MODEL_FILES = MODEL_LANGS.map((lang) => `model-${lang}.js`);
export const LESSON_DATA = { attention: MODEL_FILES, circuits: MODEL_FILES };
export function modelScript(lang) {
  const m = JSON.parse(fs.readFileSync(r('web/lessons/attention/models', `${lang}.json`), 'utf8'));
  const model = {
    format: m.format, lang: m.lang, vocab: m.vocab, other: m.other, sizes: m.sizes,
    heldout: Array.from(m.report.slice.text).slice(0, 64).join(''),
    weights: m.weights.map(({ name, rows, cols, scale, q }) => ({ name, rows, cols, scale, q })),
  };
  return `window.__attnlab.defineData(${JSON.stringify(`model-${lang}`)},${JSON.stringify(model)});\n`;
}

// A lesson's strings, one classic script per language
// (dist/lessons/<id>.<lang>.js): {lang: script text}.
// Each table also carries, under "course", what the lesson page shows of
// the course in that language (scripts/course-strings.mjs: its glossary
// terms to link, its references): a few hundred bytes a lesson, rather than
// the whole glossary and bibliography in every page's app.js.
export async function lessonStrings(id) {
  const all = JSON.parse(fs.readFileSync(r('web/lessons', id, 'strings.json'), 'utf8'));
  const { courseStrings } = await import(pathToFileURL(r('scripts/course-strings.mjs')).href);
  return Object.fromEntries(Object.entries(all).map(([lang, table]) => [lang,
    `window.__attnlab.defineStrings(${JSON.stringify(id)},${JSON.stringify(lang)},${JSON.stringify({ ...table, course: courseStrings(id, lang) })});\n`]));
}

// The shell's strings (web/i18n/<lang>.json), one classic script per
// language (dist/i18n/<lang>.js): {lang: script text}.
export function shellStrings() {
  return Object.fromEntries(fs.readdirSync(r('web/i18n')).filter((f) => f.endsWith('.json')).sort().map((f) => {
    const lang = f.slice(0, -'.json'.length);
    const table = JSON.parse(fs.readFileSync(r('web/i18n', f), 'utf8'));
    return [lang, `window.__attnlab.defineShellStrings(${JSON.stringify(lang)},${JSON.stringify(table)});\n`];
  }));
}

// 'attnlab:shared': {path: module namespace} of every shared module a
// lesson imports (paths relative to web/), for main.js to expose;
// 'attnlab:lesson-data': {id: {params, exercises: [{id, kind}], course}} from
// dist/lessons.json, for web/lessons/catalog.js.
export function pageModules({ shared, lessons }) {
  return {
    name: 'page-modules',
    setup(build) {
      build.onResolve({ filter: /^attnlab:(shared|lesson-data)$/ }, (a) => ({ path: a.path, namespace: 'page-modules' }));
      build.onLoad({ filter: /.*/, namespace: 'page-modules' }, (a) => {
        if (a.path === 'attnlab:lesson-data') {
          // Not the objectives: the open lesson's come with its strings (scripts/course-strings.mjs).
          const course = (l) => ({ minutes: l.minutes, steps: l.steps, prereqs: l.prereqs, references: l.references });
          const data = Object.fromEntries(lessons.map((l) => [l.id, { params: l.params, exercises: l.exercises.map((e) => ({ id: e.id, kind: e.kind })), course: course(l) }]));
          return { contents: `export default ${JSON.stringify(data)};`, loader: 'js' };
        }
        const list = [...shared].sort();
        return {
          contents: [...list.map((rel, k) => `import * as m${k} from ${JSON.stringify(r('web', rel))};`),
            'export default {', ...list.map((rel, k) => `  ${JSON.stringify(rel)}: m${k},`), '};'].join('\n'),
          loader: 'js', resolveDir: r('web'),
        };
      });
    },
  };
}

// One ES module entry -> one minified classic script (IIFE). Classic, not
// module scripts: module scripts do not run from file://.
export async function bundle(entry, globalName, plugins = []) {
  const out = await esbuild.build({
    entryPoints: [r(entry)], bundle: true, write: false, format: 'iife', globalName,
    target: 'es2019', minify: MINIFY, legalComments: 'none', charset: 'utf8', plugins: [lessonFolders, ...plugins],
  });
  return out.outputFiles[0].text;
}

// The content of dist/lessons.json: web/lessons/catalog-json.mjs imports
// JSON and ES modules, so it is bundled for node first, then imported from
// a temporary file. Used by build-page.mjs and gen-embedding-doc.mjs.
export async function lessonsJson() {
  const out = await esbuild.build({ entryPoints: [r('web/lessons/catalog-json.mjs')], bundle: true, write: false, format: 'esm', platform: 'node', plugins: [lessonFolders] });
  // A file, not a data: URL, so that an error's stack stays readable.
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-lessons-')), 'catalog-json.mjs');
  fs.writeFileSync(tmp, out.outputFiles[0].text);
  try {
    const { buildLessonsJson } = await import(pathToFileURL(tmp).href);
    return buildLessonsJson();
  } finally {
    fs.rmSync(path.dirname(tmp), { recursive: true, force: true });
  }
}

// dist/style.css: the shell's styles, then the plots', the lessons' shared
// ones and each lesson's (web/lessons/<id>/style.css, registry order).
export async function stylesheet() {
  const { REGISTRY } = await import(pathToFileURL(r('web/lessons/registry.js')).href);
  const plots = fs.readdirSync(r('web/plots')).filter((f) => f.endsWith('.css')).sort().map((f) => `web/plots/${f}`);
  const lessons = REGISTRY.map((l) => `web/lessons/${l.id}/style.css`).filter((f) => fs.existsSync(r(f)));
  return ['web/style.css', ...plots, 'web/lessons/shared/style.css', 'web/course/lesson.css', ...lessons]
    .map((f) => fs.readFileSync(r(f), 'utf8').trimEnd() + '\n').join('\n');
}
