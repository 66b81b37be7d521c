import { chromium } from 'playwright-core';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const base = pathToFileURL(path.resolve('dist/index.html')).href;
const problems = [];
async function open(q, opts = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...opts });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`[${q}] console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`[${q}] pageerror: ${e.message}`));
  await page.goto(`${base}?${q}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForTimeout(300);
  return page;
}
const katexErrors = (page) => page.evaluate(() => document.querySelectorAll('.katex-error').length);
const nanText = (page) => page.evaluate(() => /NaN|undefined|Infinity/.test(document.querySelector('.lesson-body').innerText));

// ---------- optimization
for (const lang of ['en', 'zh-Hans']) for (const problem of ['quadratic', 'rosenbrock', 'saddle']) {
  const q = `lesson=optimization&lang=${lang}&problem=${problem}`;
  const page = await open(q);
  // step through every step, check katex errors
  const player = page.locator('.step-player').first();
  for (let i = 0; i < 10; i++) {
    if ((await katexErrors(page)) > 0) problems.push(`[${q}] katex error at step ${i + 1}`);
    await player.locator('.step-controls .btn-primary').click().catch(() => {});
  }
  if (await nanText(page)) problems.push(`[${q}] NaN/undefined/Infinity in text`);
  await page.close();
}
{
  const q = 'lesson=optimization&lang=en';
  const page = await open(q);
  // keyboard: focus the x0 handle, press arrows
  await page.focus('.ct-handle');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  console.log('x0 after keys:', await page.inputValue('input.vector-field'), '| url', await page.evaluate(() => location.search));
  // click on plot to set x0
  const box = await page.locator('.contour-plot .ct-hit').boundingBox();
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.2);
  await page.waitForTimeout(200);
  console.log('x0 after click:', await page.inputValue('input.vector-field'));
  // too-large demo
  await page.getByRole('button', { name: 'Show me: α too large for gradient descent' }).click();
  await page.waitForTimeout(200);
  console.log('messages:', await page.locator('.opt-messages').innerText());
  // type a too-large lr
  const field = page.locator('.opt-card.m-gd input.rate-text');
  await field.fill('50'); await field.press('Enter');
  console.log('field error:', await page.locator('.opt-card.m-gd .field-error').innerText());
  await field.fill('abc'); await field.press('Enter');
  console.log('field error:', await page.locator('.opt-card.m-gd .field-error').innerText());
  await field.fill('5'); await field.press('Enter');
  await page.waitForTimeout(100);
  console.log('lr=5 messages:', await page.locator('.opt-messages').innerText());
  // k slider to end, step through all with arrow keys
  await page.locator('.step-player').first().focus();
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
  console.log('player step', await page.locator('.step-player').first().getAttribute('data-step'));
  if (await katexErrors(page)) problems.push('katex error after diverging');
  if (await nanText(page)) problems.push(`[${q}] NaN in text after diverging`);
  // map: wait and check timing; click a cell
  const t0 = Date.now();
  await page.waitForFunction(() => !document.querySelector('.gm-pending'), null, { timeout: 5000 });
  console.log('map filled in', Date.now() - t0, 'ms (after other actions)');
  await page.focus('.gm-cursor');
  await page.keyboard.press('ArrowUp'); await page.keyboard.press('ArrowLeft'); await page.keyboard.press('Enter');
  console.log('map readout:', await page.locator('.gm-readout').innerText());
  console.log('url:', await page.evaluate(() => decodeURIComponent(location.search)));
  // tab order sample
  await page.goto(`${base}?lesson=optimization&lang=en`); await page.waitForSelector('body[data-ready="true"]');
  const seq = [];
  for (let i = 0; i < 40; i++) { await page.keyboard.press('Tab'); seq.push(await page.evaluate(() => { const e = document.activeElement; return `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : e.className && e.className.baseVal ? '.' + e.className.baseVal.split(' ')[0] : ''}${e.getAttribute('aria-label') ? '[' + e.getAttribute('aria-label').slice(0, 30) + ']' : ''}`; })); }
  console.log('tab order:', seq.join(' | '));
  await page.close();
}
// ---------- regression
for (const lang of ['en', 'zh-Hans']) {
  const q = `lesson=regression&lang=${lang}`;
  const page = await open(q);
  const players = page.locator('.step-player');
  for (let k = 0; k < await players.count(); k++) {
    for (let i = 0; i < 8; i++) {
      if ((await katexErrors(page)) > 0) problems.push(`[${q}] katex error player ${k} step ${i + 1}`);
      await players.nth(k).locator('.step-controls .btn-primary').click().catch(() => {});
    }
  }
  if (await nanText(page)) problems.push(`[${q}] NaN in text`);
  await page.close();
}
{
  const q = 'lesson=regression&lang=en';
  const page = await open(q);
  // keyboard move a point and delete one
  const pt = page.locator('.scatter .sc-point').first();
  await pt.focus();
  await page.keyboard.press('ArrowUp'); await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(200);
  console.log('after move:', await page.evaluate(() => decodeURIComponent(location.search)));
  console.log('focused:', await page.evaluate(() => document.activeElement.getAttribute('aria-label')));
  await page.keyboard.press('Delete');
  await page.waitForTimeout(200);
  console.log('after delete:', await page.evaluate(() => decodeURIComponent(location.search)), 'focused:', await page.evaluate(() => document.activeElement.getAttribute('aria-label')));
  // add by clicking
  const box = await page.locator('.scatter .sc-hit').first().boundingBox();
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.1);
  await page.waitForTimeout(200);
  console.log('after add:', await page.evaluate(() => decodeURIComponent(location.search)));
  // drag a point
  const p2 = await page.locator('.scatter').first().locator('.sc-point').nth(1).boundingBox();
  await page.mouse.move(p2.x + p2.width / 2, p2.y + p2.height / 2); await page.mouse.down();
  await page.mouse.move(p2.x + 60, p2.y - 60, { steps: 5 }); await page.mouse.up();
  await page.waitForTimeout(200);
  console.log('after drag:', await page.evaluate(() => decodeURIComponent(location.search)));
  // run GD
  await page.getByRole('button', { name: '▶ Run' }).click();
  await page.waitForTimeout(6000);
  console.log('readout:', await page.locator('.rg-readout').innerText());
  // same x preset
  await page.getByRole('button', { name: 'Put all points at x = 5' }).click();
  await page.waitForTimeout(200);
  console.log('rank note:', await page.locator('.rg-rank').innerText());
  await page.getByRole('button', { name: '▶ Run' }).click();
  await page.waitForTimeout(6000);
  console.log('readout:', await page.locator('.rg-readout').innerText());
  // query handle keyboard, boxcar with small bw
  await page.selectOption('select >> nth=1', 'boxcar').catch(async () => {});
  const sel = page.locator('label:has-text("Kernel") select');
  await sel.selectOption('boxcar');
  await page.locator('.sc-handle').focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(200);
  console.log('predict:', await page.locator('.rg-predict').innerText());
  // typed too-large lr
  const f = page.locator('.rg-gd input.rate-text');
  await f.fill('5'); await f.press('Enter');
  console.log('lr field error:', await page.locator('.rg-gd .field-error').first().innerText());
  await f.fill('0.9'); await f.press('Enter');
  await page.waitForTimeout(200);
  console.log('status:', await page.locator('.rg-gd p.check').innerText());
  if (await nanText(page)) problems.push(`[regression] NaN in text after interactions`);
  if (await katexErrors(page)) problems.push('katex error regression');
  console.log('url:', await page.evaluate(() => decodeURIComponent(location.search)));
  await page.close();
}
console.log('PROBLEMS:\n' + problems.join('\n'));
await browser.close();
