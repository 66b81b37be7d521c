// How often an embedded lesson gets the error event "ResizeObserver loop
// completed with undelivered notifications" (a measurement, not a test):
//   node --experimental-websocket tests/engines/ro-loop-count.mjs [firefox|webkit] [rounds]
// Every lesson in <attn-lesson> on a host page of another origin, the host
// scrolled from top to bottom; the events counted inside the lesson's frame.
import fs from 'node:fs';
import path from 'node:path';
import { firefox, webkit } from './drivers.mjs';
import { DIST, lessonIds, startTinyServer } from '../e2e/helpers.mjs';

const [engine = 'firefox', rounds = '1'] = process.argv.slice(2);
const WATCH = "(function () { var E = window.__roCount = []; addEventListener('error', function (e) { E.push(String(e.message)); }, true); })();";
const routes = { '/__ro-count.js': { type: 'text/javascript', body: WATCH } };
for (const page of ['embed.html', 'index.html'])
  routes[`/${page}`] = { body: fs.readFileSync(path.join(DIST, page), 'utf8').replace('<script', '<script src="__ro-count.js"></script>\n<script') };
const server = await startTinyServer({ root: DIST, routes });
const hostRoutes = Object.fromEntries(lessonIds().map((id) => [`/host-${id}.html`, { body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course host</title><link rel="icon" href="data:,">
<script src="${server.origin}/attnlab-embed.js"></script></head><body><h1>Course page</h1><attn-lesson lesson="${id}" lang="en"></attn-lesson>
<script>window.ready = false; document.querySelector('attn-lesson').addEventListener('attnlab-ready', () => { window.ready = true; });</script></body></html>` }]));
const host = await startTinyServer({ routes: hostRoutes });
const d = await (engine === 'webkit' ? webkit() : firefox());
await d.setViewport(1280, 900);
let total = 0, loads = 0;
try {
  for (let r = 0; r < Number(rounds); r++) {
    for (const id of lessonIds()) {
      await d.goto(`${host.url}host-${id}.html`);
      await d.run(async () => { for (let k = 0; k < 600 && !window.ready; k++) await new Promise((ok) => setTimeout(ok, 50)); });
      await d.run(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += 500) { scrollTo(0, y); await new Promise((ok) => setTimeout(ok, 40)); }
        await new Promise((ok) => setTimeout(ok, 400));
      });
      await d.frame("document.querySelector('attn-lesson').shadowRoot.querySelector('iframe')");
      const errors = await d.run(() => window.__roCount || ['the counter did not run']);
      await d.top();
      const n = errors.filter((e) => /ResizeObserver loop/.test(e)).length;
      total += n; loads++;
      if (n) console.log(`${engine} ${id}: ${n}`);
    }
  }
  console.log(`${engine}: ${total} ResizeObserver loop error event(s) in ${loads} embedded lesson loads`);
} finally {
  await d.close(); await server.close(); await host.close();
}
