// The TypeScript setups of tests/package, compiled in one process with the
// TypeScript of the repository's devDependencies (lib files parsed once).
//   node tests/package/ts-matrix.mjs <dir>   (<dir>/node_modules/attention-lab installed)
// Writes <dir>/ts-<setup>/ (package.json, tsconfig.json, the sources of
// projects/ts, out/*.js) and prints [{setup, diagnostics: ['TS1234 file:line: text'],
// main: 'out/main-x.js' | null, expect}] as JSON.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ts = createRequire(import.meta.url)('typescript');

// setup -> its package.json "type", compiler options, main file, and what tsc must say.
export const SETUPS = [
  { setup: 'nodenext (ESM)', type: 'module', options: { module: 'nodenext', moduleResolution: 'nodenext' }, main: 'main-esm.ts' },
  { setup: 'nodenext (CJS)', type: 'commonjs', options: { module: 'nodenext', moduleResolution: 'nodenext' }, main: 'main-require.ts' },
  { setup: 'node16 (ESM)', type: 'module', options: { module: 'node16', moduleResolution: 'node16' }, main: 'main-esm.ts' },
  { setup: 'node16 (CJS)', type: 'commonjs', options: { module: 'node16', moduleResolution: 'node16' }, main: 'main-require.ts' },
  { setup: 'bundler + esnext', type: 'module', options: { module: 'esnext', moduleResolution: 'bundler' }, main: 'main-esm.ts' },
  { setup: 'commonjs + esModuleInterop', type: 'commonjs', options: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true }, main: 'main-interop.ts' },
  { setup: 'commonjs, no esModuleInterop', type: 'commonjs', options: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: false }, main: 'main-namespace.ts' },
  { setup: 'commonjs, no esModuleInterop, default import', type: 'commonjs', options: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: false },
    main: 'default-without-interop.ts', alone: true, expect: ['TS1259'] },
];

const COMMON = {
  strict: true, target: 'es2022', lib: ['es2022', 'dom'], types: [], skipLibCheck: false, skipDefaultLibCheck: true,
  noEmitOnError: true, outDir: 'out', rootDir: '.', newLine: 'lf',
};

const libCache = new Map();
function compile(dir) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
  const config = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, host);
  const compilerHost = ts.createCompilerHost(config.options);
  const getSourceFile = compilerHost.getSourceFile.bind(compilerHost);
  compilerHost.getSourceFile = (file, lang, ...rest) => {
    if (!/[\\/]typescript[\\/]lib[\\/]lib\.[^\\/]*\.d\.ts$/.test(file)) return getSourceFile(file, lang, ...rest);
    const key = `${file}|${typeof lang === 'object' ? lang.languageVersion : lang}`;
    if (!libCache.has(key)) libCache.set(key, getSourceFile(file, lang, ...rest));
    return libCache.get(key);
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host: compilerHost });
  let diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  if (!diagnostics.length) diagnostics = [...program.emit().diagnostics];
  return diagnostics.map((d) => {
    const where = d.file ? `${path.relative(dir, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '-';
    return `TS${d.code} ${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2]);
  const src = path.join(here, 'projects/ts');
  const out = [];
  for (const [k, s] of SETUPS.entries()) {
    const dir = path.join(root, `ts-${k}`);
    fs.mkdirSync(dir, { recursive: true });
    const files = s.alone ? [s.main] : ['node-globals.d.ts', 'api-check.ts', s.main];
    for (const f of files) fs.copyFileSync(path.join(src, f), path.join(dir, f));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `probe-ts-${k}`, private: true, type: s.type }));
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...COMMON, ...s.options }, files }, null, 2));
    const diagnostics = compile(dir);
    out.push({ setup: s.setup, dir, type: s.type, options: s.options, expect: s.expect || [], diagnostics,
      main: s.expect ? null : path.join(dir, 'out', s.main.replace(/\.ts$/, '.js')) });
  }
  process.stdout.write(JSON.stringify({ typescript: ts.version, setups: out }));
}
