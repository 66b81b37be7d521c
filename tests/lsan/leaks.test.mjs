// LeakSanitizer (layer lsan in scripts/test.sh): the JS API's call mix
// (tests/js/call-mix.mjs: every valid call and every bad call of the error
// table) over the wasm module built with -fsanitize=leak (preset wasm-lsan,
// build/wasm-lsan), then LSan's leak check: nothing may be left unreachable.
// A negative control leaks a block on purpose in a second instance and
// requires that the same check reports it. heap.test.mjs (js layer) watches
// heap growth in the release module; this finds any leaked block, however
// small, and says where it was allocated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { mixedCalls, runCalls } from '../js/call-mix.mjs';
import { root } from '../js/helpers.mjs';

const require = createRequire(import.meta.url);
const glue = path.join(root, 'build', 'wasm-lsan', 'attnlab_core.js');
const { makeApi } = await import(pathToFileURL(path.join(root, 'web/lib/facade.js')).href);

// A fresh instance of the LSan module; `output` collects what it prints (LSan
// reports through printErr). The binary is handed over: 3.1.6's glue would
// otherwise fetch() it, which fails on Node 18+.
async function loadLsanCore() {
  assert.ok(fs.existsSync(glue),
    `${glue} is missing: cmake --preset wasm-lsan && cmake --build --preset wasm-lsan (or bash scripts/test.sh lsan)`);
  const output = [];
  const core = await require(glue)({
    wasmBinary: fs.readFileSync(glue.replace(/\.js$/, '.wasm')),
    print: (s) => output.push(s),
    printErr: (s) => output.push(s),
  });
  assert.equal(typeof core.lsanLeakCheck, 'function', `${glue} was not built with ATTN_LSAN`);
  return { core, output };
}

test('the call mix leaks nothing under LeakSanitizer', async (t) => {
  const { core, output } = await loadLsanCore();
  const api = makeApi(core);
  const calls = mixedCalls(api);
  // Once each: LSan reports any block left over, a single one is enough.
  const { ok, failed } = runCalls(api, calls, calls.length);
  assert.ok(ok > calls.length / 5 && failed > calls.length / 5, `a mix: ${ok} valid, ${failed} rejected`);
  assert.equal(api.restarts(), 0, 'the module aborted during the mix');
  const leaked = core.lsanLeakCheck();
  const report = output.join('\n');
  t.diagnostic(`${calls.length} calls (${ok} valid, ${failed} rejected); leak check: ${leaked ? 'LEAKS' : 'no leaks'}`);
  assert.equal(leaked, 0, `LeakSanitizer found leaks after the call mix:\n${report}`);
  assert.doesNotMatch(report, /LeakSanitizer/, `LeakSanitizer printed:\n${report}`);
});

test('negative control: the leak check reports a block leaked on purpose', async (t) => {
  const { core, output } = await loadLsanCore();
  assert.equal(core.lsanLeakCheck(), 0, `a fresh instance leaks:\n${output.join('\n')}`);
  const BYTES = 4321;
  assert.ok(core.lsanDebugLeak(BYTES) > 0, 'lsanDebugLeak: malloc failed');
  assert.equal(core.lsanLeakCheck(), 1, `the deliberate leak went unreported:\n${output.join('\n')}`);
  const report = output.join('\n');
  t.diagnostic(report.split('\n').filter((l) => /leak|#\d/.test(l)).slice(0, 6).join(' | '));
  assert.match(report, /ERROR: LeakSanitizer: detected memory leaks/);
  assert.match(report, new RegExp(`Direct leak of ${BYTES} byte\\(s\\) in 1 object\\(s\\)`));
  assert.match(report, /lsan_debug_leak/, 'the report names the allocating function');
});
