// esbuild, platform browser, no configuration: ES imports of the package.
import AttnLab, { load, version } from 'attention-lab';
import 'attention-lab/embed';
import { probe } from './probe.js';

if (AttnLab.load !== load || AttnLab.version !== version) throw new Error('named and default exports differ');
probe(AttnLab);
