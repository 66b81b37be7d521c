// Shared by scripts/build-lib.mjs, scripts/build-page.mjs and
// scripts/gen-embedding-doc.mjs.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dist = path.join(root, 'dist');
export const r = (...p) => path.join(root, ...p);
fs.mkdirSync(dist, { recursive: true });

// The lessons' folders, as two generated modules: 'attnlab:lesson-params'
// ({id: params.js's params}) and 'attnlab:lesson-modules' ({id: {module,
// strings}}), one entry per lesson of web/lessons/registry.js, in its order.
// Static imports, so that esbuild still drops what no lesson uses.
const FOLDER_FILES = {
  'attnlab:lesson-params': { params: 'params.js' },
  'attnlab:lesson-modules': { module: 'index.js', strings: 'strings.json' },
};
export const lessonFolders = {
  name: 'lesson-folders',
  setup(build) {
    build.onResolve({ filter: /^attnlab:lesson-/ }, (a) => ({ path: a.path, namespace: 'lesson-folders' }));
    build.onLoad({ filter: /.*/, namespace: 'lesson-folders' }, async (a) => {
      const files = FOLDER_FILES[a.path];
      if (!files) return { errors: [{ text: `unknown module ${a.path}` }] };
      const { REGISTRY } = await import(pathToFileURL(r('web/lessons/registry.js')).href);
      const lines = [];
      const entries = REGISTRY.map((l, k) => {
        const fields = Object.entries(files).map(([field, file]) => {
          const name = `${field}${k}`;
          lines.push(`import ${name} from ${JSON.stringify(r('web/lessons', l.id, file))};`);
          return `${field}: ${name}${field === 'params' ? '.params' : ''}`;
        });
        return `  ${JSON.stringify(l.id)}: ${Object.keys(files).length === 1 && files.params ? fields[0].slice('params: '.length) : `{ ${fields.join(', ')} }`},`;
      });
      lines.push('export default {', ...entries, '};');
      return { contents: lines.join('\n'), loader: 'js', resolveDir: r('web/lessons'), watchFiles: [r('web/lessons/registry.js')] };
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
// a data: URL. Used by build-page.mjs and gen-embedding-doc.mjs.
export async function lessonsJson() {
  const out = await esbuild.build({ entryPoints: [r('web/lessons/catalog-json.mjs')], bundle: true, write: false, format: 'esm', platform: 'node', plugins: [lessonFolders] });
  const { buildLessonsJson } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return buildLessonsJson();
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
