// The public JS API over the raw Embind module: arrays in, arrays out,
// Errors out. One generic wrapper per entry of SPECS; no math here.
import { ApiError, MAX_CALL_ENTRIES, claimedEntries, convertArg, fail, readResult, stageMark, stageRelease, toOptions, wireObject } from './convert.js';
import { SPECS } from './specs/index.js';

// The live module instance. If it aborts (a wasm trap or Emscripten's
// abort()), it is dropped for good, a fresh one is started, and calls made
// meanwhile get a plain-words error; listeners hear about each restart.
// A restart that fails is tried again: by the next call made at least
// RETRY_MS later, or at once by a later AttnLab.load() (engine.retry()).
export const RETRY_MS = 2000;
function createEngine(core, restart) {
  // state: 'ok' | 'restarting' | 'failed'
  const engine = { core, restarts: 0, listeners: new Set(), state: 'ok', failedAt: 0, last: null };
  const notify = (status) => {
    const { name, why } = engine.last;
    for (const f of engine.listeners) { try { f({ status, function: name, reason: why }); } catch { /* a listener's bug */ } }
  };
  const begin = () => {
    engine.state = 'restarting';
    notify('restarting');
    if (!restart) { engine.state = 'failed'; engine.failedAt = Date.now(); notify('failed'); return; }
    restart().then((fresh) => { engine.core = fresh; engine.state = 'ok'; engine.restarts++; notify('ready'); },
      () => { engine.state = 'failed'; engine.failedAt = Date.now(); notify('failed'); });
  };
  engine.died = (name, e) => {
    engine.core = null;
    engine.last = { name, why: e && e.message ? e.message : String(e) };
    begin();
  };
  // Starts another restart after a failed one (now, or only if RETRY_MS have passed).
  engine.retry = (force = true) => {
    if (engine.state === 'failed' && restart && (force || Date.now() - engine.failedAt >= RETRY_MS)) begin();
  };
  return engine;
}

// Errors about the engine itself (not about the input) carry code 'engine'
// and state ('restarting' | 'failed'), for pages that show their own notice.
function engineError(name, state, detail) {
  const e = new ApiError(state === 'failed'
    ? `${name}: the computing engine stopped and could not be restarted; it is tried again on a later call`
    : detail ? `${name}: the computing engine stopped (${detail}); it is being restarted, try again`
      : `${name}: the computing engine stopped and is restarting; try again in a moment`);
  e.code = 'engine';
  e.state = state;
  return e;
}

// The facade's own option (on the functions whose spec lists it): 'flat'
// returns matrices as {rows, cols, data: Float64Array} (row-major) and
// vectors as Float64Array (one copy each out of wasm memory) instead of
// arrays of rows, for callers that work on flat arrays anyway (at n = 1024
// the three n x n number[][] of attention cost V8 ~100 ms of GC, a flat
// result ~5 ms). Removed from the wire.
function takeLayout(name, wire) {
  if (!('layout' in wire)) return false;
  const layout = wire.layout;
  delete wire.layout;
  if (layout !== 'nested' && layout !== 'flat') fail(name, `option layout must be 'nested' or 'flat', got '${layout}'`);
  return layout === 'flat';
}

// f() calls into the module: the call itself, and the release of its results
// (src/bindings/convert.hpp), which frees memory inside the module. Only an
// abort (or a bug) throws here: the bindings catch every C++ exception. The
// instance's state is unknown then: it is never called again.
function intoModule(engine, name, f) {
  try {
    return f();
  } catch (e) {
    engine.died(name, e);
    throw engineError(name, 'restarting', e && e.message ? e.message : String(e));
  }
}

