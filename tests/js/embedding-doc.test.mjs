// docs/embedding.md: its parameter tables are generated from the lessons'
// schema by scripts/gen-embedding-doc.mjs; this fails when a parameter
// changed and the doc was not regenerated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './helpers.mjs';

const gen = (...args) => spawnSync(process.execPath, [path.join(root, 'scripts', 'gen-embedding-doc.mjs'), ...args], { cwd: root, encoding: 'utf8', timeout: 60000 });

test('docs/embedding.md parameter tables match the schema (node scripts/gen-embedding-doc.mjs --check)', () => {
  const r = gen('--check');
  assert.equal(r.status, 0, `gen-embedding-doc --check exited ${r.status}:\n${r.stdout}${r.stderr}\nRegenerate with: node scripts/gen-embedding-doc.mjs`);
});

test('--check notices a stale table and rewriting touches only the part between the markers', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-doc-'));
  try {
    const doc = fs.readFileSync(path.join(root, 'docs', 'embedding.md'), 'utf8');
    const copy = path.join(dir, 'embedding.md');
    const stale = doc.replace('<!-- params:end -->', '| `ghost` | number | 0 … 1 | `0` |\n<!-- params:end -->').replace('# Embedding a lesson', '# Embedding a lesson (edited)');
    fs.writeFileSync(copy, stale);
    const check = gen('--check', '--doc', copy);
    assert.equal(check.status, 1, `--check on a stale copy should exit 1: ${check.stdout}${check.stderr}`);
    const write = gen('--doc', copy);
    assert.equal(write.status, 0, write.stderr);
    const fixed = fs.readFileSync(copy, 'utf8');
    assert.ok(!fixed.includes('`ghost`'), 'the stale row is gone');
    assert.ok(fixed.startsWith('# Embedding a lesson (edited)'), 'the prose outside the markers is kept');
    assert.equal(fixed, doc.replace('# Embedding a lesson', '# Embedding a lesson (edited)'), 'the tables are exactly the checked-in ones');

    fs.writeFileSync(copy, '# no markers\n');
    assert.notEqual(gen('--check', '--doc', copy).status, 0, 'a file without the markers is an error');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
