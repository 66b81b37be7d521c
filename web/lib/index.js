// Entry of the facade bundle inside dist/attnlab.js.
export { createLoader, makeApi } from './facade.js';
export { decodeWasm } from './wasm-payload.js';