function wrap(engine, name, spec) {
  const nargs = spec.args.length;
  return function (...given) {
    const mark = stageMark();
    try {
      return call(given);
    } catch (e) {
      // Every error names the function, also the engine's own (a RangeError
      // from a typed array, a getter that throws while an argument is read).
      if (e instanceof ApiError) throw e;
      throw new ApiError(`${name}: ${e && e.message ? e.message : String(e)}`, { cause: e });
    } finally {
      stageRelease(mark);
    }
  };

  // The documented limits, on the shapes the arguments claim, before any
  // argument is copied (web/lib/convert.js claimedEntries). Returns the
  // entries claimed in all.
  function checkShapes(given) {
    let total = 0;
    spec.args.forEach(([arg, kind], i) => { total += claimedEntries(name, arg, given[i], kind, spec.counts); });
    const opts = given[nargs];
    if (spec.options && opts && typeof opts === 'object' && !Array.isArray(opts))
      for (const [key, kind] of Object.entries(spec.options))
        if (Object.prototype.hasOwnProperty.call(opts, key)) total += claimedEntries(name, key, opts[key], kind);
    if (spec.nodes) {  // graphs: the core's max_graph_nodes (src/attn/graph/laplacian.hpp)
      const A = given[spec.args.findIndex(([arg]) => arg === 'A')];
      if (Array.isArray(A) && A.length > spec.nodes && A[0] && A[0].length === A.length)
        fail(name, `A has ${A.length} nodes, more than the limit of ${spec.nodes}`);
    }
    if (total > MAX_CALL_ENTRIES)
      fail(name, `the arguments have ${total} entries in all, more than the limit of ${MAX_CALL_ENTRIES} (128 MB)`);
    return total;
  }

  function call(given) {
    if (given.length > nargs + (spec.options ? 1 : 0))
      fail(name, `takes ${nargs} argument${nargs === 1 ? '' : 's'}${spec.options ? ' and an options object' : ''}, got ${given.length}`);
    checkShapes(given);
    const wire = wireObject();
    spec.args.forEach(([arg, kind], i) => {
      if (given[i] === undefined) {
        if (typeof kind === 'string' && kind.endsWith('?')) return;  // optional positional (affine's b)
        fail(name, `argument ${arg} is missing`);
      }
      wire[arg] = convertArg(name, arg, given[i], kind);
    });
    Object.assign(wire, toOptions(name, given[nargs], spec.options || {}));
    const flat = takeLayout(name, wire);
    const core = engine.core;
    if (!core) {
      engine.retry(false);
      throw engineError(name, engine.state === 'failed' ? 'failed' : 'restarting');
    }
    const r = intoModule(engine, name, () => core[name](wire));
    let value, failure = null;
    try {
      if (!r.ok) throw new ApiError(r.error);
      // post() builds its own shapes from Float64Array data.
      value = readResult(r.value, core.HEAPF64, flat || !!spec.post);
    } catch (e) {
      failure = e;
    }
    intoModule(engine, name, () => core.releaseResults());
    if (failure) throw failure;
    return spec.post ? spec.post(value) : value;
  }
}

// restart (optional): () => Promise of a fresh raw module, used after an abort.
const engines = new WeakMap();  // api -> its engine (for the loader's retry)
export function makeApi(core, { restart = null } = {}) {
  const engine = createEngine(core, restart);
  const api = {};
  for (const [name, spec] of Object.entries(SPECS)) api[name] = wrap(engine, name, spec);
  // Extension for tests and diagnostics: bytes in use on the wasm heap.
  api.heapInUse = () => {
    if (!engine.core) throw new ApiError('heapInUse: the computing engine is restarting');
    return engine.core.heapInUse();
  };
  api.functions = Object.keys(SPECS);
  // Extension: fn({status: 'restarting' | 'ready' | 'failed', function, reason})
  // after an abort; returns a function that removes the listener.
  api.onRestart = (fn) => { engine.listeners.add(fn); return () => engine.listeners.delete(fn); };
  api.restarts = () => engine.restarts;
  Object.freeze(api);
  engines.set(api, engine);
  return api;
}

// AttnLab.load(): one shared instance per page / process.
export function createLoader(createCore) {
  let instance = null;
  return {
    load() {
      if (!instance) {
        instance = createCore().then((core) => makeApi(core, { restart: createCore }));
        instance.catch(() => { instance = null; });  // a failed start may be retried
      } else {
        // The same API; an engine whose restart failed is tried again now.
        instance.then((api) => { const e = engines.get(api); if (e) e.retry(true); }, () => {});
      }
      return instance;
    },
  };
}
