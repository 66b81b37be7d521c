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
}
