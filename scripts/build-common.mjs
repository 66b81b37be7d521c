// Shared by scripts/build-lib.mjs, scripts/build-page.mjs and
// scripts/gen-embedding-doc.mjs.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const dist = path.join(root, 'dist');
export const r = (...p) => path.join(root, ...p);
fs.mkdirSync(dist, { recursive: true });

// One ES module entry -> one minified classic script (IIFE). Classic, not
// module scripts: module scripts do not run from file://.
export async function bundle(entry, globalName) {
  const out = await esbuild.build({
    entryPoints: [r(entry)], bundle: true, write: false, format: 'iife', globalName,
    target: 'es2019', minify: true, legalComments: 'none', charset: 'utf8',
  });
  return out.outputFiles[0].text;
}

// The content of dist/lessons.json: web/lessons/catalog-json.mjs imports
// JSON and ES modules, so it is bundled for node first, then imported from
// a data: URL. Used by build-page.mjs and gen-embedding-doc.mjs.
export async function lessonsJson() {
  const out = await esbuild.build({ entryPoints: [r('web/lessons/catalog-json.mjs')], bundle: true, write: false, format: 'esm', platform: 'node' });
  const { buildLessonsJson } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return buildLessonsJson();
}
