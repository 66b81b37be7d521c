// module commonjs without esModuleInterop: a namespace import, import = require().
import * as AttnLab from 'attention-lab';
import AttnLab2 = require('attention-lab');
import { run } from './api-check.js';

if (AttnLab.load !== AttnLab2.load) throw new Error('two loaders');
run(process.env.SETUP ?? '?', AttnLab, AttnLab.load, AttnLab.version).then(console.log, (e) => { console.error(e); process.exitCode = 1; });
