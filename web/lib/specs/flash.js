// Online softmax and tiled (FlashAttention) attention (API.md "Online softmax and tiled attention").
import { toPlain } from '../convert.js';

const TILES = { blockRows: 'integer', blockCols: 'integer', fastMemory: 'integer', causal: 'boolean', scale: 'number' };
const FORMATS = { scores: 'string?', exp: 'string?', sum: 'string?', accumulator: 'string?' };

// The tile list arrives as one Float64Array of (rowBlock, colBlock, skipped) triples.
function tiledResult(value) {
  const t = value.tiles;
  const tiles = new Array(t.length / 3);
  for (let k = 0; k < tiles.length; k++) tiles[k] = { rowBlock: t[3 * k], colBlock: t[3 * k + 1], skipped: t[3 * k + 2] === 1 };
  return {
    output: toPlain(value.output), blockRows: value.blockRows, blockCols: value.blockCols, tiles,
    trace: value.trace.map((s) => ({ colBlock: s.colBlock, skipped: s.skipped, m: toPlain(s.m), l: toPlain(s.l), O: toPlain(s.O) })),
    counts: value.counts, standard: value.standard,
  };
}

export default {
  onlineSoftmax: { args: [['z', 'vector']] },
  tiledAttention: {
    args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix']],
    options: { ...TILES, traceBlock: 'integer', formats: FORMATS },
    post: tiledResult,
  },
  tiledAttentionBackward: {
    args: [['Q', 'matrix'], ['K', 'matrix'], ['V', 'matrix'], ['dOutput', 'matrix']], options: TILES,
  },
};
