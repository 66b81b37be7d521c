// Vite (vite build), no configuration file.
import AttnLab, { load } from 'attention-lab';
import 'attention-lab/embed';
import { probe } from './probe.js';

if (AttnLab.load !== load) throw new Error('named and default exports differ');
probe(AttnLab);
