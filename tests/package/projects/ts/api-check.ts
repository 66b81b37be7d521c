// Shared by every TypeScript setup of tests/package (compiled with --strict,
// the package's declarations checked too: skipLibCheck false). run() calls
// the API and checks the overloads' result types exactly; mustNotCompile()
// is never called: each of its lines must be a compile error (tsc reports
// an unused @ts-expect-error otherwise, and the setup fails).
import type { AttentionResult, AttnLabApi, AttnLabStatic, Flat, FlatMatrix, Matrix } from 'attention-lab';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
const exactly = <A, B>(ok: Equal<A, B>): Equal<A, B> => ok;

export async function run(setup: string, AttnLab: AttnLabStatic, load: () => Promise<AttnLabApi>, version: string): Promise<string> {
  const lab = await load();
  if (lab !== (await AttnLab.load())) throw new Error(`${setup}: load() and AttnLab.load() gave two instances`);
  const Q: Matrix = [[1, 0], [0, 1]];
  const V = [[1, 2], [3, 4]];
  const nested = lab.attention(Q, Q, V);
  const flat = lab.attention(Q, Q, V, { layout: 'flat' });
  const rows: number[][] = nested.weights;
  const data: Float64Array = flat.weights.data;
  exactly<typeof nested, AttentionResult>(true);
  exactly<typeof flat, Flat<AttentionResult>>(true);
  const m1 = lab.matmul(Q, V);
  const m2 = lab.matmul(Q, V, { layout: 'nested', precision: 'float64' });
  const m3 = lab.matmul(Q, V, { layout: 'flat' });
  exactly<typeof m1, number[][]>(true);
  exactly<typeof m2, number[][]>(true);
  exactly<typeof m3, FlatMatrix>(true);
  // A layout known only at run time: the union.
  const layout: 'nested' | 'flat' = Math.random() < 2 ? 'flat' : 'nested';
  const m4 = lab.matmul(Q, V, { layout });
  const a4 = lab.attention(Q, Q, V, { layout, causal: true });
  exactly<typeof m4, number[][] | FlatMatrix>(true);
  exactly<typeof a4, AttentionResult | Flat<AttentionResult>>(true);
  const s4 = lab.selfAttention(Q, Q, Q, Q, { layout });
  const f4 = 'data' in s4.weights ? s4.weights.data[0] : s4.weights[0][0];
  if (!('data' in m4) || m4.rows !== 2) throw new Error(`${setup}: matmul with layout 'flat' did not return a FlatMatrix`);
  const w = 1 / (1 + Math.exp(-Math.SQRT1_2));
  if (Math.abs(rows[0][0] - w) > 1e-12 || Math.abs(data[1] - (1 - w)) > 1e-12 || !Number.isFinite(f4))
    throw new Error(`${setup}: attention weights ${rows[0]}, flat ${data[0]}, ${data[1]}; expected ${w}, ${1 - w}`);
  // A run in two calls: the first's params and state continue it (the types
  // let a result's params and state go straight back in).
  const X = [[1, 0], [0, 1], [1, 1]], A = [[0, 1, 1], [1, 0, 0], [1, 0, 0]];
  const gp = { W: [[0.5, -0.2], [0.1, 0.3]], a: [0.1, -0.2, 0.3, 0.4] };
  const g1 = lab.trainGat(X, A, [0, 1, -1], gp, { method: 'adam', lr: 0.1, steps: 2 });
  const g2 = lab.trainGat(X, A, [0, 1, -1], g1.params, { method: 'adam', lr: 0.1, steps: 1, state: g1.state });
  const g3 = lab.trainGat(X, A, [0, 1, -1], gp, { method: 'adam', lr: 0.1, steps: 3 });
  if (g2.state.t !== 3 || g2.loss[1] !== g3.loss[3]) throw new Error(`${setup}: a continued run differs from one call`);
  // The same for the transformer, whose params nest layers of heads.
  const tp = { embed: Q, pos: Q, layers: [[{ Wq: Q, Wk: Q, Wv: Q, Wo: Q }]], unembed: V };
  const td = { tokens: [[0, 1]], targets: [[1, -1]] };
  const t1 = lab.trainTransformer(td, tp, { method: 'adam', lr: 0.1, steps: 2, freeze: ['pos'] });
  const t2 = lab.trainTransformer(td, t1.params, { method: 'adam', lr: 0.1, steps: 1, freeze: ['pos'], state: t1.state });
  const t3 = lab.trainTransformer(td, tp, { method: 'adam', lr: 0.1, steps: 3, freeze: ['pos'] });
  if (t2.state.t !== 3 || t2.loss[1] !== t3.loss[3]) throw new Error(`${setup}: a continued transformer run differs from one call`);
  const scores = lab.headScores(td.tokens, lab.transformerForward(td.tokens, t3.params).attention);
  exactly<typeof scores.prefixMatch, number[][]>(true);
  exactly<typeof scores.sameToken, number[][]>(true);
  // Tiled attention: the counts and the trace typed as declared; the output attention's.
  const tiled = lab.tiledAttention(Q, Q, V, { blockRows: 1, blockCols: 1, causal: true, formats: { exp: 'float16' } });
  exactly<typeof tiled.counts.reads, number>(true);
  const step = tiled.trace[0], tile = tiled.tiles[1];
  exactly<typeof step.O, number[][]>(true);
  exactly<typeof tile.skipped, boolean>(true);
  if (tiled.tiles.length !== 4 || !tile.skipped) throw new Error(`${setup}: tiledAttention tiles ${JSON.stringify(tiled.tiles)}`);
  const online = lab.onlineSoftmax([1, 2]);
  exactly<typeof online.m, number[]>(true);
  // roundToFormat gives back the shape it was given.
  const r1 = lab.roundToFormat(1 / 3, 'float16');
  const r2 = lab.roundToFormat([1, 2], 'bfloat16');
  const r3 = lab.roundToFormat(Q, 'e4m3', { saturate: true });
  exactly<typeof r1, number>(true);
  exactly<typeof r2, number[]>(true);
  exactly<typeof r3, number[][]>(true);
  if (r1 !== 0.333251953125 || r3[0][0] !== 1 || lab.formatInfo('float16').max !== 65504)
    throw new Error(`${setup}: roundToFormat ${r1}, ${r3}`);
  const la = lab.linearAttention(Q, Q, V, { order: 'left', causal: true });
  exactly<typeof la.normalizer, number[]>(true);
  const lc = lab.attentionCost(8, 4, { kind: 'linear', order: 'right' });
  if (Math.abs(la.weights[0][0] - 1) > 1e-15 || lc.flops !== 4 * 8 * 16 + 6 * 8 * 4) throw new Error(`${setup}: linear attention ${la.weights}, ${lc.flops}`);
  return JSON.stringify({ setup, w00: rows[0][0], version, staticVersion: AttnLab.version });
}

