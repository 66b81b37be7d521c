// Copies of the files (no npm) inside a "type": "module" project: the ES
// module with named imports, and the UMD file, which is read as an ES module
// here (no module.exports: it defines globalThis.AttnLab as in a page).
import { load, version } from './attnlab.mjs';
import './attnlab-umd.js';

const lab = await load();
const umd = await globalThis.AttnLab.load();
const Q = [[1, 0], [0, 1]], V = [[1, 2], [3, 4]];
console.log(JSON.stringify({
  w00: lab.attention(Q, Q, V).weights[0][0], umdW00: umd.attention(Q, Q, V).weights[0][0],
  version, umdVersion: globalThis.AttnLab.version,
}));
