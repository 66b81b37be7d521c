// scripts/serve.mjs: the static server of dist/ used by the e2e tests.
// MIME types, index.html for directories, 404s, no way out of the root
// (.., encoded .., absolute paths), and a free port when the wanted one is taken.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './helpers.mjs';

const { startServer, mimeType } = await import(pathToFileURL(path.join(root, 'scripts/serve.mjs')).href);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-serve-'));
const site = path.join(dir, 'site');
fs.mkdirSync(path.join(site, 'sub'), { recursive: true });
fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the root');
fs.writeFileSync(path.join(dir, 'site-other.txt'), 'a sibling with the root as prefix');
const files = {
  'index.html': '<!doctype html><title>t</title>', 'app.js': 'x', 'style.css': 'a{}', 'lessons.json': '{}',
  'i.svg': '<svg/>', 'p.png': 'png', 'f.woff2': 'w', 'm.wasm': 'w', 'attnlab.d.ts': 'export {}', 'sub/index.html': 'sub',
  'with space.txt': 'spaced',
};
for (const [f, body] of Object.entries(files)) fs.writeFileSync(path.join(site, f), body);

const server = await startServer({ port: 0, root: site });
after(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// A raw request: the path goes out exactly as written (no URL normalization).
function get(p, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: p, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('startServer returns its URL on 127.0.0.1', () => {
  assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  assert.equal(typeof server.close, 'function');
});

test('files are served with their MIME type', async () => {
  const want = {
    '/index.html': 'text/html', '/app.js': 'text/javascript', '/style.css': 'text/css', '/lessons.json': 'application/json',
    '/i.svg': 'image/svg+xml', '/p.png': 'image/png', '/f.woff2': 'font/woff2', '/m.wasm': 'application/wasm',
    '/attnlab.d.ts': 'text/plain',
  };
  for (const [p, type] of Object.entries(want)) {
    const r = await get(p);
    assert.equal(r.status, 200, p);
    assert.ok(r.type.startsWith(type), `${p}: ${r.type}`);
    assert.equal(r.body, files[p.slice(1)]);
  }
  assert.equal(mimeType('x.JS').split(';')[0], 'text/javascript');
});

test('directories serve their index.html; query strings are ignored', async () => {
  assert.equal((await get('/')).body, files['index.html']);
  assert.equal((await get('/sub/')).body, 'sub');
  assert.equal((await get('/app.js?v=1#x')).body, 'x');
  assert.equal((await get('/with%20space.txt')).body, 'spaced');
  const head = await get('/app.js', 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body, '');
});

test('missing files are 404, other methods 405', async () => {
  assert.equal((await get('/nope.js')).status, 404);
  assert.equal((await get('/app.js', 'POST')).status, 405);
});

test('no path leaves the root', async () => {
  for (const p of ['/../secret.txt', '/sub/../../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E%2Fsecret.txt',
    '/..%2fsecret.txt', '/../site-other.txt', '//etc/passwd', '/%2Fetc%2Fpasswd', '/%00', '/%zz', `/${dir}/secret.txt`]) {
    const r = await get(p);
    assert.ok(r.status === 404 || r.status === 403, `${p}: ${r.status}`);
    assert.ok(!r.body.includes('outside') && !r.body.includes('sibling') && !r.body.includes('root:'), `${p} leaked`);
  }
});

test('a taken port falls back to a free one', async () => {
  const blocker = net.createServer();
  await new Promise((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const taken = blocker.address().port;
  const s = await startServer({ port: taken, root: site });
  try {
    assert.notEqual(s.port, taken);
    assert.equal((await fetch(s.url + 'app.js').then((r) => r.text())), 'x');
  } finally {
    await s.close();
    blocker.close();
  }
});
