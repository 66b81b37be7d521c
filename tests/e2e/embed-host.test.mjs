// dist/attnlab-embed.js on a course page: a host on another origin, under
// its own strict Content-Security-Policy (scripts and frames only from the
// lesson's server, styles only by hash, no 'wasm-unsafe-eval'), loads the
// script (twice, as careless pages do) and writes
// <attn-lesson lesson="softmax" lang="zh-Hans">. The lesson runs in the
// element's sandboxed shadow-root iframe, the resizer follows its height,
// axe finds nothing on the composed page, forged resize messages change
// nothing, AttnLabEmbed.set posts the command, attributes rebuild the src.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ROOT, launch, startDistServer, startTinyServer, openWatched, allowOrigins, assertClean, parseShown,
  runAxe, formatViolations, READY_TIMEOUT,
} from './helpers.mjs';

// The host's only styles: allowed by hash, so that an inline <style> in the
// element's shadow root would be a CSP violation (it uses a constructed
// stylesheet instead).
const HOST_STYLE = 'body{font-family:sans-serif;margin:1rem;color:#111;background:#fff}'
  + 'attn-lesson{--attn-border:2px solid #444;--attn-radius:4px;--attn-min-height:320px;--attn-theme:dark}';
const HOST_STYLE_HASH = crypto.createHash('sha256').update(HOST_STYLE).digest('base64');

function hostPage(distOrigin) {
  const csp = `default-src 'none'; script-src ${distOrigin}; frame-src ${distOrigin}; style-src 'sha256-${HOST_STYLE_HASH}'; `
    + "img-src data:; object-src 'none'; base-uri 'none'; form-action 'none'";
  const script = `<script src="${distOrigin}/attnlab-embed.js"></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>Course host</title><link rel="icon" href="data:,"><style>${HOST_STYLE}</style>
${script}
</head><body><main><h1>A course page</h1><p>Softmax, embedded with &lt;attn-lesson&gt;:</p>
<attn-lesson lesson="softmax" lang="zh-Hans" params="T=0.5&amp;naive=1&amp;lesson=vectors&amp;bad key=1&amp;lang=en"></attn-lesson>
<p>After the lesson.</p></main>
${script}
</body></html>`;
}

// The element's iframe, seen from the host.
const frameInfo = (page) => page.evaluate(() => {
  const el = document.querySelector('attn-lesson');
  const f = el && el.shadowRoot && el.shadowRoot.querySelector('iframe');
  if (!f) return null;
  const cs = getComputedStyle(f);
  return {
    src: f.getAttribute('src'), title: f.getAttribute('title'), sandbox: f.getAttribute('sandbox'), loading: f.getAttribute('loading'),
    clientHeight: f.clientHeight, border: cs.borderTopWidth, radius: cs.borderTopLeftRadius, inlineHeight: f.style.height,
    styleElements: el.shadowRoot.querySelectorAll('style').length,
  };
});

async function waitReady(frame, issues, what) {
  try {
    await frame.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: READY_TIMEOUT });
  } catch {
    const text = await frame.evaluate(() => document.body && document.body.innerText.slice(0, 300)).catch((e) => String(e));
    assert.fail(`${what}: the lesson in <attn-lesson> never reached body[data-ready="true"]; its text: ${JSON.stringify(text)}\n${JSON.stringify(issues, null, 1)}`);
  }
}

