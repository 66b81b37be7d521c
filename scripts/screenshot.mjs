// Screenshots of the built page in headless Chromium, for looking at what we
// ship: node scripts/screenshot.mjs "<query>" out.png [width] [dark]
// Prints console errors, CSP violations and page errors it saw.
import { chromium } from 'playwright-core';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [query = '', out = '/tmp/shot.png', width = '1280', dark = ''] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, colorScheme: dark ? 'dark' : 'light' });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[console.${m.type()}]`, m.text()); });
page.on('pageerror', (e) => console.log('[pageerror]', e.message));
const url = pathToFileURL(path.resolve('dist/index.html')).href + (query ? `?${query}` : '');
await page.goto(url);
await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 }).catch(() => console.log('not ready'));
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: true });
console.log('startup ms', await page.evaluate(() => document.body.dataset.startupMs));
await browser.close();
