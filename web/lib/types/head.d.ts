// Attention Lab public API (see README.md "JavaScript API" and the
// contract in API.md). Every function throws an Error whose message
// starts with the function name on bad input; the module stays usable.

export type Vector = number[] | Float64Array;
export type Matrix = Vector[];
export type Mask = (number | boolean)[][];

export interface AttnLabStatic {
  /** Loads the wasm module once; later calls return the same instance. */
  load(): Promise<AttnLabApi>;
}

declare const AttnLab: AttnLabStatic;
export default AttnLab;
declare global {
  interface Window { AttnLab: AttnLabStatic }
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
