// Side-by-side screenshots of the same formulas and figures in Chromium,
// Firefox ESR and WebKitGTK, for a person to look at (not a test):
//   node --experimental-websocket tests/engines/formula-shots.mjs [out-dir]
// writes <out>/<name>.png (the three engines left to right, each labelled)
// and <out>/<name>.<engine>.png; default out-dir /tmp/engines-shots.
// Chromium crops and joins them (an HTML page of the screenshots).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { firefox, webkit } from './drivers.mjs';
import { LAUNCH_OPTIONS, fileUrl } from '../e2e/helpers.mjs';
import { waitReady } from './page-checks.mjs';

const OUT = process.argv[2] || '/tmp/engines-shots';
// [name, lesson, what]: a formula by a regular expression on its TeX, or a figure (the k-th drawn svg).
export const SHOTS = [
  ['f1-stretchy-big-paren', 'training', { tex: /softmax\}\\!\\Big\(/ }],
  ['f2-sqrt', 'information', { tex: /\\sqrt/ }],
  ['f3-frac-sqrt', 'softmax', { tex: /\\frac|\\sqrt/ }],
  ['f4-cases', 'graphs', { tex: /begin\{cases\}/ }],
  ['f5-aligned-bmatrix', 'attention', { tex: /begin\{aligned\}/ }],
  ['g1-figure-softmax', 'softmax', { figure: 0 }],
  ['g2-figure-graphs', 'graphs', { figure: 0 }],
];

async function chromiumDriver() {
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  return {
    name: 'chromium',
    async goto(url) { await page.goto(url, { waitUntil: 'commit' }); },
    run: (fn, arg) => page.evaluate(`(${fn})(${JSON.stringify(arg ?? null)})`),
    async setViewport(w, h) { await page.setViewportSize({ width: w, height: h }); },
    screenshot: () => page.screenshot(),
    close: () => browser.close(),
  };
}

// Scrolls the target into the middle of the viewport; its box (CSS px, viewport) with a margin.
function locate({ tex, figure }) {
  for (const b of document.querySelectorAll('.beside-main > *, .lesson-body > :not(.step-player, .beside-player)')) b.style.contentVisibility = 'visible';
  let el = null;
  if (tex) {
    const re = new RegExp(tex);
    // A formula shown: not in a hidden step (display, visibility, opacity up the tree).
    const shown = (e) => { for (let x = e; x && x.nodeType === 1; x = x.parentElement) { const c = getComputedStyle(x); if (c.display === 'none' || c.visibility === 'hidden' || Number(c.opacity) === 0) return false; } return e.getClientRects().length > 0; };
    el = [...document.querySelectorAll('.lesson .tex-display math, .lesson math')].find((m) => shown(m) && re.test(m.querySelector('annotation')?.textContent || ''));
    el = el && (el.closest('.tex') || el);  // a long formula is cut into several <math>, one box
  } else {
    el = [...document.querySelectorAll('.lesson svg')].filter((s) => !s.ownerSVGElement && !s.closest('math, button') && s.getClientRects().length)[figure];
  }
  if (!el) return null;
  window.__shot = el;
  el.scrollIntoView({ block: 'center', behavior: 'instant' });
  return new Promise((done) => setTimeout(() => requestAnimationFrame(() => {
    const r = el.getBoundingClientRect();
    const m = 10;
    done({ x: Math.max(0, Math.floor(r.left - m)), y: Math.max(0, Math.floor(r.top - m)), w: Math.ceil(Math.min(r.width + 2 * m, innerWidth)), h: Math.ceil(Math.min(r.height + 2 * m, innerHeight)), tex: el.querySelector('annotation')?.textContent });
  }), 1500));
}

function measure(inDocument) {
  const r = window.__shot.getBoundingClientRect(), m = 10;
  if (inDocument) return { x: Math.floor(r.left + scrollX - m), y: Math.floor(r.top + scrollY - m), w: Math.ceil(r.width + 2 * m), h: Math.ceil(r.height + 2 * m) };
  return { x: Math.max(0, Math.floor(r.left - m)), y: Math.max(0, Math.floor(r.top - m)), w: Math.ceil(Math.min(r.width + 2 * m, innerWidth)), h: Math.ceil(Math.min(r.height + 2 * m, innerHeight)) };
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const made = {};
  for (const start of [chromiumDriver, firefox, webkit]) {
    const b = await start();
    try {
      await b.setViewport(1280, 900);
      for (const [name, lesson, what] of SHOTS) {
        await b.goto(fileUrl('index.html', `lesson=${lesson}&lang=en`));
        await waitReady(b);
        const box = await b.run(`${locate}`, { tex: what.tex && what.tex.source, figure: what.figure });
        if (!box) { console.log(`${b.name}: ${name}: not found`); continue; }
        // Blocks drawn late or fading in can still move it: shoot until it stood still around the shot.
        let png = null, at = box;
        for (let k = 0; k < 6; k++) {
          png = (await b.screenshot()).toString('base64');
          const now = await b.run(`${measure}`);
          if (now.x === at.x && now.y === at.y && now.w === at.w && now.h === at.h) break;
          at = now;
          await new Promise((r) => setTimeout(r, 400));
        }
        if (b.name === 'firefox') {
          // Firefox: the box cut out of the document itself (its viewport shot can lag the scroll).
          const doc = await b.run(`${measure}`, true);
          png = (await b.screenshot(doc)).toString('base64');
          at = { ...doc, x: 0, y: 0 };
        }
        (made[name] ||= []).push({ engine: b.name, box: at, png });
      }
    } finally {
      await b.close();
    }
  }
  const browser = await chromium.launch(LAUNCH_OPTIONS);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  for (const [name, shots] of Object.entries(made)) {
    const side = name.startsWith('g');  // figures side by side, formulas one under another
    const cells = shots.map(({ engine, box, png }) => `<div class="cell"><div class="name">${engine}</div>
      <div style="width:${box.w}px;height:${box.h}px;overflow:hidden;position:relative"><img src="data:image/png;base64,${png}" style="position:absolute;left:${-box.x}px;top:${-box.y}px"></div></div>`).join('');
    await page.setContent(`<!doctype html><style>body{margin:0;font:13px sans-serif}#all{display:inline-flex;flex-direction:${side ? 'row' : 'column'};gap:6px;background:#999;padding:6px}
      .cell{background:#fff}.name{padding:2px 6px;background:#eee}</style><div id="all">${cells}</div>`);
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    const out = path.join(OUT, `${name}.png`);
    await page.locator('#all').screenshot({ path: out });
    console.log(out);
  }
  await browser.close();
}
if (import.meta.url === `file://${process.argv[1]}`) await main();