describe('attnlab-embed.js on a host page with a strict CSP', () => {
  let browser;
  let server;
  let host;
  let watched;
  let frame;
  const t0 = performance.now();
  const timings = {};

  before(async () => {
    [browser, server] = await Promise.all([launch(), startDistServer()]);
    host = await startTinyServer({ routes: { '/host.html': { body: hostPage(server.origin) } } });
    watched = await openWatched(browser, { allowed: allowOrigins(host.origin, server.origin) });
    await watched.page.goto(`${host.url}host.html`);
    const handle = await watched.page.waitForSelector('attn-lesson iframe', { state: 'attached' });
    frame = await handle.contentFrame();
    await waitReady(frame, watched.issues, 'first load');
    timings.readyMs = Math.round(performance.now() - t0);
  });
  after(async () => {
    await watched?.context.close();
    await browser?.close();
    await server?.close();
    await host?.close();
    console.log(`# embed-host timings: ${JSON.stringify({ ...timings, totalMs: Math.round(performance.now() - t0) })}`);
  });

  test('<attn-lesson> builds a sandboxed, lazy iframe of embed.html next to the script, with the allowed parameters', async () => {
    const info = await frameInfo(watched.page);
    assert.ok(info, 'attn-lesson has an iframe in an open shadow root');
    assert.equal(info.sandbox, 'allow-scripts');
    assert.equal(info.loading, 'lazy');
    assert.equal(info.title, 'Attention Lab: softmax', 'default title');
    const src = new URL(info.src);
    assert.equal(`${src.origin}${src.pathname}`, `${server.origin}/embed.html`, 'embed.html resolved against the script URL');
    const q = [...src.searchParams];
    assert.deepEqual(q.filter(([k]) => k === 'lesson'), [['lesson', 'softmax']], `the lesson attribute wins over params: ${info.src}`);
    assert.equal(src.searchParams.get('lang'), 'zh-Hans', 'the lang attribute wins over params');
    assert.equal(src.searchParams.get('theme'), 'dark', '--attn-theme is used when there is no theme attribute');
    assert.equal(src.searchParams.get('T'), '0.5');
    assert.equal(src.searchParams.get('naive'), '1');
    assert.ok(!q.some(([k]) => k.includes(' ')), `a malformed key in params is dropped: ${info.src}`);
    // Styles from the constructed stylesheet (a <style> would violate the host's style-src).
    assert.equal(info.styleElements, 0, 'no <style> element in the shadow root');
    assert.equal(info.border, '2px', '--attn-border reaches the iframe');
    assert.equal(info.radius, '4px', '--attn-radius reaches the iframe');
    assert.equal(await watched.page.evaluate(() => typeof window.AttnLabEmbed.version), 'string', 'window.AttnLabEmbed.version');
  });

  test('the lesson computes inside the shadow-root iframe and the resizer matches its height', async () => {
    const shown = await frame.evaluate(() => ({
      lang: document.documentElement.lang,
      theme: document.documentElement.dataset.theme,
      origin: window.origin,
      cells: [...document.querySelectorAll('table.matrix td')].map((td) => td.textContent).slice(0, 8),
    }));
    assert.equal(shown.lang, 'zh-Hans');
    assert.equal(shown.theme, 'dark');
    assert.equal(shown.origin, 'null', 'sandboxed without allow-same-origin');
    const numbers = shown.cells.map(parseShown).filter((x) => Number.isFinite(x));
    assert.ok(numbers.length > 0, `the embedded lesson shows numbers (table.matrix td), got ${JSON.stringify(shown.cells)}`);

    let info = null;
    let docHeight = null;
    const deadline = Date.now() + 10000;
    while (Date.now() < deadline) {
      info = await frameInfo(watched.page);
      docHeight = await frame.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
      if (info.inlineHeight && Math.abs(info.clientHeight - docHeight) <= 2) break;
      await watched.page.waitForTimeout(100);
    }
    assert.ok(info.inlineHeight, `the resizer never set the iframe height (still --attn-min-height); iframe ${JSON.stringify(info)}`);
    assert.ok(Math.abs(info.clientHeight - docHeight) <= 2, `iframe height ${info.clientHeight} != lesson document height ${docHeight}`);
    assert.ok(info.clientHeight > 320, `the lesson is taller than --attn-min-height (320px): ${info.clientHeight}`);
  });

  test('axe-core: no violations on the host page with the embedded lesson', async () => {
    // axe in the lesson's frame too, so the composed page is checked
    // (evaluate is not subject to either page's CSP).
    await frame.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));
    const t = performance.now();
    const violations = await runAxe(watched.page);
    timings.axeMs = Math.round(performance.now() - t);
    if (violations.length) assert.fail(`axe violations on the host page:\n${formatViolations(violations)}`);
  });

  test('forged or malformed resize messages do not change the iframe height', async () => {
    const before = (await frameInfo(watched.page)).inlineHeight;
    assert.ok(before, 'the iframe has a resizer-set height');
    await watched.page.evaluate(() => {
      window.__seen = 0;
      window.addEventListener('message', (e) => { if (e.data && e.data.type === 'attnlab:resize') window.__seen++; });
      // From the host window itself: right shape, wrong sender.
      window.postMessage({ type: 'attnlab:resize', height: 5 }, '*');
    });
    // From the lesson's window, but not a usable height.
    await frame.evaluate(() => {
      for (const height of [1e9, -1, 0, '5', null, Number.NaN]) window.parent.postMessage({ type: 'attnlab:resize', height }, '*');
      window.parent.postMessage({ type: 'attnlab:resizeX', height: 6 }, '*');
    });
    // The resizer's listener was added first, so it has seen every message counted here.
    await watched.page.waitForFunction(() => window.__seen >= 7, null, { timeout: 5000 });
    const after = await frameInfo(watched.page);
    assert.equal(after.inlineHeight, before, `the iframe height changed from ${before} to ${after.inlineHeight}`);
  });

  test('AttnLabEmbed.set posts {type: "attnlab:set"} with URL-form string values', async () => {
    // Posting to the lesson: seen by a listener added in its frame.
    await frame.evaluate(() => {
      window.__e2eSet = [];
      window.addEventListener('message', (e) => { if (e.data && e.data.type === 'attnlab:set') window.__e2eSet.push({ data: e.data, fromParent: e.source === window.parent }); });
    });
    const posted = await watched.page.evaluate(() => window.AttnLabEmbed.set(document.querySelector('attn-lesson'), { T: 0.25, z: [1, 2, 3], naive: false, type: 'other' }));
    assert.deepEqual(posted, { status: 'sent' });
    await frame.waitForFunction(() => window.__e2eSet.length > 0, null, { timeout: 5000 });
    const got = await frame.evaluate(() => window.__e2eSet);
    assert.deepEqual(got, [{ data: { type: 'attnlab:set', T: '0.25', z: '1,2,3', naive: '0' }, fromParent: true }]);

    // An <iframe> element works too; matrices become "1,2;3,4". (about:blank,
    // same origin as the host: its messages can be read directly.)
    const plain = await watched.page.evaluate(async () => {
      const f = document.createElement('iframe');
      f.title = 'scratch';
      document.body.appendChild(f);
      const seen = [];
      f.contentWindow.addEventListener('message', (e) => seen.push(e.data));
      const ok = window.AttnLabEmbed.set(f, { Q: [[1, 2], [3, 4]], hide: ['title', 'steps'], step: 2 });
      const none = [window.AttnLabEmbed.set(null, { T: 1 }), window.AttnLabEmbed.set(document.body, { T: 1 })];
      await new Promise((r) => setTimeout(r, 50));
      f.remove();
      return { ok, none, seen };
    });
    // (Not a lesson's frame, so nothing to wait for: sent at once.)
    assert.deepEqual(plain.ok, { status: 'sent' });
    assert.deepEqual(plain.none.map((x) => x.status), ['refused', 'refused']);
    assert.deepEqual(plain.seen, [{ type: 'attnlab:set', Q: '1,2;3,4', hide: 'title,steps', step: '2' }]);
  });

  test('changing attributes rebuilds the src (title, lang) and the lesson reloads', async () => {
    const { page } = watched;
    await page.evaluate(() => document.querySelector('attn-lesson').setAttribute('title', 'Softmax lesson'));
    assert.equal((await frameInfo(page)).title, 'Softmax lesson');
    const t = performance.now();
    await page.evaluate(() => document.querySelector('attn-lesson').setAttribute('lang', 'en'));
    const info = await frameInfo(page);
    assert.equal(new URL(info.src).searchParams.get('lang'), 'en', `src after lang="en": ${info.src}`);
    // The same iframe navigates: wait for the English lesson.
    await frame.waitForFunction(() => document.documentElement.lang === 'en' && document.body.dataset.ready === 'true', null, { timeout: READY_TIMEOUT });
    timings.reloadMs = Math.round(performance.now() - t);
    // Setting an attribute to its current value does not reload.
    const marker = await frame.evaluate(() => { window.__e2eMarker = 1; return window.__e2eMarker; });
    await page.evaluate(() => document.querySelector('attn-lesson').setAttribute('lang', 'en'));
    await page.waitForTimeout(200);
    assert.equal(await frame.evaluate(() => window.__e2eMarker), marker, 'no reload for an unchanged attribute');
  });

  test('no page error, console error, CSP violation or foreign request on the host or in the lesson', async () => {
    await watched.page.waitForTimeout(100);
    assertClean(watched.issues, `${host.url}host.html`);
  });
});

