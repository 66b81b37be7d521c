// What the LMS package tests (scorm.test.mjs, cmi5.test.mjs) share: the
// core, to know the exercises' answers at a fixed seed (the launch state
// sets xseed), and a dist/ folder's packages unzipped into a temporary
// folder (removed after the file's tests).
import { after } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT, DIST } from './helpers.mjs';

export const lab = await createRequire(import.meta.url)(path.join(DIST, 'attnlab.js')).load();
export const load = (p) => import(pathToFileURL(path.join(ROOT, p)).href);
const { unzip } = await load('scripts/zip.mjs');
export const { instanceOf } = await load('web/lessons/shared/exercises/seed.js');
export const SEED = 777;
export const LESSON = 'softmax';

// dist/<folder>/*.zip -> {work, packages (sorted), files: {package: [names]}};
// package p is in path.join(work, p without .zip).
export function unpack(folder) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `attnlab-${folder}-`));
  after(() => fs.rmSync(work, { recursive: true, force: true }));
  const packages = fs.readdirSync(path.join(DIST, folder)).filter((f) => f.endsWith('.zip')).sort();
  const files = {};
  for (const p of packages) {
    const dir = path.join(work, p.replace(/\.zip$/, ''));
    files[p] = [];
    for (const e of unzip(fs.readFileSync(path.join(DIST, folder, p)))) {
      fs.mkdirSync(path.dirname(path.join(dir, e.name)), { recursive: true });
      fs.writeFileSync(path.join(dir, e.name), e.data);
      files[p].push(e.name);
    }
  }
  return { work, packages, files };
}
