// The glossary (web/course/glossary.json) is taken from the lessons'
// strings, not kept as a list beside them: every term's English word occurs
// in its lesson's English strings and its Chinese word in the Chinese ones,
// so a renamed term in a lesson fails here instead of drifting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const { REGISTRY } = await import(pathToFileURL(path.join(root, 'web/lessons/registry.js')).href);
const GLOSSARY = JSON.parse(fs.readFileSync(path.join(root, 'web/course/glossary.json'), 'utf8'));
const LANGS = ['en', 'zh-Hans'];
const texts = (o) => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(texts) : []);
const strings = Object.fromEntries(REGISTRY.map(({ id }) => {
  const s = JSON.parse(fs.readFileSync(path.join(root, 'web/lessons', id, 'strings.json'), 'utf8'));
  return [id, Object.fromEntries(LANGS.map((l) => [l, texts(s[l]).join('\n')]))];
}));
// As web/course/glossary-links.js finds an English word: whole, any case.
const occurs = (word, text, lang) => (lang === 'en'
  ? new RegExp(`(?<![\\p{L}\\p{N}-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu').test(text)
  : text.includes(word));

test('60 to 120 terms, each with both words, both definitions and a lesson of the registry', () => {
  const n = Object.keys(GLOSSARY).length;
  assert.ok(n >= 60 && n <= 120, `${n} terms`);
  for (const [id, g] of Object.entries(GLOSSARY)) {
    assert.match(id, /^[a-z0-9-]+$/, `term id ${id}`);
    assert.ok(strings[g.lesson], `${id}: lesson ${g.lesson} is not in the registry`);
    for (const l of LANGS) {
      assert.ok(typeof g[l] === 'string' && g[l].trim() === g[l] && g[l].length > 0, `${id}: word in ${l}`);
      assert.ok(typeof g.definition[l] === 'string' && g.definition[l].length > 5, `${id}: definition in ${l}`);
    }
    // One word for one thing (tests/js/lesson-layout.test.mjs): √dₖ, never √d; the core is never 内核.
    assert.doesNotMatch(JSON.stringify(g), /√d(?![ₖ_])|内核/, `${id}`);
  }
  for (const l of LANGS) {
    const words = Object.values(GLOSSARY).map((g) => g[l].toLowerCase());
    assert.equal(new Set(words).size, words.length, `a word twice in ${l}`);
  }
});

test("every term's English and Chinese words occur in its lesson's strings in that language", () => {
  const missing = [];
  for (const [id, g] of Object.entries(GLOSSARY))
    for (const l of LANGS) if (!occurs(g[l], strings[g.lesson][l], l)) missing.push(`${id}: "${g[l]}" not in web/lessons/${g.lesson}/strings.json (${l})`);
  assert.deepEqual(missing, []);
});