// A course page opened from disk. A sandboxed frame has an opaque origin, to which
// the browser gives no file: <attn-lesson> loads a lesson from disk without the sandbox (every file:// page
// has an origin of its own already); a hand-written <iframe sandbox> from disk cannot load, and says so.
describe('from disk: <attn-lesson> loads; a sandboxed iframe says why it cannot', () => {
  let browser, dir;
  before(async () => {
    browser = await launch();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-host-'));
    const dist = pathToFileURL(path.join(ROOT, 'dist')).href;
    fs.writeFileSync(path.join(dir, 'element.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script src="${dist}/attnlab-embed.js"></script></head><body><attn-lesson lesson="softmax" lang="zh-Hans"></attn-lesson></body></html>`);
    fs.writeFileSync(path.join(dir, 'iframe.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head>
<body><iframe sandbox="allow-scripts" src="${dist}/embed.html?lesson=softmax" width="100%" height="600" title="Softmax"></iframe></body></html>`);
  });
  after(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('<attn-lesson> on a page from disk: the lesson starts (its frame is not sandboxed)', async () => {
    const { context, page } = await openWatched(browser, { allowed: () => true });
    try {
      await page.goto(pathToFileURL(path.join(dir, 'element.html')).href);
      const handle = await page.waitForSelector('attn-lesson iframe', { state: 'attached' });
      assert.equal(await handle.getAttribute('sandbox'), null);
      await waitReady(await handle.contentFrame(), [], 'from disk');
    } finally { await context.close(); }
  });

  test('<iframe sandbox> on a page from disk: the frame says, in both languages, why and what to do', async () => {
    const { context, page } = await openWatched(browser, { allowed: () => true });
    try {
      await page.goto(pathToFileURL(path.join(dir, 'iframe.html')).href);
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      await frame.waitForSelector('.load-failed', { state: 'visible', timeout: 5000 });
      const text = await frame.locator('.load-failed').innerText();
      assert.match(text, /could not load its files.*over http/s);
      assert.match(text, /没有加载成功.*http/s);
    } finally { await context.close(); }
  });
});
