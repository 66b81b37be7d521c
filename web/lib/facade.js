// The public JS API over the raw Embind module: arrays in, arrays out,
// Errors out. One generic wrapper per entry of SPECS; no math here.
import { ApiError, convertArg, fail, toOptions, toPlain } from './convert.js';
import { SPECS } from './specs/index.js';

function wrap(core, name, spec) {
  const nargs = spec.args.length;
  return function (...given) {
    if (given.length > nargs + (spec.options ? 1 : 0))
      fail(name, `takes ${nargs} argument${nargs === 1 ? '' : 's'}${spec.options ? ' and an options object' : ''}, got ${given.length}`);
    const wire = {};
    spec.args.forEach(([arg, kind], i) => {
      if (given[i] === undefined) {
        if (typeof kind === 'string' && kind.endsWith('?')) return;  // optional positional (affine's b)
        fail(name, `argument ${arg} is missing`);
      }
      wire[arg] = convertArg(name, arg, given[i], kind);
    });
    Object.assign(wire, toOptions(name, given[nargs], spec.options || {}));
    let r;
    try {
      r = core[name](wire);
    } catch (e) {
      // Only a bug (or an abort) gets here: the bindings catch every C++ exception.
      throw new ApiError(`${name}: internal error (${e && e.message ? e.message : String(e)})`);
    }
    if (!r.ok) throw new ApiError(r.error);
    return toPlain(r.value);
  };
}

export function makeApi(core) {
  const api = {};
  for (const [name, spec] of Object.entries(SPECS)) api[name] = wrap(core, name, spec);
  // Extension for tests and diagnostics: bytes in use on the wasm heap.
  api.heapInUse = () => core.heapInUse();
  api.functions = Object.keys(SPECS);
  return Object.freeze(api);
}

// AttnLab.load(): one shared instance per page / process.
export function createLoader(createCore) {
  let instance = null;
  return {
    load() {
      if (!instance) {
        instance = createCore().then(makeApi);
        instance.catch(() => { instance = null; });  // a failed start may be retried
      }
      return instance;
    },
  };
}
