// Builds the library of the npm package `attention-lab` into dist/ (see
// README "Using the npm package"):
//   attnlab.js       UMD (a classic script in pages: window.AttnLab; CommonJS
//                    in Node and bundlers): the Emscripten glue + the wasm
//                    inlined as LZMA + base64, with its decoder
//                    build/wasm/lzma_decoder.wasm + the JS facade;
//   attnlab.mjs      the same as a real ES module (named exports load and
//                    version, the loader as default), for browsers and bundlers;
//   attnlab-node.mjs Node's ES entry: re-exports attnlab.js, so that import
//                    and require share one instance (no dual-package hazard);
//   attnlab.d.ts     declarations of attnlab.js: `export =` of a namespace;
//   attnlab.d.mts    declarations of the ES entries: named + default exports.
// Needs build/wasm/attnlab_core.{js,wasm}, build/wasm/lzma_decoder.wasm and
// xz (Debian's xz-utils). One version, package.json's: AttnLab.version.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { bundle, dist, r } from './build-common.mjs';

const version = JSON.parse(fs.readFileSync(r('package.json'), 'utf8')).version;

// 1. The library: the glue is wrapped in a function so that its own
// CommonJS/AMD tail does not export the raw factory.
// Emscripten 3.1.6 without Closure leaves the glue's local names long:
// esbuild's minifier takes its gzip size from 10.7 to 8.0 KB.
// The glue's Node branch can read the .wasm from disk with require("fs") and
// require("path") next to __dirname. We always pass the binary (wasmBinary),
// so that branch never runs, but bundlers resolve every require("fs") they
// see (esbuild and webpack 5 fail on it for the browser) and __dirname does
// not exist in an ES module: the requires become a function that throws,
// __dirname (only the base of a .wasm path we never load) "".
function withoutFiles(code) {
  const out = code.replace(/\brequire\("(fs|path)"\)/g, '__attnNoFile("$1")').replace(/\b__dirname\b/g, '""');
  const left = out.match(/\brequire\s*\(|\b__dirname\b|\bimport\s*\(/);
  if (left) throw new Error(`build-lib: the Emscripten glue still has ${left[0]}: extend withoutFiles()`);
  return out;
}
const glue = withoutFiles(esbuild.transformSync(fs.readFileSync(r('build/wasm/attnlab_core.js'), 'utf8'),
  { minify: true, target: 'es2019', legalComments: 'none' }).code);
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
// The factory's body, shared by the UMD and the ES module: returns
// {load, version}. Strict-mode clean (the ES module is strict).
const factoryBody = `var module = undefined, exports = undefined, define = undefined;
function __attnNoFile(f) { throw new Error('attnlab: the wasm is inlined, no file to read: ' + f); }
${glue}
${facade}
// One decoded copy of the binary, kept for restarts after an abort (a
// failed decode is not kept: load() may be retried).
var wasmBytes = null;
var AttnLab = __attnLabFacade.createLoader(function () {
  if (!wasmBytes) {
    wasmBytes = __attnLabFacade.decodeWasm(${JSON.stringify(decoder)}, wasmPayload, ${wasm.length});
    wasmBytes.catch(function () { wasmBytes = null; });
  }
  return wasmBytes.then(function (bytes) { return createAttnLabCore({ wasmBinary: bytes }); });
});
AttnLab.version = ${JSON.stringify(version)};
return AttnLab;`;
// The payload is the last argument of the top-level call: V8 scans a
// string literal once there, but twice (pre-parse, then full parse) inside
// a lazily compiled function.
const banner = `/* Attention Lab ${version} (C++17/xtensor -> WebAssembly). See README.md. */`;
const umd = `${banner}
(function (root, factory, wasmPayload) {
  if (typeof module === 'object' && module.exports) module.exports = factory(wasmPayload);
  else {
    // In a page, start compiling the module now, while the page's own
    // scripts are still being parsed; AttnLab.load() returns this instance.
    root.AttnLab = factory(wasmPayload);
    root.AttnLab.load();
  }
})(typeof globalThis !== 'undefined' ? globalThis : this, function (wasmPayload) {
${factoryBody}
}, ${JSON.stringify(payload)});
`;
// The ES module does nothing when imported (no global, no compile before the
// first load()): package.json says "sideEffects" only for the embed script.
const esm = `${banner}
const AttnLab = /* @__PURE__ */ (function (wasmPayload) {
${factoryBody}
})(${JSON.stringify(payload)});
export const load = AttnLab.load;
export const version = AttnLab.version;
export default AttnLab;
`;
const nodeEsm = `${banner}
// Node's ES entry of the package: the CommonJS build, so that import and
// require in one process share one module instance.
import AttnLab from './attnlab.js';
export const load = AttnLab.load;
export const version = AttnLab.version;
export default AttnLab;
`;
fs.writeFileSync(path.join(dist, 'attnlab.js'), umd);
fs.writeFileSync(path.join(dist, 'attnlab.mjs'), esm);
fs.writeFileSync(path.join(dist, 'attnlab-node.mjs'), nodeEsm);

// 2. Declarations: the shared head plus one fragment per area
// (web/lib/types/*.d.ts: only `export interface` / `export type`), written
// twice: for the CommonJS build as the members of a namespace that is the
// module (`export =`: what require() returns), for the ES entries as the
// module's own exports.
const typesDir = r('web/lib/types');
const fragments = fs.readdirSync(typesDir).filter((f) => f.endsWith('.d.ts') && f !== 'head.d.ts').sort();
const decls = [fs.readFileSync(path.join(typesDir, 'head.d.ts'), 'utf8'),
  ...fragments.map((f) => fs.readFileSync(path.join(typesDir, f), 'utf8'))].join('\n');
const indent = (text) => text.replace(/^(?=.)/gm, '  ');
const dtsBanner = `// Attention Lab ${version}: declarations (generated by scripts/build-lib.mjs from web/lib/types).\n`;
const dts = `${dtsBanner}// dist/attnlab.js: CommonJS (require) and a classic script (window.AttnLab).
export = AttnLab;
export as namespace AttnLab;
declare namespace AttnLab {
  /** Loads the wasm module once; later calls return the same instance. */
  function load(): Promise<AttnLabApi>;
  /** The package's version (package.json), e.g. "${version}". */
  const version: string;
${indent(decls)}
}
declare global {
  interface Window { AttnLab: AttnLab.AttnLabStatic }
}
`;
const dmts = `${dtsBanner}// dist/attnlab.mjs and dist/attnlab-node.mjs: ES modules.
${decls}
/** Loads the wasm module once; later calls return the same instance. */
export declare function load(): Promise<AttnLabApi>;
/** The package's version (package.json), e.g. "${version}". */
export declare const version: string;
declare const AttnLab: AttnLabStatic;
export default AttnLab;
`;
fs.writeFileSync(path.join(dist, 'attnlab.d.ts'), dts);
fs.writeFileSync(path.join(dist, 'attnlab.d.mts'), dmts);

console.log('built dist/attnlab.js, attnlab.mjs, attnlab-node.mjs, attnlab.d.ts, attnlab.d.mts');