export function mustNotCompile(lab: AttnLabApi, AttnLab: AttnLabStatic, Q: Matrix, layout: 'nested' | 'flat'): unknown[] {
  // @ts-expect-error a flat result assigned to number[][]
  const a: number[][] = lab.matmul(Q, Q, { layout: 'flat' });
  // @ts-expect-error a layout known only at run time may be flat
  const b: number[][] = lab.matmul(Q, Q, { layout });
  // @ts-expect-error a nested result is no FlatMatrix
  const c: FlatMatrix = lab.matmul(Q, Q);
  // @ts-expect-error flat attention weights have no rows
  const d: number = lab.attention(Q, Q, Q, { layout: 'flat' }).weights[0][0];
  // @ts-expect-error an unknown option
  lab.attention(Q, Q, Q, { kausal: true });
  // @ts-expect-error an option of the wrong type
  lab.attention(Q, Q, Q, { causal: 'yes' });
  // @ts-expect-error not a layout
  lab.matmul(Q, Q, { layout: 'rows' });
  // @ts-expect-error a missing argument
  lab.attention(Q, Q);
  const sa = lab.trainAttention({ X: [Q], targets: [[0, 1]] }, { Wq: Q, Wk: Q, Wv: Q, Wo: Q }, { lr: 0.1, steps: 1 });
  // @ts-expect-error an attention model's state is no GAT state
  lab.trainGat(Q, Q, [0, 1], { W: Q, a: [0, 0, 0, 0] }, { lr: 0.1, steps: 1, state: sa.state });
  // @ts-expect-error freeze names only embed, pos and unembed
  lab.trainTransformer({ tokens: [[0]], targets: [[0]] }, { embed: Q, pos: Q, layers: [], unembed: Q }, { lr: 0.1, steps: 1, freeze: ['layers'] });
  // @ts-expect-error not a format
  lab.tiledAttention(Q, Q, Q, { formats: { exp: 'float8' } });
  // @ts-expect-error the backward takes no trace
  lab.tiledAttentionBackward(Q, Q, Q, Q, { traceBlock: 0 });
  // @ts-expect-error not a format name
  lab.formatInfo('fp16');
  // @ts-expect-error softmaxInFormat needs its format
  lab.softmaxInFormat([1, 2], {});
  // @ts-expect-error the module is the loader itself: it has no .default
  AttnLab.default.load();
  return [a, b, c, d];
}
