// The npm package `attention-lab` as its users get it (README, "Using the
// npm package"): `npm pack` of the repository (dist/ as the wasm layer built
// it; the package's prepack is scripts/build.sh), its file list, then one
// offline install of the tarball (never the registry) shared by small
// projects: Node CommonJS and ES modules, copies of the files, every
// TypeScript setup (ts-matrix.mjs), esbuild and Vite bundles run in headless
// Chromium under a strict CSP, and @arethetypeswrong/cli.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const projects = path.join(here, 'projects');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// attention([[1,0],[0,1]], same, [[1,2],[3,4]]): row 0 is softmax([1, 0] / sqrt 2).
const W00 = 1 / (1 + Math.exp(-Math.SQRT1_2));

// Exactly what users need: the library (UMD, ES module, Node's ES entry),
// both declaration files, the embed script and its declarations, lessons.json.
const TARBALL_FILES = [
  'README.md', 'package.json', 'LICENSE',
  'dist/attnlab.js', 'dist/attnlab.mjs', 'dist/attnlab-node.mjs', 'dist/attnlab.d.ts', 'dist/attnlab.d.mts',
  'dist/attnlab-embed.js', 'dist/attnlab-embed.d.ts', 'dist/lessons.json',
];
// Heavier than a headless page needs, as in tests/e2e.
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
// What README promises a page needs: scripts from its own origin plus
// 'wasm-unsafe-eval' for the WebAssembly compile; nothing inline, no eval.
const CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self'; connect-src 'none'";

const node = (file, opts = {}) => run(process.execPath, [file], { cwd: path.dirname(file), timeout: 60000, ...opts });
const copy = (from, to) => fs.cpSync(from, to, { recursive: true });

let tmp, tarball, packed, attw, tsMatrix;

before(async () => {
  for (const f of ['attnlab.js', 'attnlab.mjs', 'attnlab-node.mjs', 'attnlab.d.ts', 'attnlab.d.mts', 'attnlab-embed.js', 'attnlab-embed.d.ts', 'lessons.json'])
    assert.ok(fs.existsSync(path.join(root, 'dist', f)), `dist/${f} is missing: run bash scripts/build.sh (the wasm layer of npm test builds it)`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-package-'));
  // --ignore-scripts: prepack (scripts/build.sh) would rebuild dist/, which
  // the wasm layer has just built; the test checks the package, not the build.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: root, timeout: 60000 });
  [packed] = JSON.parse(stdout);
  tarball = path.join(tmp, packed.filename);
  // The checker reads the tarball alone: it runs while the rest goes on.
  attw = run(process.execPath, [path.join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--format', 'json'],
    { timeout: 60000 }).catch((e) => e);
  // One install, offline, shared by the projects below (node_modules/ of tmp).
  fs.writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ name: 'attnlab-package-test', private: true }));
  await run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-save'], { cwd: tmp, timeout: 60000 });
  tsMatrix = run(process.execPath, [path.join(here, 'ts-matrix.mjs'), tmp], { timeout: 60000, maxBuffer: 16 << 20 })
    .then(({ stdout: out }) => JSON.parse(out));
});

after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds what users need and nothing else', () => {
  assert.equal(packed.name, 'attention-lab');
  assert.deepEqual(packed.files.map((f) => f.path).sort(), [...TARBALL_FILES].sort());
  // Every path package.json points at is in it.
  const targets = [pkg.main, pkg.module, pkg.types];
  const walk = (v) => (typeof v === 'string' ? targets.push(v) : Object.values(v).forEach(walk));
  walk(pkg.exports);
  walk(pkg.typesVersions);
  for (const t of targets) assert.ok(TARBALL_FILES.includes(t.replace(/^\.\//, '')), `package.json names ${t}, not in the tarball`);
  assert.equal(pkg.private, undefined, 'package.json is publishable');
  assert.equal(pkg.scripts.prepack, 'bash scripts/build.sh', 'prepack builds dist/');
  for (const s of ['start', 'build', 'test', 'bench', 'setup']) assert.ok(pkg.scripts[s], `the app's script ${s} is kept`);
  assert.ok(!('dependencies' in pkg), 'no runtime dependency');
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`# ${packed.filename}: ${kb(packed.size)} (unpacked ${kb(packed.unpackedSize)}), ${packed.files.length} files`);
});

test('LICENSE: the MIT license that package.json names, for the Attention Lab authors', () => {
  assert.equal(pkg.license, 'MIT');
  const text = fs.readFileSync(path.join(tmp, 'node_modules/attention-lab/LICENSE'), 'utf8');
  assert.match(text, /^MIT License\n/);
  assert.match(text, /^Copyright \(c\) \d{4} Attention Lab authors$/m);
  assert.match(text, /Permission is hereby granted, free of charge/);
});

