// The task and the starting model, rebuilt bit for bit from a seed: the
// same numbers as scripts/probes/induction.py (its docstring is the spec).
// A sequence is random tokens, then a segment of L tokens (L varies, so the
// repeat's offset does too) and the same segment again: in the repeat each
// next token can be copied from the segment's first occurrence.
// Three streams: init (the parameters), train (a fresh batch every
// update), test (one held-out batch for every number shown).

// The usual JavaScript mulberry32: u32 arithmetic, the same in Python.
export function mulberry32(seed) {
  let a = seed | 0;
  const rand = () => {
    a = (a + 0x6D2B79F5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { rand, int: (k) => Math.floor(rand() * k), uniform: (s) => s * (2 * rand() - 1) };
}

// B sequences: {tokens, targets (next token, -1 at the end), starts (where each repeat starts)}.
export function makeBatch(rng, B, { n, V, Lmin, Lmax }) {
  const tokens = [], starts = [];
  for (let b = 0; b < B; b++) {
    const L = Lmin + rng.int(Lmax - Lmin + 1);
    const filler = Array.from({ length: n - 2 * L }, () => rng.int(V));
    const seg = Array.from({ length: L }, () => rng.int(V));
    tokens.push([...filler, ...seg, ...seg]);
    starts.push(n - L);
  }
  return { tokens, targets: tokens.map((t) => [...t.slice(1), -1]), starts };
}

// The two losses the lesson follows, as target masks: "repeat" = queries at
// a repeated token (i = start .. n-2: the next token is in the first
// occurrence), "first" = every other position with a target.
export function splitTargets({ targets, starts }) {
  const first = targets.map((row, b) => row.map((y, i) => (i < starts[b] ? y : -1)));
  const repeat = targets.map((row, b) => row.map((y, i) => (i >= starts[b] ? y : -1)));
  return { first, repeat };
}

const mat = (rng, r, c, s) => Array.from({ length: r }, () => Array.from({ length: c }, () => rng.uniform(s)));

// The 2-layer model's starting parameters (API.md "Transformers" layout),
// and the 1-layer control: the same model without its second layer.
export function initModels(seed, { V, n, d, dh, H, init, initW }) {
  const rng = mulberry32(seed);
  const embed = mat(rng, V, d, init), pos = mat(rng, n, d, init), unembed = mat(rng, d, V, init);
  const layers = [0, 1].map(() => Array.from({ length: H }, () => ({
    Wq: mat(rng, d, dh, initW), Wk: mat(rng, d, dh, initW), Wv: mat(rng, d, dh, initW), Wo: mat(rng, dh, d, initW),
  })));
  return { two: { embed, pos, layers, unembed }, one: { embed, pos, layers: [layers[0]], unembed } };
}
