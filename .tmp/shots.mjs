// node .tmp/shots.mjs "<query>" <selector> <nth> <out-prefix> <clicksOnNext> [width] [dark]
import { chromium } from 'playwright-core';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const [query, sel, nth, out, steps, width = '1280', dark = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, colorScheme: dark ? 'dark' : 'light' });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[console.${m.type()}]`, m.text()); });
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
await page.goto(pathToFileURL(path.resolve('dist/index.html')).href + '?' + query);
await page.waitForSelector('body[data-ready="true"]');
const el = page.locator(sel).nth(Number(nth));
const player = page.locator('.step-player').nth(Number(nth));
for (let i = 0; i < Number(steps); i++) {
  await el.screenshot({ path: `${out}${i + 1}.png` });
  await player.locator('.btn-primary').click();
}
await browser.close();
