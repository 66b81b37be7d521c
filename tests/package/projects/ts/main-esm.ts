// ES module setups (nodenext, node16, bundler): default and named imports.
import AttnLab, { load, version } from 'attention-lab';
import type { AttnLabApi } from 'attention-lab';
import { run } from './api-check.js';

const lab: AttnLabApi = await load();
if (lab !== (await AttnLab.load())) throw new Error('two instances');
console.log(await run(process.env.SETUP ?? '?', AttnLab, load, version));
