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

// One ES module entry -> one minified classic script (IIFE). Classic, not
// module scripts: module scripts do not run from file://.
export async function bundle(entry, globalName) {
  const out = await esbuild.build({
    entryPoints: [r(entry)], bundle: true, write: false, format: 'iife', globalName,
    target: 'es2019', minify: true, legalComments: 'none', charset: 'utf8', plugins: [lessonFolders],
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
  return ['web/style.css', ...plots, 'web/lessons/shared/style.css', ...lessons]
    .map((f) => fs.readFileSync(r(f), 'utf8').trimEnd() + '\n').join('\n');
}
