// Builds dist/attnlab.js (UMD: Emscripten glue + the wasm inlined as LZMA +
// base64, with its decoder build/wasm/lzma_decoder.wasm + the JS facade) and
// dist/attnlab.d.ts. Needs build/wasm/attnlab_core.{js,wasm},
// build/wasm/lzma_decoder.wasm and xz (Debian's xz-utils).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { bundle, dist, r } from './build-common.mjs';

// 1. The library: the glue is wrapped in a function so that its own
// CommonJS/AMD tail does not export the raw factory.
// Emscripten 3.1.6 without Closure leaves the glue's local names long:
// esbuild's minifier takes its gzip size from 10.7 to 8.0 KB.
const glue = esbuild.transformSync(fs.readFileSync(r('build/wasm/attnlab_core.js'), 'utf8'),
  { minify: true, target: 'es2019', legalComments: 'none' }).code;
const wasm = fs.readFileSync(r('build/wasm/attnlab_core.wasm'));
// lc=3 lp=0 pb=0 (wasm code is byte-oriented): 0.8 KB below the defaults.
const lzma = execFileSync('xz', ['--format=lzma', '--lzma1=preset=9e,lc=3,lp=0,pb=0,nice=273', '--stdout'],
  { input: wasm, maxBuffer: 64 << 20 });
const payload = lzma.toString('base64');
const decoder = fs.readFileSync(r('build/wasm/lzma_decoder.wasm')).toString('base64');
const facade = await bundle('web/lib/index.js', '__attnLabFacade');
// The decoder in the bundle must give back the exact binary.
const { decodeWasm } = await import(pathToFileURL(r('web/lib/wasm-payload.js')).href);
if (!Buffer.from(await decodeWasm(decoder, payload, wasm.length)).equals(wasm)) throw new Error('build-lib: the LZMA payload does not decode to the wasm binary');
// The payload is the last argument of the top-level call: V8 scans a
// string literal once there, but twice (pre-parse, then full parse) inside
// a lazily compiled function.
const lib = `/* Attention Lab core (C++17/xtensor -> WebAssembly). See README.md. */
(function (root, factory, wasmPayload) {
  if (typeof module === 'object' && module.exports) module.exports = factory(wasmPayload);
  else {
    // In a page, start compiling the module now, while the page's own
    // scripts are still being parsed; AttnLab.load() returns this instance.
    root.AttnLab = factory(wasmPayload);
    root.AttnLab.load();
  }
})(typeof globalThis !== 'undefined' ? globalThis : this, function (wasmPayload) {
var module = undefined, exports = undefined, define = undefined;
${glue}
${facade}
// One decoded copy of the binary, kept for restarts after an abort (a
// failed decode is not kept: load() may be retried).
var wasmBytes = null;
return __attnLabFacade.createLoader(function () {
  if (!wasmBytes) {
    wasmBytes = __attnLabFacade.decodeWasm(${JSON.stringify(decoder)}, wasmPayload, ${wasm.length});
    wasmBytes.catch(function () { wasmBytes = null; });
  }
  return wasmBytes.then(function (bytes) { return createAttnLabCore({ wasmBinary: bytes }); });
});
}, ${JSON.stringify(payload)});
`;
fs.writeFileSync(path.join(dist, 'attnlab.js'), lib);
// Declarations: the shared head plus one fragment per area (web/lib/types/).
const typesDir = r('web/lib/types');
const fragments = fs.readdirSync(typesDir).filter((f) => f.endsWith('.d.ts') && f !== 'head.d.ts').sort();
const dts = [fs.readFileSync(path.join(typesDir, 'head.d.ts'), 'utf8'),
  ...fragments.map((f) => fs.readFileSync(path.join(typesDir, f), 'utf8'))].join('\n');
fs.writeFileSync(path.join(dist, 'attnlab.d.ts'), dts);

console.log('built dist/attnlab.js, dist/attnlab.d.ts');
