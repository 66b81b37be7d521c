// URL parameters of the lesson "Attention at scale" (see state/schema.js):
// the scores of the online-softmax walk-through; the tile demo's tokens,
// block sizes, causal mask, traced query block and how many tiles have run;
// the memory-traffic counters' sequence length, head width and fast memory;
// the precision section's format, scores, sum format and row length; the
// linear-attention timing's sizes.
export default {
  params: {
    z: { type: 'vector', minLength: 2, maxLength: 8, min: -50, max: 50, default: [1.2, -0.3, 2.5, 0.7, 3.1, -1, 2.9, 0.4] },
    n: { type: 'integer', min: 4, max: 32, default: 12 },
    br: { type: 'integer', min: 1, max: 16, default: 4 },
    bc: { type: 'integer', min: 1, max: 16, default: 4 },
    causal: { type: 'boolean', default: false },
    block: { type: 'integer', min: 1, max: 32, default: 2 },
    tile: { type: 'integer', min: 1, max: 1024, default: 6 },
    N: { type: 'integer', min: 256, max: 65536, default: 1024 },
    hd: { type: 'integer', min: 16, max: 256, default: 64 },
    M: { type: 'integer', min: 4096, max: 262144, default: 98304 },
    format: { type: 'enum', values: ['float16', 'bfloat16', 'e5m2', 'e4m3', 'float32'], default: 'float16' },
    pz: { type: 'vector', minLength: 2, maxLength: 8, min: -1000, max: 1000, default: [12, 11, 9.5, 2] },
    sumFormat: { type: 'enum', values: ['float16', 'bfloat16', 'float32'], default: 'float16' },
    len: { type: 'integer', min: 16, max: 8192, default: 4096 },
    ln: { type: 'integer', min: 256, max: 8192, default: 2048 },
    ld: { type: 'integer', min: 16, max: 128, default: 32 },
  },
};
