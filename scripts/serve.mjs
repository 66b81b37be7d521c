// A dependency-free static file server for dist/ (127.0.0.1 only).
//   node scripts/serve.mjs            PORT env or 8080; a free port if taken
//   import { startServer } from './serve.mjs'
//   const { url, close } = await startServer({ port: 0, root: 'dist' })
// The page itself needs no server (it runs from file://); this is for the
// e2e tests over http and for people who prefer a URL.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultRoot = path.resolve(here, '..', 'dist');

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8', // .d.ts declarations: readable in the browser
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

export function mimeType(file) {
  return MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
}

// Maps a request path to a file inside root, or null (traversal, bad escape).
export function resolveInside(root, urlPath) {
  let p;
  try {
    p = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (p.includes('\0')) return null;
  const abs = path.resolve(root, '.' + path.posix.normalize('/' + p));
  if (abs !== root && !abs.startsWith(root + path.sep)) return null;
  return abs;
}

function handler(root) {
  return (req, res) => {
    const send = (code, text) => {
      res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : text + '\n');
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed');
    let file = resolveInside(root, req.url || '/');
    if (!file) return send(403, 'forbidden');
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        file = path.join(file, 'index.html');
        return fs.stat(file, (err2, st2) => serveFile(err2, st2));
      }
      return serveFile(err, st);
    });
    function serveFile(err, st) {
      if (err || !st.isFile()) return send(404, 'not found');
      res.writeHead(200, {
        'Content-Type': mimeType(file),
        'Content-Length': st.size,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') return res.end();
      fs.createReadStream(file).on('error', () => res.destroy()).pipe(res);
    }
  };
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    const onError = (e) => { server.off('listening', onListening); reject(e); };
    const onListening = () => { server.off('error', onError); resolve(server.address().port); };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

// Starts the server. port 0 (or a taken port) -> a free port chosen by the OS.
export async function startServer({ port = 8080, root = defaultRoot } = {}) {
  const absRoot = path.resolve(root);
  const server = http.createServer(handler(absRoot));
  let actual;
  try {
    actual = await listen(server, port);
  } catch (e) {
    if (e.code !== 'EADDRINUSE' && e.code !== 'EACCES') throw e;
    actual = await listen(server, 0);
  }
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return {
    url: `http://127.0.0.1:${actual}/`,
    port: actual,
    root: absRoot,
    server,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    }),
  };
}

// CLI
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const wanted = process.env.PORT !== undefined && process.env.PORT !== '' ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(wanted) || wanted < 0 || wanted > 65535) {
    console.error(`serve: PORT must be an integer 0-65535, got '${process.env.PORT}'`);
    process.exit(2);
  }
  if (!fs.existsSync(defaultRoot)) console.warn('serve: dist/ does not exist yet: run `npm run build` first');
  const { url, port, close } = await startServer({ port: wanted });
  if (port !== wanted && wanted !== 0) console.log(`serve: port ${wanted} is taken, using ${port}`);
  console.log(`Attention Lab: ${url}`);
  console.log(`(or without a server: ${pathToFileURL(path.join(defaultRoot, 'index.html')).href})`);
  const stop = () => { close().then(() => process.exit(0)); };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
