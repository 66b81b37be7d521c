// Builds dist/attnlab.js (UMD: Emscripten glue + the wasm inlined as hex + the
// JS facade) and dist/attnlab.d.ts. Needs build/wasm/attnlab_core.{js,wasm}.
import fs from 'node:fs';
import path from 'node:path';
import { bundle, dist, r } from './build-common.mjs';

// 1. The library: the glue is wrapped in a function so that its own
// CommonJS/AMD tail does not export the raw factory.
const glue = fs.readFileSync(r('build/wasm/attnlab_core.js'), 'utf8');
const wasmHex = fs.readFileSync(r('build/wasm/attnlab_core.wasm')).toString('hex');
const facade = await bundle('web/lib/index.js', '__attnLabFacade');
// The hex string is the last argument of the top-level call: V8 scans a
// string literal once there, but twice (pre-parse, then full parse) inside
// a lazily compiled function, ~25 ms a scan in Chromium for this one.
const lib = `/* Attention Lab core (C++17/xtensor -> WebAssembly). See README.md. */
(function (root, factory, wasmHex) {
  if (typeof module === 'object' && module.exports) module.exports = factory(wasmHex);
  else {
    // In a page, start compiling the module now, while the page's own
    // scripts are still being parsed; AttnLab.load() returns this instance.
    root.AttnLab = factory(wasmHex);
    root.AttnLab.load();
  }
})(typeof globalThis !== 'undefined' ? globalThis : this, function (wasmHex) {
var module = undefined, exports = undefined, define = undefined;
${glue}
${facade}
// One decoded copy of the binary, kept for restarts after an abort.
var wasmBytes = null;
return __attnLabFacade.createLoader(function () {
  if (!wasmBytes) wasmBytes = __attnLabFacade.hexToBytes(wasmHex);
  return createAttnLabCore({ wasmBinary: wasmBytes });
});
}, ${JSON.stringify(wasmHex)});
`;
fs.writeFileSync(path.join(dist, 'attnlab.js'), lib);
// Declarations: the shared head plus one fragment per area (web/lib/types/).
const typesDir = r('web/lib/types');
const fragments = fs.readdirSync(typesDir).filter((f) => f.endsWith('.d.ts') && f !== 'head.d.ts').sort();
const dts = [fs.readFileSync(path.join(typesDir, 'head.d.ts'), 'utf8'),
  ...fragments.map((f) => fs.readFileSync(path.join(typesDir, f), 'utf8'))].join('\n');
fs.writeFileSync(path.join(dist, 'attnlab.d.ts'), dts);

console.log('built dist/attnlab.js, dist/attnlab.d.ts');
