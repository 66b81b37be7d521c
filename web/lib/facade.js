// The public JS API over the raw Embind module: arrays in, arrays out,
// Errors out. One generic wrapper per entry of SPECS; no math here.
import { ApiError, convertArg, fail, readResult, stageMark, stageRelease, toOptions, wireObject } from './convert.js';
import { SPECS } from './specs/index.js';

// The live module instance. If it aborts (a wasm trap or Emscripten's
// abort()), it is dropped for good, a fresh one is started, and calls made
// meanwhile get a plain-words error; listeners hear about each restart.
function createEngine(core, restart) {
  const engine = { core, restarts: 0, listeners: new Set() };
  engine.died = (name, e) => {
    engine.core = null;
    const why = e && e.message ? e.message : String(e);
    const notify = (status) => { for (const f of engine.listeners) { try { f({ status, function: name, reason: why }); } catch { /* a listener's bug */ } } };
    notify('restarting');
    if (restart) {
      restart().then((fresh) => { engine.core = fresh; engine.restarts++; notify('ready'); },
        () => notify('failed'));
    }
  };
  return engine;
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
    throw new ApiError(`${name}: the computing engine stopped (${e && e.message ? e.message : String(e)}); it is being restarted, try again`);
  }
}

function wrap(engine, name, spec) {
  const nargs = spec.args.length;
  return function (...given) {
    const mark = stageMark();
    try {
      return call(given);
    } finally {
      stageRelease(mark);
    }
  };

  function call(given) {
    if (given.length > nargs + (spec.options ? 1 : 0))
      fail(name, `takes ${nargs} argument${nargs === 1 ? '' : 's'}${spec.options ? ' and an options object' : ''}, got ${given.length}`);
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
    if (!core) throw new ApiError(`${name}: the computing engine stopped and is restarting; try again in a moment`);
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
  return Object.freeze(api);
}

// AttnLab.load(): one shared instance per page / process.
export function createLoader(createCore) {
  let instance = null;
  return {
    load() {
      if (!instance) {
        instance = createCore().then((core) => makeApi(core, { restart: createCore }));
        instance.catch(() => { instance = null; });  // a failed start may be retried
      }
      return instance;
    },
  };
}
