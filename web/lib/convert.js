// Argument conversion between the public API (plain JS arrays) and the
// wasm wire format (see src/bindings/convert.hpp). Every error message
// starts with the public function name.

export class ApiError extends Error {}

export function fail(fn, msg) {
  throw new ApiError(`${fn}: ${msg}`);
}

function describe(x) {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  return typeof x === 'object' ? 'an object' : `a ${typeof x}`;
}

const isVectorLike = (x) => Array.isArray(x) || ArrayBuffer.isView(x);

// Staging for arguments: the call copies them into wasm memory at once, so
// one reused buffer serves every call (views into it), instead of a new
// ArrayBuffer per argument (their allocation and GC cost more than small
// kernels). stageMark()/stageRelease(mark) bracket a call (stack order, so a
// call made from inside an argument's getter cannot reuse the outer call's
// staged arguments).
const STAGE_MAX = 1 << 18;  // doubles (2 MB); larger arguments get their own array
let stage = new Float64Array(1 << 12), staged = 0;
function stagedArray(n) {
  if (n > STAGE_MAX) return new Float64Array(n);
  if (staged + n > stage.length) {
    if (staged + n > STAGE_MAX) return new Float64Array(n);
    stage = new Float64Array(Math.min(STAGE_MAX, Math.max(2 * stage.length, staged + n)));  // views made so far keep the old buffer
    staged = 0;
  }
  const a = stage.subarray(staged, staged + n);
  staged += n;
  return a;
}
export const stageMark = () => staged;
export const stageRelease = (mark) => { staged = mark; };

// The core's size caps (src/attn/common/check.hpp, README "Limits"),
// checked on the lengths an argument claims before anything is copied:
// `new Array(5000).fill(row)` is 40 KB of memory but claims 25M entries.
// The messages are the core's own (check_vector, check_matrix).
export const MAX_DIM = 4096, MAX_ELEMENTS = 1 << 22;
// All the arrays of one call together (the facade's own cap): more than
// this could never be copied into the module's 256 MB of memory.
export const MAX_CALL_ENTRIES = 1 << 24;

const vectorLimit = (fn, name, n) => {
  if (n > MAX_ELEMENTS) fail(fn, `${name} has ${n} entries, more than the limit ${MAX_ELEMENTS}`);
};
const matrixLimit = (fn, name, rows, cols) => {
  if (cols > 0 && (rows > MAX_DIM || cols > MAX_DIM || rows * cols > MAX_ELEMENTS))
    fail(fn, `${name} is ${rows} x ${cols}, larger than the limit of ${MAX_DIM} per side and ${MAX_ELEMENTS} entries`);
};

// A record field that may be left out, when its kind is itself a record
// (a string kind says it with a trailing '?': 'matrix?'); e.g. the
// trainers' state.m, which only Adam has.
class Optional {
  constructor(kind) { this.kind = kind; }
}
export const optional = (kind) => new Optional(kind);
export const required = (kind) => (kind instanceof Optional ? kind.kind : kind);
export const isOptional = (kind) => kind instanceof Optional || (typeof kind === 'string' && kind.endsWith('?'));

// Checks the shapes that `v` claims against the caps, for an argument of the
// given kind, without copying (mirrors convertArg; a value of the wrong type
// is left to convertArg's message). Returns how many entries it claims.
// counts: {arg: max} for arrays of records (multiHeadAttention's heads),
// with the core's message "has N heads, more than the limit 16"; {path:
// [max, noun]} for an array inside a record (trainAttention's data.X).
export function claimedEntries(fn, name, v, kind, counts = {}) {
  if (kind instanceof Optional) kind = kind.kind;
  if (typeof kind === 'string' && kind.endsWith('?')) kind = kind.slice(0, -1);
  if (typeof kind === 'string' && kind.includes('|')) {
    const alt = kind.split('|').find((k) => FITS[k] && FITS[k](v));
    return alt ? claimedEntries(fn, name, v, alt, counts) : 0;
  }
  if (kind === 'vector' || kind === 'flags') {
    if (!isVectorLike(v) || v instanceof DataView) return 0;
    vectorLimit(fn, name, v.length);
    return v.length;
  }
  if (kind === 'matrix' || kind === 'mask') {
    if (!Array.isArray(v) || v.length === 0 || !isVectorLike(v[0])) return 0;
    matrixLimit(fn, name, v.length, v[0].length);
    return v.length * v[0].length;
  }
  if (Array.isArray(kind)) {
    if (!Array.isArray(v)) return 0;
    if (name in counts) {
      // A number (the core's "has N heads, more than the limit 16"), or [max, noun] for a named
      // count ("data.X has N sequences, more than the limit of 1024"): counted before any copy.
      const [max, noun] = [].concat(counts[name]);
      if (v.length > max) fail(fn, noun ? `${name} has ${v.length} ${noun}, more than the limit of ${max}` : `has ${v.length} ${name}, more than the limit ${max}`);
    }
    let total = 0;
    for (let i = 0; i < v.length; i++) total += claimedEntries(fn, `${name}[${i}]`, v[i], kind[0]);
    return total;
  }
  if (kind && typeof kind === 'object') {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return 0;
    let total = 0;
    for (const [key, k] of Object.entries(kind)) if (v[key] !== undefined) total += claimedEntries(fn, `${name}.${key}`, v[key], k, counts);
    return total;
  }
  return 0;
}

