// Two small browser drivers with one interface, for the engines layer:
//   firefox(): Debian's firefox-esr over WebDriver BiDi (a WebSocket; Node 20
//              needs `node --experimental-websocket`, Node >= 22 has it)
//   webkit():  WebKitGTK's MiniBrowser through Debian's WebKitWebDriver
//              (classic W3C WebDriver over fetch), under Xvfb when there is
//              no display
// Both: goto(url), run(fn, arg) (fn runs in the page, may be async, returns
// JSON-able data), setViewport(w, h), screenshot() (PNG Buffer of the
// viewport), frame(index)/top() to run in an iframe, close(). No npm package.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// No browser command may hang the layer: each one fails after this long
// (longer than the scripts' own 120 s limit, which a driver may not honour).
const COMMAND_MS = 150000;
// fn and its argument as one function body, its result JSON-encoded (both
// protocols would otherwise each serialize values their own way).
const wrap = (fn, arg) => `async () => JSON.stringify(await (${fn})(${JSON.stringify(arg ?? null)}) ?? null)`;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

// Output lines of a child until one matches re (or the timeout).
function waitForLine(child, re, ms, what) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error(`${what}: no line matching ${re} within ${ms} ms; output:\n${buf.slice(-2000)}`)), ms);
    const on = (d) => {
      buf += d;
      const m = re.exec(buf);
      if (m) { clearTimeout(timer); resolve(m); }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${what} exited (${code}) before ${re}; output:\n${buf.slice(-2000)}`)); });
  });
}

function killTree(child) {
  if (child && child.exitCode === null) {
    try { process.kill(-child.pid, 'SIGKILL'); } catch { try { child.kill('SIGKILL'); } catch { /* gone */ } }
  }
}

// Browsers, drivers and Xvfb run in their own process groups: when the layer
// is stopped from outside (test.sh's timeout), they go with it.
const started = new Set();
const track = (child) => { started.add(child); child.once('exit', () => started.delete(child)); return child; };
process.once('SIGTERM', () => { started.forEach(killTree); process.exit(143); });

// ------------------------------------------------------------------ Firefox

export async function firefox({ executable = '/usr/bin/firefox-esr', width = 1280, height = 900 } = {}) {
  if (typeof WebSocket !== 'function') throw new Error('engines: no global WebSocket: run node with --experimental-websocket (Node 20) or use Node >= 22');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'engines-ff-'));
  // remote.prefs.recommended (on by default) sets the automation prefs; these keep startup quiet.
  fs.writeFileSync(path.join(profile, 'user.js'), [
    'user_pref("browser.shell.checkDefaultBrowser", false);',
    'user_pref("browser.startup.homepage_override.mstone", "ignore");',
    'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
    'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);',
    'user_pref("browser.aboutwelcome.enabled", false);',
    'user_pref("app.update.disabledForTesting", true);',
    'user_pref("layout.css.devPixelsPerPx", "1.0");',
  ].join('\n'));
  const child = track(spawn(executable, ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port=0', `--window-size=${width},${height}`, 'about:blank'],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MOZ_CRASHREPORTER_DISABLE: '1' } }));
  let ws;
  try {
    const [, wsUrl] = await waitForLine(child, /WebDriver BiDi listening on (ws:\/\/\S+)/, 60000, 'firefox-esr');
    ws = new WebSocket(`${wsUrl}/session`);
    await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = () => fail(new Error(`firefox-esr: cannot connect to ${wsUrl}/session`)); });
  } catch (e) { killTree(child); throw e; }
  let id = 0;
  const pending = new Map();
  const log = [];  // console errors and uncaught exceptions, as BiDi reports them
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.id !== undefined && pending.has(msg.id)) {
      const { resolve, reject, method } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.type === 'error') reject(new Error(`BiDi ${method}: ${msg.error}: ${msg.message}`));
      else resolve(msg.result);
    } else if (msg.method === 'log.entryAdded') {
      const p = msg.params;
      if (p.type === 'javascript' || p.level === 'error') log.push(`${p.type === 'javascript' ? 'uncaught' : 'console.error'}: ${p.text}${p.source && p.stackTrace?.callFrames?.[0] ? ` @ ${p.stackTrace.callFrames[0].url}:${p.stackTrace.callFrames[0].lineNumber}` : ''}`);
    }
  };
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const n = ++id;
    const timer = setTimeout(() => { pending.delete(n); reject(new Error(`BiDi ${method}: no answer within ${COMMAND_MS} ms`)); }, COMMAND_MS);
    const settle = (f) => (v) => { clearTimeout(timer); f(v); };
    pending.set(n, { resolve: settle(resolve), reject: settle(reject), method });
    ws.send(JSON.stringify({ id: n, method, params }));
  });
  const session = await send('session.new', { capabilities: { alwaysMatch: { acceptInsecureCerts: true, unhandledPromptBehavior: { default: 'ignore' } } } });
  await send('session.subscribe', { events: ['log.entryAdded'] });
  const { contexts } = await send('browsingContext.getTree', { maxDepth: 0 });
  const top = contexts[0].context;
  let target = top;
  await send('browsingContext.setViewport', { context: top, viewport: { width, height } });
  const call = async (fn, arg, context = target) => {
    const r = await send('script.callFunction', { functionDeclaration: wrap(fn, arg), awaitPromise: true, target: { context }, resultOwnership: 'none' });
    if (r.type === 'exception') throw new Error(`in the page: ${r.exceptionDetails.text}`);
    return r.result.type === 'string' ? JSON.parse(r.result.value) : null;
  };
  return {
    name: 'firefox',
    version: session.capabilities.browserVersion,
    log,
    // Returns once the new document is there (DOMContentLoaded): run() then runs in it.
    async goto(url) { target = top; await send('browsingContext.navigate', { context: top, url, wait: 'interactive' }); },
    run: (fn, arg) => call(fn, arg),
    async setViewport(w, h) { await send('browsingContext.setViewport', { context: top, viewport: { width: w, height: h } }); },
    // box {x, y, w, h} in document coordinates: that part of the document, wherever it is scrolled.
    async screenshot(box) {
      const params = box ? { origin: 'document', clip: { type: 'box', x: box.x, y: box.y, width: box.w, height: box.h } } : { origin: 'viewport' };
      return Buffer.from((await send('browsingContext.captureScreenshot', { context: top, ...params })).data, 'base64');
    },
    // run() goes into a frame of the current one: k, the k-th of window.frames, or an
    // expression for an <iframe> element (one in a shadow root too); steps: several.
    async frame(steps) {
      for (const step of [].concat(steps)) {
        const expr = typeof step === 'number' ? `window.frames[${step}]` : `(${step}).contentWindow`;
        const r = await send('script.callFunction', { functionDeclaration: `() => ${expr}`, awaitPromise: false, target: { context: target }, resultOwnership: 'none' });
        if (r.type !== 'success' || r.result.type !== 'window') throw new Error(`firefox: no frame ${step}: ${JSON.stringify(r.result || r.exceptionDetails)}`);
        target = r.result.value.context;
      }
    },
    top() { target = top; },
    async close() {
      try { await Promise.race([send('browser.close'), sleep(3000)]); } catch { /* already going */ }
      try { ws.close(); } catch { /* closed */ }
      killTree(child);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

// ------------------------------------------------------------------ WebKit

export async function webkit({ driver = '/usr/bin/WebKitWebDriver', width = 1280, height = 900 } = {}) {
  const children = [];
  const env = { ...process.env };
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) {
    // Xvfb on a free display number (-displayfd writes the one it took).
    const xvfb = track(spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] }));
    children.push(xvfb);
    const [, n] = await waitForLine(xvfb, /^(\d+)\s*$/m, 20000, 'Xvfb');
    env.DISPLAY = `:${n}`;
  }
  const port = await freePort();
  const wd = track(spawn(driver, [`--port=${port}`, '--host=127.0.0.1'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env }));
  children.push(wd);
  const base = `http://127.0.0.1:${port}`;
  const req = async (method, p, body) => {
    const res = await fetch(base + p, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(COMMAND_MS) })
      .catch((e) => { throw new Error(`WebDriver ${method} ${p}: ${e.name === 'TimeoutError' ? `no answer within ${COMMAND_MS} ms` : e.message}`); });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`WebDriver ${method} ${p}: ${res.status} ${json.value?.error || ''}: ${json.value?.message || ''}`);
    return json.value;
  };
  let sid;
  try {
    for (let t = 0; ; t += 100) {
      try { await req('GET', '/status'); break; } catch (e) { if (t > 20000) throw e; await sleep(100); }
    }
    const s = await req('POST', '/session', { capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation'] } } } });
    sid = s.sessionId;
    var version = s.capabilities.browserVersion;  // eslint-disable-line no-var
  } catch (e) { children.forEach(killTree); throw e; }
  const S = `/session/${sid}`;
  const setViewport = async (w, h) => {
    // The window's outer size: set it, then correct by what the page sees.
    await req('POST', `${S}/window/rect`, { width: w, height: h });
    const inner = await req('POST', `${S}/execute/sync`, { script: 'return [innerWidth, innerHeight]', args: [] });
    if (inner[0] !== w || inner[1] !== h) await req('POST', `${S}/window/rect`, { width: 2 * w - inner[0], height: 2 * h - inner[1] });
  };
  await req('POST', `${S}/timeouts`, { script: 120000, pageLoad: 120000 });
  return {
    name: 'webkit',
    version,
    log: [],  // classic WebDriver has no console events: the page watcher (watch.js) records errors
    async goto(url) { await req('POST', `${S}/url`, { url }); },
    run: async (fn, arg) => {
      const r = await req('POST', `${S}/execute/async`, { script: `const done = arguments[arguments.length - 1]; (${wrap(fn, arg)})().then(done, (e) => done(JSON.stringify({ __error: String(e && e.stack || e) })));`, args: [] });
      const v = r === null || r === undefined ? null : JSON.parse(r);
      if (v && v.__error) throw new Error(`in the page: ${v.__error}`);
      return v;
    },
    setViewport,
    async screenshot() { return Buffer.from(await req('GET', `${S}/screenshot`), 'base64'); },
    async frame(steps) {
      for (const step of [].concat(steps)) {
        const id = typeof step === 'number' ? step : await req('POST', `${S}/execute/sync`, { script: `return (${step})`, args: [] });
        await req('POST', `${S}/frame`, { id });
      }
    },
    async top() { await req('POST', `${S}/frame`, { id: null }); },
    async close() {
      try { await Promise.race([req('DELETE', S), sleep(5000)]); } catch { /* gone */ }
      children.reverse().forEach(killTree);
    },
  };
}
