// esbuild, platform browser, no configuration: require() of the package.
const AttnLab = require('attention-lab');
require('attention-lab/embed');
const { probe } = require('./probe.js');

probe(AttnLab);
