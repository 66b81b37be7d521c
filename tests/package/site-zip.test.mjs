// scripts/zip.mjs (the archive writer the build shares) and the site
// archive it writes for instructors, dist/attention-lab-site.zip.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { crc32, unzip, zip, filesUnder } from '../../scripts/zip.mjs';
import { SITE_FOLDER, SITE_ZIP, notSite } from '../../scripts/build-site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');

test('crc32: the IEEE CRC (as zlib computes it)', () => {
  assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  assert.equal(crc32(Buffer.alloc(0)), 0);
  const data = crypto.randomBytes(10000);
  if (typeof zlib.crc32 === 'function') assert.equal(crc32(data), zlib.crc32(data));
  assert.equal(crc32(data.subarray(5000), crc32(data.subarray(0, 5000))), crc32(data), 'incremental');
});

test('zip -> unzip gives back every entry: deflated when smaller, else stored; UTF-8 names; empty files', () => {
  const random = crypto.randomBytes(4096);
  const entries = [
    { name: 'index.html', data: '<!doctype html>'.repeat(100) },
    { name: 'assets/random.bin', data: random },
    { name: 'empty.txt', data: '' },
    { name: '课程/说明.txt', data: 'Attention Lab 注意力' },
    { name: 'view.bin', data: new Uint8Array(random.buffer, random.byteOffset + 10, 20) },
  ];
  const date = new Date(Date.UTC(2026, 5, 15, 12, 30, 44));
  const archive = zip(entries, { date });
  const back = unzip(archive);
  assert.deepEqual(back.map((e) => e.name), entries.map((e) => e.name));
  entries.forEach((e, k) => assert.ok(back[k].data.equals(Buffer.from(typeof e.data === 'string' ? Buffer.from(e.data) : e.data)), e.name));
  assert.deepEqual(back.map((e) => e.method), ['deflate', 'store', 'store', 'store', 'store']);
  assert.equal(back[0].date.getTime(), date.getTime());
  assert.ok(zip(entries, { date }).equals(archive), 'the same input gives the same bytes');
  assert.deepEqual(unzip(zip(entries, { method: 'store' })).map((e) => e.method), entries.map(() => 'store'));
  // A damaged byte is found.
  const bad = Buffer.from(archive);
  bad[40 + 'index.html'.length] ^= 1;
  assert.throws(() => unzip(bad), /unzip: index\.html/);
});

test('zip refuses names that could escape the folder, and duplicates', () => {
  for (const name of ['../x', '/etc/x', 'a//b', 'a/./b', 'C:/x', 'a\\b', ''])
    assert.throws(() => zip([{ name, data: 'x' }]), /zip: /, JSON.stringify(name));
  assert.throws(() => zip([{ name: 'a', data: '1' }, { name: 'a', data: '2' }]), /duplicate/);
  assert.throws(() => zip([], { method: 'bzip2' }), /method/);
});

test(`dist/${SITE_ZIP}: the site, under ${SITE_FOLDER}, as built`, () => {
  const file = path.join(dist, SITE_ZIP);
  assert.ok(fs.existsSync(file), `${file} is missing: npm run build (scripts/build.sh) writes it`);
  const entries = unzip(fs.readFileSync(file));
  const site = filesUnder(dist).filter((rel) => !notSite(rel));
  assert.deepEqual(entries.map((e) => e.name), site.map((rel) => SITE_FOLDER + rel), 'every file of the site, nothing else');
  for (const need of ['index.html', 'embed.html', 'app.js', 'attnlab.js', 'attnlab-embed.js', 'style.css', 'math/math.css', 'math/math-inline.css', 'math/latinmodern-math.woff2', 'lessons.json'])
    assert.ok(site.includes(need), `${need} is in the site`);
  for (const e of entries)
    assert.ok(e.data.equals(fs.readFileSync(path.join(dist, e.name.slice(SITE_FOLDER.length)))), `${e.name} is stale: run node scripts/build-site.mjs`);
  // Every file the two pages load is in the archive.
  const names = new Set(entries.map((e) => e.name));
  for (const page of ['index.html', 'embed.html']) {
    const html = fs.readFileSync(path.join(dist, page), 'utf8');
    for (const [, ref] of html.matchAll(/(?:src|href)="([^"#?]+)/g)) {
      if (/^[a-z]+:/.test(ref)) continue;
      assert.ok(names.has(SITE_FOLDER + ref), `${page} loads ${ref}, not in the archive`);
    }
  }
});

test('the unzipped site works from a sub-folder of a plain static server (Content-Type its only header)', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attnlab-site-'));
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
  const server = http.createServer((req, res) => {
    const file = path.join(tmp, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (!file.startsWith(tmp + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    for (const e of unzip(fs.readFileSync(path.join(dist, SITE_ZIP)))) {
      fs.mkdirSync(path.dirname(path.join(tmp, e.name)), { recursive: true });
      fs.writeFileSync(path.join(tmp, e.name), e.data);
    }
    const base = `http://127.0.0.1:${server.address().port}/${SITE_FOLDER}`;
    for (const url of ['index.html?lesson=softmax', 'embed.html?lesson=attention&lang=zh-Hans']) {
      const page = await browser.newPage();
      const problems = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
      page.on('pageerror', (err) => problems.push(err.message));
      page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
      await page.goto(base + url);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30000, state: 'attached' });
      assert.deepEqual(problems, [], url);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