// number[] | Float64Array -> Float64Array (entries must be numbers; the
// core checks finiteness so that its message names the entry). bool=true
// (kind 'flags', e.g. trainMask): booleans, sent as 1 / 0.
export function toVector(fn, name, v, bool = false) {
  if (!isVectorLike(v) || v instanceof DataView) fail(fn, `${name} must be an array of ${bool ? 'booleans' : 'numbers'}, got ${describe(v)}`);
  vectorLimit(fn, name, v.length);
  const out = stagedArray(v.length);
  for (let i = 0; i < v.length; i++) {
    const x = v[i];
    if (bool && typeof x === 'boolean') out[i] = x ? 1 : 0;
    else if (typeof x !== 'number' || (bool && x !== 0 && x !== 1)) fail(fn, `${name}[${i}] must be ${bool ? 'true or false' : 'a number'}, got ${describe(x)}`);
    else out[i] = x;
  }
  return out;
}

// number[][] -> {data, rows, cols}. Booleans are allowed where bool=true (masks).
export function toMatrix(fn, name, m, bool = false) {
  if (!Array.isArray(m)) fail(fn, `${name} must be a matrix (an array of rows), got ${describe(m)}`);
  const rows = m.length;
  if (rows === 0) return { data: stagedArray(0), rows: 0, cols: 0 };
  if (!isVectorLike(m[0])) fail(fn, `${name}[0] must be a row (an array of numbers), got ${describe(m[0])}`);
  const cols = m[0].length;
  matrixLimit(fn, name, rows, cols);
  const data = stagedArray(rows * cols);
  for (let i = 0; i < rows; i++) {
    const row = m[i];
    if (!isVectorLike(row)) fail(fn, `${name}[${i}] must be a row (an array of numbers), got ${describe(row)}`);
    if (row.length !== cols) fail(fn, `${name} row ${i} has ${row.length} entries but row 0 has ${cols} (rows must have equal length)`);
    for (let j = 0; j < cols; j++) {
      const x = row[j];
      if (bool && typeof x === 'boolean') data[i * cols + j] = x ? 1 : 0;
      else if (typeof x === 'number') data[i * cols + j] = x;
      else fail(fn, `${name}[${i}][${j}] must be a number${bool ? ' or boolean' : ''}, got ${describe(x)}`);
    }
  }
  return { data, rows, cols };
}

// Wire result -> plain JS: {data, rows, cols} -> number[][], Float64Array -> number[].
// Indexed copies: Array.from(typedArray) is about 30x slower in V8 (bench/).
export function plainRange(data, start, n) {
  const out = new Array(n);
  for (let j = 0; j < n; j++) out[j] = data[start + j];
  return out;
}

export function toPlain(x) {
  if (x instanceof Float64Array) return plainRange(x, 0, x.length);
  if (Array.isArray(x)) return x.map(toPlain);
  if (x && typeof x === 'object') {
    if (x.data instanceof Float64Array && typeof x.rows === 'number' && typeof x.cols === 'number') {
      const out = new Array(x.rows);
      for (let i = 0; i < x.rows; i++) out[i] = plainRange(x.data, i * x.cols, x.cols);
      return out;
    }
    const o = {};
    for (const k of Object.keys(x)) o[k] = toPlain(x[k]);
    return o;
  }
  return x;
}

// A result as the core returns it (arrays as {wasmPtr, length} into heap,
// the module's HEAPF64 after the call) -> the same shape with its own data:
// flat: Float64Array copies ({rows, cols, data} for matrices); otherwise
// plain arrays (number[][] for matrices), read straight from wasm memory.
// Own properties only: results are plain {} objects made by Embind, which
// must not pick up anything added to Object.prototype.
const own = (x, k) => (Object.prototype.hasOwnProperty.call(x, k) ? x[k] : undefined);
const isKept = (x) => typeof own(x, 'wasmPtr') === 'number';
// The constructor's copy: TypedArray.prototype.slice took up to 2.3x as long (Node 20).
const copyOut = (heap, start, n) => new Float64Array(heap.subarray(start, start + n));
export function readResult(x, heap, flat) {
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) return x.map((v) => readResult(v, heap, flat));
  if (isKept(x)) {
    const s = x.wasmPtr / 8;
    return flat ? copyOut(heap, s, x.length) : plainRange(heap, s, x.length);
  }
  const data = own(x, 'data'), rows = own(x, 'rows'), cols = own(x, 'cols');
  if (data && typeof data === 'object' && isKept(data) && typeof rows === 'number' && typeof cols === 'number') {
    const s = data.wasmPtr / 8;
    if (flat) return { rows, cols, data: copyOut(heap, s, rows * cols) };
    const out = new Array(rows);
    for (let i = 0; i < rows; i++) out[i] = plainRange(heap, s + i * cols, cols);
    return out;
  }
  const o = {};
  for (const k of Object.keys(x)) o[k] = readResult(x[k], heap, flat);
  return o;
}

