// Entry of the facade bundle inside dist/attnlab.js.
export { createLoader, makeApi } from './facade.js';
export { hexToBytes } from './wasm-hex.js';
