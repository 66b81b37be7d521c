// Shared by tests/js/*.test.mjs: the built library, the committed fixtures
// and float comparison (DESIGN.md: rtol 1e-9, atol 1e-12 against fixtures).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const distLib = path.join(root, 'dist', 'attnlab.js');
const require = createRequire(import.meta.url);

// dist/attnlab.js, the UMD build: require() gives {load}.
export function attnLab() {
  if (!fs.existsSync(distLib)) throw new Error(`${distLib} is missing: run \`node scripts/build-lib.mjs\` (or npm run build) first`);
  return require(distLib);
}

export const loadLab = () => attnLab().load();

// Fails when build/wasm is not built: `npm test` builds it (the wasm layer)
// before this layer runs, so a missing file is an error, not a reason to skip.
export function requireBuilt(file) {
  const p = path.join(root, file);
  if (!fs.existsSync(p)) throw new Error(`${p} is missing: run \`bash scripts/build.sh\` (the wasm layer of npm test builds it)`);
  return p;
}

// The raw Embind module (build/wasm/attnlab_core.js) for probes the public
// API does not offer (_malloc, count_emval_handles).
export async function loadRawCore() {
  const p = requireBuilt('build/wasm/attnlab_core.js');
  // The binary is handed over (as dist/attnlab.js does): 3.1.6's glue would
  // otherwise fetch() it, which fails on Node 18+.
  return require(p)({ wasmBinary: fs.readFileSync(p.replace(/\.js$/, '.wasm')) });
}

// tests/fixtures/<stem>.json with "Infinity" / "-Infinity" / "NaN" strings
// turned back into numbers (that is how scripts/gen_fixtures.py stores them).
const NON_FINITE = { Infinity: Infinity, '-Infinity': -Infinity, NaN: NaN };
export function loadFixture(stem) {
  const text = fs.readFileSync(path.join(root, 'tests', 'fixtures', `${stem}.json`), 'utf8');
  return JSON.parse(text, (key, v) => (typeof v === 'string' && v in NON_FINITE ? NON_FINITE[v] : v));
}

export const RTOL = 1e-9;
export const ATOL = 1e-12;

export function closeNumber(got, want, rtol = RTOL, atol = ATOL) {
  if (typeof got !== 'number') return false;
  if (Number.isNaN(want)) return Number.isNaN(got);
  if (!Number.isFinite(want)) return got === want;
  return Math.abs(got - want) <= atol + rtol * Math.abs(want);
}

// Deep comparison of numbers / arrays / plain objects; the message names the
// first differing path (e.g. "weights[2][1]").
export function close(got, want, where = 'value', rtol = RTOL, atol = ATOL) {
  if (typeof want === 'number') {
    assert.ok(closeNumber(got, want, rtol, atol), `${where}: got ${got}, want ${want} (rtol ${rtol}, atol ${atol})`);
    return;
  }
  if (Array.isArray(want)) {
    assert.ok(Array.isArray(got), `${where}: got ${describe(got)}, want an array of ${want.length}`);
    assert.equal(got.length, want.length, `${where}: length ${got.length}, want ${want.length}`);
    want.forEach((w, i) => close(got[i], w, `${where}[${i}]`, rtol, atol));
    return;
  }
  if (want && typeof want === 'object') {
    assert.ok(got && typeof got === 'object', `${where}: got ${describe(got)}, want an object`);
    for (const k of Object.keys(want)) close(got[k], want[k], `${where}.${k}`, rtol, atol);
    return;
  }
  assert.equal(got, want, where);
}

function describe(x) {
  if (x === null) return 'null';
  if (Array.isArray(x)) return `an array of ${x.length}`;
  return typeof x;
}

// Requires that f() throws an Error whose message starts with "<fn>: " and
// that is not the facade's "internal error" (a binding that let a C++
// exception or an abort through). Returns the message.
export function throwsApiError(f, fn, label = '') {
  let err = null;
  try {
    f();
  } catch (e) {
    err = e;
  }
  const what = label ? ` (${label})` : '';
  assert.ok(err !== null, `${fn}${what}: expected an Error, but the call returned`);
  assert.ok(err instanceof Error, `${fn}${what}: threw ${typeof err} ${String(err)}, not an Error`);
  assert.ok(err.message.startsWith(`${fn}: `), `${fn}${what}: message "${err.message}" does not start with "${fn}: "`);
  assert.ok(!/internal error/.test(err.message), `${fn}${what}: ${err.message}`);
  return err.message;
}

// Fixture helpers.
export const pick = (obj, keys) => Object.fromEntries(keys.filter((k) => obj[k] !== undefined).map((k) => [k, obj[k]]));
export const attentionOptions = (c) => pick(c, ['mask', 'causal', 'scale']);
export const headWeights = (h) => pick(h, ['Wq', 'Wk', 'Wv']);
