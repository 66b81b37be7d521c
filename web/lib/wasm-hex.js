// The wasm binary travels inside dist/attnlab.js as a hex string: unlike
// base64 (6-bit groups across byte boundaries), two characters per byte keep
// the binary's repeats byte-aligned, so gzip compresses it almost as well as
// the binary itself (measured: 134 KB gzip against 164 KB for base64).
// Pure ASCII, so it survives any charset a host serves the script with.

const NIBBLE = new Int8Array(256).fill(-1);
for (let i = 0; i < 16; i++) NIBBLE['0123456789abcdef'.charCodeAt(i)] = i;
const nibble = (c) => (c < 256 ? NIBBLE[c] : -1);

// Uint8Array.fromHex (Chrome 140, Firefox 133, Safari 18.2) decodes in
// ~1 ms; the loop below, run once and so never optimized, took 30-45 ms in
// Chromium for the 325 KB module.
export function hexToBytes(hex) {
  if (typeof Uint8Array.fromHex === 'function') return Uint8Array.fromHex(hex);
  if (hex.length % 2) throw new Error('wasm hex: odd length');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(hex.charCodeAt(2 * i)), lo = nibble(hex.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) throw new Error(`wasm hex: bad character at ${2 * i}`);
    out[i] = (hi << 4) | lo;
  }
  return out;
}