// The objects sent to the core have no prototype: the bindings read fields
// with plain property gets (src/bindings/convert.hpp), which must not see
// anything added to Object.prototype.
export const wireObject = () => Object.create(null);

// Validates the options object against {key: kind}. Unknown keys are errors.
export function toOptions(fn, opts, schema) {
  if (opts === undefined || opts === null) return wireObject();
  if (typeof opts !== 'object' || Array.isArray(opts)) fail(fn, `options must be an object, got ${describe(opts)}`);
  const out = wireObject();
  for (const key of Object.keys(opts)) {
    const kind = schema[key];
    const allowed = Object.keys(schema);
    if (!kind) fail(fn, `unknown option '${key}' (allowed: ${allowed.length ? allowed.join(', ') : 'none'})`);
    const v = opts[key];
    if (v === undefined) continue;
    out[key] = convertArg(fn, key, v, kind, true);
  }
  return out;
}

// Which JS values each kind takes, for picking an alternative of a union
// kind such as 'vector|number' (the first alternative that fits wins).
const FITS = {
  // A matrix is an array of rows ([] and [1, 2] are vectors: 'number|matrix|vector').
  vector: isVectorLike, flags: isVectorLike, matrix: (x) => Array.isArray(x) && x.length > 0 && isVectorLike(x[0]), mask: Array.isArray,
  number: (x) => typeof x === 'number', integer: (x) => typeof x === 'number',
  boolean: (x) => typeof x === 'boolean', string: (x) => typeof x === 'string',
};
const ARTICLE = { vector: 'a vector', flags: 'an array of booleans', matrix: 'a matrix', mask: 'a mask', number: 'a number',
  integer: 'an integer', boolean: 'true or false', string: 'a string' };

export function convertArg(fn, name, v, kind, isOption = false) {
  const what = isOption ? `option ${name}` : name;
  if (kind instanceof Optional) kind = kind.kind;
  if (typeof kind === 'string' && kind.endsWith('?')) kind = kind.slice(0, -1);  // optional record field
  if (typeof kind === 'string' && kind.includes('|')) {  // union, e.g. 'vector|number'
    const alts = kind.split('|');
    const alt = alts.find((k) => FITS[k] && FITS[k](v));
    if (!alt) fail(fn, `${what} must be ${alts.map((k) => ARTICLE[k] || k).join(' or ')}, got ${describe(v)}`);
    return convertArg(fn, name, v, alt, isOption);
  }
  switch (kind) {
    case 'vector': return toVector(fn, name, v);
    case 'flags': return toVector(fn, name, v, true);
    case 'matrix': return toMatrix(fn, name, v);
    case 'mask': return toMatrix(fn, name, v, true);
    case 'number':
      if (typeof v !== 'number') fail(fn, `${what} must be a number, got ${describe(v)}`);
      return v;
    case 'integer':
      if (typeof v !== 'number' || !Number.isInteger(v)) fail(fn, `${what} must be an integer, got ${typeof v === 'number' ? v : describe(v)}`);
      return v;
    case 'boolean':
      if (typeof v !== 'boolean') fail(fn, `${what} must be true or false, got ${describe(v)}`);
      return v;
    case 'string':
      if (typeof v !== 'string') fail(fn, `${what} must be a string, got ${describe(v)}`);
      return v;
    default:
      if (Array.isArray(kind)) {  // [{field: kind}]: an array of records (e.g. heads)
        if (!Array.isArray(v)) fail(fn, `${what} must be an array, got ${describe(v)}`);
        // [kind]: an array of that kind (trainAttention's data.X: matrices;
        // nested, the transformer's layers [[head]] and attention [[[matrix]]])
        if (typeof kind[0] === 'string' || Array.isArray(kind[0])) return v.map((item, i) => convertArg(fn, `${name}[${i}]`, item, kind[0]));
        return v.map((item, i) => convertRecord(fn, `${name}[${i}]`, item, kind[0]));
      }
      return convertRecord(fn, name, v, kind);
  }
}

// {field: kind}: every field is required unless its kind ends in '?'
// ('matrix?') or is optional(kind); an absent optional field is left out of
// the wire object.
function convertRecord(fn, name, v, fields) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) fail(fn, `${name} must be an object, got ${describe(v)}`);
  const out = wireObject();
  for (const key of Object.keys(v))
    if (!(key in fields)) fail(fn, `${name} has an unknown field '${key}' (allowed: ${Object.keys(fields).join(', ')})`);
  for (const [key, kind] of Object.entries(fields)) {
    if (v[key] === undefined) {
      if (isOptional(kind)) continue;
      fail(fn, `${name}.${key} is missing`);
    }
    out[key] = convertArg(fn, `${name}.${key}`, v[key], kind);
  }
  return out;
}
