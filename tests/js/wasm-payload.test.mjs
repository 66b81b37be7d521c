// The wasm payload of dist/attnlab.js: the LZMA decoder (build/wasm/
// lzma_decoder.wasm, src/payload/lzma_decode.cpp) against streams that xz
// writes, with every literal/position setting the build may use, and
// against damaged streams (a clear Error, never a trap or a hang).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { requireBuilt, root } from './helpers.mjs';

const { lzmaDecoder, decodeWasm } = await import(pathToFileURL(path.join(root, 'web/lib/wasm-payload.js')).href);
const decoderPath = path.join(root, 'build', 'wasm', 'lzma_decoder.wasm');
const corePath = path.join(root, 'build', 'wasm', 'attnlab_core.wasm');
// Each test fails (with the reason) when build/wasm is not built.
const requireWasm = () => { requireBuilt('build/wasm/lzma_decoder.wasm'); requireBuilt('build/wasm/attnlab_core.wasm'); };

const xz = (input, opts) => execFileSync('xz', ['--format=lzma', `--lzma1=${opts}`, '--stdout'], { input, maxBuffer: 64 << 20 });

// Inputs that take every path of the decoder: literals only (random),
// long repeats (zeros), short and repeated matches (text), and real code.
function inputs() {
  const text = Buffer.from('softmax(z)_i = exp(z_i) / sum_j exp(z_j); attention = softmax(QK^T / sqrt(d)) V. '.repeat(300));
  const mixed = Buffer.concat([crypto.randomBytes(5000), Buffer.alloc(20000), text, crypto.randomBytes(300)]);
  return { random: crypto.randomBytes(70000), zeros: Buffer.alloc(100000), text, mixed, one: Buffer.from([42]), core: fs.readFileSync(corePath) };
}

test('decodes what xz writes, byte for byte, for every lc/lp/pb the decoder takes', async () => {
  requireWasm();
  const decode = await lzmaDecoder(fs.readFileSync(decoderPath));
  const settings = ['preset=9e,lc=3,lp=0,pb=0,nice=273', 'preset=6', 'preset=0', 'lc=0,lp=0,pb=0', 'lc=4,lp=0,pb=4', 'lc=2,lp=2,pb=1', 'lc=0,lp=4,pb=2'];
  for (const [name, data] of Object.entries(inputs())) {
    for (const opts of name === 'core' ? settings.slice(0, 2) : settings) {
      const out = decode(xz(data, opts), data.length);
      assert.ok(Buffer.from(out).equals(data), `${name} with ${opts}`);
    }
  }
});

test('the payload as the library carries it decodes to the built module', async () => {
  requireWasm();
  const wasm = fs.readFileSync(corePath);
  const bytes = await decodeWasm(fs.readFileSync(decoderPath).toString('base64'),
    xz(wasm, 'preset=9e,lc=3,lp=0,pb=0,nice=273').toString('base64'), wasm.length);
  assert.ok(Buffer.from(bytes).equals(wasm));
  await assert.rejects(decodeWasm(fs.readFileSync(decoderPath).toString('base64'), xz(Buffer.from('not wasm at all'), 'preset=6').toString('base64'), 15),
    /wasm payload: not a WebAssembly binary/);
});

test('a damaged stream gives an Error naming the problem, never a trap', async () => {
  requireWasm();
  const decode = await lzmaDecoder(fs.readFileSync(decoderPath));
  const data = inputs().mixed;
  const good = xz(data, 'preset=6');
  const message = /^wasm payload: (not an LZMA stream|corrupt data|truncated data|decoded \d+ bytes, expected \d+)$/;
  assert.throws(() => decode(good.subarray(0, good.length >> 1), data.length), /wasm payload: truncated data/);
  assert.throws(() => decode(good.subarray(0, 10), data.length), /wasm payload: not an LZMA stream/);
  const badProps = Buffer.from(good); badProps[0] = 225;
  assert.throws(() => decode(badProps, data.length), /wasm payload: not an LZMA stream/);
  const wide = Buffer.from(good); wide[0] = 4 + 9 * 1;  // lc + lp = 5 (the format allows 12): refused, not overrun
  assert.throws(() => decode(wide, data.length), /wasm payload: not an LZMA stream/);
  assert.throws(() => decode(good, data.length + 10), /wasm payload: (decoded|corrupt|truncated)/);
  assert.throws(() => decode(good, 1.5), /wasm payload: bad size 1.5/);
  // Random damage: each result is either some bytes of the declared size or
  // one of the Errors above (LZMA has no checksum to catch every flip).
  let rejected = 0, seed = 20261129;
  const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);  // reproducible damage
  for (let k = 0; k < 300; k++) {
    const bad = Buffer.from(good);
    for (let f = 0; f < 1 + (k % 4); f++) bad[13 + Math.floor(rand() * (bad.length - 13))] ^= 1 << (k % 8);
    try {
      assert.equal(decode(bad, data.length).length, data.length);
    } catch (e) {
      assert.match(e.message, message, `damage ${k}: ${e.stack}`);
      rejected++;
    }
  }
  assert.ok(rejected > 0, 'no damaged stream was rejected');
  // The decoder still works after all that.
  assert.ok(Buffer.from(decode(good, data.length)).equals(data));
});