// Server-side rendering imports the embed entry in Node: it must load
// without a browser (no window, no document) and define nothing there.
test('attention-lab/embed imports and requires in Node without touching window', async () => {
  const code = `import('attention-lab/embed').then(() => { require('attention-lab/embed');
    console.log(JSON.stringify({ window: typeof window, AttnLabEmbed: typeof globalThis.AttnLabEmbed })); });`;
  const { stdout } = await run(process.execPath, ['-e', code], { cwd: tmp, timeout: 60000 });
  assert.deepEqual(JSON.parse(stdout), { window: 'undefined', AttnLabEmbed: 'undefined' });
});

test('one version: package.json, AttnLab.version, AttnLabEmbed.version, lessons.json', async () => {
  const inst = path.join(tmp, 'node_modules/attention-lab');
  const v = JSON.parse(fs.readFileSync(path.join(inst, 'package.json'), 'utf8')).version;
  assert.equal(v, pkg.version);
  assert.equal(JSON.parse(fs.readFileSync(path.join(inst, 'dist/lessons.json'), 'utf8')).version, v, 'lessons.json');
  assert.ok(fs.readFileSync(path.join(inst, 'dist/attnlab-embed.js'), 'utf8').includes(`var VERSION = '${v}';`), 'attnlab-embed.js');
  for (const f of ['attnlab.js', 'attnlab.mjs']) assert.ok(fs.readFileSync(path.join(inst, 'dist', f), 'utf8').includes(`AttnLab.version = "${v}";`), f);
});

