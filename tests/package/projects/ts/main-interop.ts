// module commonjs with esModuleInterop: the default import, and named imports.
import AttnLab from 'attention-lab';
import { load, version } from 'attention-lab';
import { run } from './api-check.js';

run(process.env.SETUP ?? '?', AttnLab, load, version).then(console.log, (e) => { console.error(e); process.exitCode = 1; });
