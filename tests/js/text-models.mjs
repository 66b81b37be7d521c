// The committed text models (web/lessons/attention/models/*.json) as the
// API's params, through the lesson's own loader (load.js), for the fixture
// table's text_models checks (tests/fixtures/text_models.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelParams } from '../../web/lessons/shared/text-model.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cache = new Map();

// file: the model's path from the repository's root (the fixture's "file").
export function textModelParams(file) {
  if (!cache.has(file)) cache.set(file, modelParams(JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'))));
  return cache.get(file);
}
