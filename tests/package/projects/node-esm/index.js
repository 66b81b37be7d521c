// Node, ES module inside a "type": "module" project: default and named
// imports; require() in the same process gets the same instance.
import AttnLab, { load, version } from 'attention-lab';
import { createRequire } from 'node:module';

const required = createRequire(import.meta.url)('attention-lab');
const lab = await load();
const r = lab.attention([[1, 0], [0, 1]], [[1, 0], [0, 1]], [[1, 2], [3, 4]]);
console.log(JSON.stringify({
  w00: r.weights[0][0], version, defaultVersion: AttnLab.version, defaultLoad: AttnLab.load === load,
  sameInstance: lab === (await AttnLab.load()) && lab === (await required.load()),
}));
