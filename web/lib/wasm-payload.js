// The core's wasm binary inside dist/attnlab.js: LZMA-compressed, then
// base64, which is pure ASCII and so survives any charset a host serves the
// script with. It is decoded by a 2.6 KB wasm module (src/payload/
// lzma_decode.cpp, itself inlined as base64). scripts/build-lib.mjs writes
// both and checks at build time that this gives back the exact binary.

export function base64ToBytes(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const SLICE = 16384;  // bytes per call (see src/payload/lzma_decode.cpp)
const ERRORS = { '-1': 'not an LZMA stream', '-2': 'corrupt data', '-3': 'truncated data' };

// decoderWasm: the bytes of lzma_decoder.wasm. Resolves to a function
// (input: Uint8Array, size) -> Uint8Array of exactly size bytes, which
// throws an Error naming the problem on a bad stream.
export async function lzmaDecoder(decoderWasm) {
  // Synchronously where allowed (Chromium: up to 4 KB on the main thread),
  // so that the core's own compile starts while the page's scripts are still
  // being parsed; an asynchronous compile would wait for them (measured:
  // module ready ~85 ms later in the page).
  let exports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(decoderWasm), {}).exports;
  } catch {
    ({ instance: { exports } } = await WebAssembly.instantiate(decoderWasm, {}));
  }
  const memory = exports.memory;
  const base = memory.buffer.byteLength;  // all of it past the decoder's own data and stack
  return (input, size) => {
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(`wasm payload: bad size ${size}`);
    const need = base + input.length + size - memory.buffer.byteLength;
    try {
      if (need > 0) memory.grow(Math.ceil(need / 65536));
    } catch (e) {
      throw new Error(`wasm payload: no memory to decode into (${e.message})`);
    }
    new Uint8Array(memory.buffer, base, input.length).set(input);
    let n = exports.lzma_start(base, input.length, base + input.length, size);
    // In slices: V8 swaps in optimized code between calls, never within one.
    while (n >= 0 && n < size) n = exports.lzma_run(SLICE);
    if (n !== size) throw new Error(`wasm payload: ${ERRORS[n] || `decoded ${n} bytes, expected ${size}`}`);
    return new Uint8Array(memory.buffer, base + input.length, size).slice();
  };
}

// decoder, payload: base64 of lzma_decoder.wasm and of the .lzma stream;
// size: the binary's size in bytes. Resolves to the binary.
export async function decodeWasm(decoder, payload, size) {
  const bytes = (await lzmaDecoder(base64ToBytes(decoder)))(base64ToBytes(payload), size);
  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d)
    throw new Error('wasm payload: not a WebAssembly binary');
  return bytes;
}