test('no require("fs"), require("path") or __dirname in the library (bundlers need no configuration)', () => {
  for (const f of ['attnlab.js', 'attnlab.mjs']) {
    const text = fs.readFileSync(path.join(tmp, 'node_modules/attention-lab/dist', f), 'utf8');
    assert.doesNotMatch(text, /\brequire\s*\(|__dirname/, f);
  }
});

// --- Bundles in the browser.

function serve(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dir, rel.endsWith('/') ? `${rel}index.html` : rel);
    if (rel === '/favicon.ico') { res.writeHead(204); res.end(); return; }
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream', 'Content-Security-Policy': CSP });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// The setups are independent: they run side by side (child processes, the
// TypeScript compile and Chromium wait on each other otherwise).
describe('setups that install the tarball', { concurrency: true }, () => {
  test('Node, CommonJS: require()', async () => {
    const dir = path.join(tmp, 'node-cjs');
    copy(path.join(projects, 'node-cjs'), dir);
    const r = JSON.parse((await node(path.join(dir, 'index.js'))).stdout);
    assert.ok(Math.abs(r.w00 - W00) < 1e-12, `w00 ${r.w00}`);
    assert.deepEqual([r.version, r.pkgVersion, r.lessonsVersion], [pkg.version, pkg.version, pkg.version]);
    assert.ok(r.lessons > 0 && r.sameInstance);
  });

  test('Node, ES module in a "type": "module" project: named imports; one instance with require()', async () => {
    const dir = path.join(tmp, 'node-esm');
    copy(path.join(projects, 'node-esm'), dir);
    const r = JSON.parse((await node(path.join(dir, 'index.js'))).stdout);
    assert.ok(Math.abs(r.w00 - W00) < 1e-12, `w00 ${r.w00}`);
    assert.deepEqual([r.version, r.defaultVersion, r.defaultLoad, r.sameInstance], [pkg.version, pkg.version, true, true]);
  });

  test('copies of the files in a "type": "module" project: the ES module, and the UMD read as an ES module', async () => {
    const dir = path.join(tmp, 'node-vendored');
    copy(path.join(projects, 'node-vendored'), dir);
    fs.copyFileSync(path.join(tmp, 'node_modules/attention-lab/dist/attnlab.mjs'), path.join(dir, 'attnlab.mjs'));
    fs.copyFileSync(path.join(tmp, 'node_modules/attention-lab/dist/attnlab.js'), path.join(dir, 'attnlab-umd.js'));
    const r = JSON.parse((await node(path.join(dir, 'index.js'))).stdout);
    assert.ok(Math.abs(r.w00 - W00) < 1e-12 && Math.abs(r.umdW00 - W00) < 1e-12, JSON.stringify(r));
    assert.deepEqual([r.version, r.umdVersion], [pkg.version, pkg.version]);
  });

  test('TypeScript --strict: nodenext, node16, bundler, commonjs with and without esModuleInterop (compiled, then run)', async () => {
    const { typescript, setups } = await tsMatrix;
    const rows = [];
    for (const s of setups) {
      const codes = s.diagnostics.map((d) => d.split(' ')[0]);
      if (s.expect.length) {
        assert.deepEqual(codes, s.expect, `${s.setup}: must fail with ${s.expect} only:\n${s.diagnostics.join('\n')}`);
        rows.push(`${s.setup}: rejected (${codes.join(', ')}), as it must be`);
      } else {
        assert.deepEqual(s.diagnostics, [], `${s.setup}: compile errors`);
      }
    }
    const compiled = setups.filter((s) => s.main);
    const outputs = await Promise.all(compiled.map((s) => node(s.main, { env: { ...process.env, SETUP: s.setup } })));
    compiled.forEach((s, k) => {
      const r = JSON.parse(outputs[k].stdout);
      assert.ok(Math.abs(r.w00 - W00) < 1e-12, `${s.setup}: w00 ${r.w00}`);
      assert.deepEqual([r.setup, r.version, r.staticVersion], [s.setup, pkg.version, pkg.version], s.setup);
      rows.push(`${s.setup}: compiles (every must-not-compile line rejected) and runs`);
    });
    console.log(`# TypeScript ${typescript}\n${rows.map((r) => `#   ${r}`).join('\n')}`);
  });

  test('@arethetypeswrong/cli: no problem in any resolution mode', async () => {
    const r = await attw;
    const out = JSON.parse(r.stdout);
    assert.deepEqual(out.problems, {}, JSON.stringify(out.problems, null, 2));
    const modes = Object.entries(out.analysis.entrypoints).map(([entry, e]) =>
      `${entry}: ${Object.entries(e.resolutions).map(([mode, res]) => `${mode} ${res.resolution?.fileName?.replace(/^\/node_modules\/attention-lab\//, '') ?? 'none'}`).join(', ')}`);
    console.log(`# attw ${out.analysis.buildTools?.['@arethetypeswrong/cli'] ?? ''}\n${modes.map((m) => `#   ${m}`).join('\n')}`);
  });

  test('esbuild (platform browser) and Vite bundles, no configuration, run in Chromium under a strict CSP', async () => {
    const web = path.join(tmp, 'web');
    copy(path.join(projects, 'browser'), path.join(tmp, 'browser'));
    fs.mkdirSync(web);
    const pages = [];
    // esbuild: only what says "bundle this for a browser".
    for (const entry of ['entry-esm.js', 'entry-cjs.js']) {
      const name = entry.replace(/\.js$/, '');
      await esbuild.build({ entryPoints: [path.join(tmp, 'browser', entry)], bundle: true, platform: 'browser', outfile: path.join(web, `${name}.js`), logLevel: 'error' });
      fs.writeFileSync(path.join(web, `${name}.html`), fs.readFileSync(path.join(projects, 'browser/page.html'), 'utf8').replace('SCRIPT', `${name}.js`));
      pages.push([`esbuild, ${entry === 'entry-esm.js' ? 'import' : 'require'}`, `/${name}.html`]);
    }
    // Vite: `vite build` in a project without a vite.config.
    const vite = path.join(tmp, 'vite');
    copy(path.join(projects, 'vite'), vite);
    fs.copyFileSync(path.join(projects, 'browser/probe.js'), path.join(vite, 'probe.js'));
    await run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: vite, timeout: 60000 });
    copy(path.join(vite, 'dist'), web);   // its pages use absolute /assets/ paths: at the root
    pages.push(['Vite', '/']);
    // Tree shaking: an import that uses nothing keeps nothing of the library.
    const shaken = await esbuild.build({ stdin: { contents: "import 'attention-lab';", resolveDir: tmp }, bundle: true, platform: 'browser', write: false, minify: true, logLevel: 'error' });
    assert.ok(shaken.outputFiles[0].text.length < 100, `an unused import kept ${shaken.outputFiles[0].text.length} bytes`);

    const server = await serve(web);
    const browser = await chromium.launch(LAUNCH);
    try {
      const base = `http://127.0.0.1:${server.address().port}`;
      const results = await Promise.all(pages.map(async ([label, url]) => {
        const page = await browser.newPage();
        const problems = [];
        page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
        page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
        page.on('request', (r) => { if (!r.url().startsWith(base)) problems.push(`request off the origin: ${r.url()}`); });
        await page.goto(base + url);
        const text = await page.waitForFunction(() => document.getElementById('out')?.textContent, null, { timeout: 20000 })
          .then((h) => h.jsonValue(), (e) => `error: ${e.message}; ${problems.join('; ')}`);
        await page.close();
        return { label, text, problems };
      }));
      for (const { label, text, problems } of results) {
        assert.deepEqual(problems, [], label);
        assert.ok(!text.startsWith('error'), `${label}: ${text}`);
        const r = JSON.parse(text);
        assert.ok(Math.abs(r.w00 - W00) < 1e-12 && Math.abs(r.flatW01 - (1 - W00)) < 1e-12, `${label}: ${text}`);
        assert.deepEqual([r.version, r.embedVersion, r.element, r.globalAttnLab], [pkg.version, pkg.version, 'function', 'undefined'], label);
      }
      console.log(`# in Chromium: ${results.map((r) => r.label).join('; ')}: attention checked, no console error or CSP violation`);
    } finally {
      await browser.close();
      server.close();
    }
  });
});
