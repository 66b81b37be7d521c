// Must NOT compile (module commonjs, esModuleInterop false): the module is
// module.exports itself, so a default import would be undefined at run time.
import AttnLab from 'attention-lab';

AttnLab.load();
