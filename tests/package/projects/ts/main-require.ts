// CommonJS under nodenext / node16: import = require().
import AttnLab = require('attention-lab');
import { run } from './api-check.js';

run(process.env.SETUP ?? '?', AttnLab, AttnLab.load, AttnLab.version).then(console.log, (e) => { console.error(e); process.exitCode = 1; });
