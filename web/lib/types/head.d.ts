// Attention Lab public API (see README.md "JavaScript API" and the
// contract in API.md). Every function throws an Error whose message
// starts with the function name on bad input; the module stays usable.
// The size limits (README "Limits": 4096 per side, 4,194,304 entries per
// matrix or vector, 16 heads, 512 graph nodes, 16,777,216 entries for all
// the arrays of one call) are checked before any argument is copied.

export type Vector = number[] | Float64Array;
export type Matrix = Vector[];
export type Mask = (number | boolean)[][];
/** A matrix in the 'flat' layout: row-major, entry (i, j) at data[i * cols + j]. */
export interface FlatMatrix { rows: number; cols: number; data: Float64Array }
/** A result with every number[][] as a FlatMatrix and every number[] as a Float64Array. */
export type Flat<T> = T extends number[][] ? FlatMatrix : T extends number[] ? Float64Array
  : T extends (infer U)[] ? Flat<U>[] : T extends object ? { [K in keyof T]: Flat<T[K]> } : T;
export interface LayoutOption {
  /** 'nested' (the default): number[][] results. 'flat': FlatMatrix / Float64Array results (fresh copies, no per-row arrays: much faster at large n). Any other value is an error. */
  layout?: 'nested' | 'flat';
}
/** Options asking for the 'flat' layout: the overloads that take it return Flat<...> results. */
export interface FlatLayout { layout: 'flat' }
/** Options asking for the 'nested' layout, or not naming one: number[][] results. */
export interface NestedLayout { layout?: 'nested' }
// Every function with a layout option has three overloads, in this order:
// (options: X & FlatLayout) -> Flat<R>; (options?: X & NestedLayout) -> R;
// (options?: X) -> R | Flat<R> (a layout known only at run time).

// The module itself (require('attention-lab'), the default import,
// window.AttnLab) is an AttnLabStatic; scripts/build-lib.mjs wraps this file
// and the areas' fragments (only `export interface` / `export type` in
// them) into dist/attnlab.d.ts (`export =`) and dist/attnlab.d.mts.
export interface AttnLabStatic {
  /** Loads the wasm module once; later calls return the same instance. */
  load(): Promise<AttnLabApi>;
  /** The package's version (package.json), the same as AttnLabEmbed.version and lessons.json's. */
  readonly version: string;
}

export interface AttnLabApi {
  /** Names of every API function. */
  readonly functions: string[];
  /** Bytes in use on the wasm heap (diagnostics, leak tests). */
  heapInUse(): number;
  /**
   * If the wasm module ever aborts, the API drops that instance, starts a
   * fresh one and calls fn with 'restarting', then 'ready' (or 'failed').
   * Calls made while restarting throw an Error in plain words.
   * Returns a function that removes the listener.
   */
  onRestart(fn: (e: { status: 'restarting' | 'ready' | 'failed'; function: string; reason: string }) => void): () => void;
  /** How many times the module has been restarted after an abort. */
  restarts(): number;
}
