// What the engines layer runs inside a lesson page, the same in every
// engine (each function is sent as source text: no closures over this
// module). d is a driver of drivers.mjs (or the Chromium stand-in of
// formula-shots.mjs).
import { overflowReport } from '../e2e/helpers.mjs';

// Waits for body[data-ready="true"], the lesson's late work
// (window.attnlabSettled) and the fonts; then two frames.
export async function waitReady(d, timeout = 60000) {
  const r = await d.run(async (ms) => {
    const t0 = performance.now();
    const wait = () => new Promise((done) => setTimeout(done, 50));
    while (!(document.body && document.body.dataset.ready === 'true')) {
      if (performance.now() - t0 > ms) return { ready: false, text: document.body ? document.body.innerText.slice(0, 300) : '(no body)' };
      await wait();
    }
    while (window.attnlabSettled && !window.attnlabSettled() && performance.now() - t0 < ms) await wait();
    // The stretchy brackets' fit (math/math-styles.js), measured once the math font is in.
    while (document.querySelector('math') && !document.documentElement.dataset.moFit && performance.now() - t0 < ms) await wait();
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return { ready: true, ms: Math.round(performance.now() - t0) };
  }, timeout);
  if (!r.ready) throw new Error(`${d.name}: body[data-ready="true"] not reached within ${timeout} ms; page text: ${JSON.stringify(r.text)}`);
  return r;
}

// Draws every block of the lesson (blocks far from the screen are not laid
// out: content-visibility, web/layout/blocks.js; an inline style, which
// blocks.js never takes off as it does .block-once, draws one),
// then waits for the next frames: Firefox and WebKit lay out a block that
// becomes relevant at their next rendering update, not when it is measured.
export async function drawAll(d) {
  await d.run(async () => {
    for (const b of document.querySelectorAll('.beside-main > *, .lesson-body > :not(.step-player, .beside-player)')) b.style.contentVisibility = 'visible';
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await frame();
    const t0 = performance.now();
    while (window.attnlabSettled && !window.attnlabSettled() && performance.now() - t0 < 5000) await new Promise((done) => setTimeout(done, 30));
    await frame();
  });
}

// The watcher that the page loads first (see engines.test.mjs, WATCH_JS):
// errors that the page had, as strings.
export const pageErrors = (d) => d.run(() => (window.__engines ? window.__engines.errors : ['the watcher script did not run']));

// Formula boxes against their neighbours, and the pieces inside a formula:
// boxes that overlap by more than 1 px (a stretchy bracket drawn over the
// content it encloses, a formula over the text beside it). Works on the
// rendered <math> of the whole lesson (after drawAll).
export function formulaLayout() {
  const out = [];
  const tex = (m) => (m.querySelector('annotation')?.textContent || '').slice(0, 70);
  const box = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 ? r : null; };
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const overY = (a, b) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const maths = [...document.querySelectorAll('.lesson math')].filter((m) => m.getClientRects().length);
  let stretchy = 0;
  for (const m of maths) {
    // (1) Inside: a stretchy fence against its siblings in the same row
    // (the siblings' ink lies within their boxes; the fence's glyph within its box).
    for (const mo of m.querySelectorAll('mo[stretchy="true"]')) {
      const r = box(mo);
      if (!r || r.height < 1.3 * parseFloat(getComputedStyle(mo).fontSize)) continue;
      stretchy++;
      const sibs = [mo.previousElementSibling, mo.nextElementSibling].filter(Boolean);
      for (const s of sibs) {
        const q = box(s);
        if (q && over(r, q) > 2 && overY(r, q) > 2) out.push(`“${mo.textContent}” overlaps the next piece “${s.textContent.slice(0, 20)}” by ${over(r, q).toFixed(1)} px in ${tex(m)}`);
      }
    }
    // (2) Outside: the formula against the inline text and formulas on its line.
    const r = box(m);
    if (!r) continue;
    for (const s of [m.previousSibling, m.nextSibling]) {
      if (!s) continue;
      let q = null;
      if (s.nodeType === 3 && s.nodeValue.trim()) { const rg = document.createRange(); rg.selectNodeContents(s); const rs = [...rg.getClientRects()]; q = s === m.previousSibling ? rs[rs.length - 1] : rs[0]; }
      else if (s.nodeType === 1) q = box(s);
      if (q && over(r, q) > 1.5 && overY(r, q) > 1.5) out.push(`formula ${tex(m)} overlaps its neighbour “${s.textContent.trim().slice(0, 20)}” by ${over(r, q).toFixed(1)} px`);
    }
  }
  return { formulas: maths.length, stretchy, overlaps: out.slice(0, 10) };
}

// Figure text under 10.95 px on screen, in the figures shown.
// inView: each figure is brought on screen first and measured a little
// later (Firefox can report a block's layout from before a figure's minimum
// width was set until the block is drawn on screen).
export async function figureText(inView = false) {
  const small = [];
  const hiddenUp = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) === 0) return true;
    }
    return false;
  };
  // Figures shown: not in a hidden step, not collapsed to nothing.
  const roots = [...document.querySelectorAll('.lesson svg')].filter((svg) => !svg.ownerSVGElement && !svg.closest('math, button') && svg.getBoundingClientRect().width > 2 && !hiddenUp(svg));
  for (const svg of roots) {
    if (inView) {
      svg.scrollIntoView({ block: 'center', behavior: 'instant' });
      await new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 250));
    }
    for (const t of svg.querySelectorAll('text, tspan')) {
      const m = t.textContent.trim() && t.getClientRects().length && !hiddenUp(t) && t.getScreenCTM();
      if (!m) continue;
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < 10.95) small.push(`svg.${(svg.getAttribute('class') || '?').split(' ')[0]} “${t.textContent.trim().slice(0, 30)}” at ${px.toFixed(1)} px`);
    }
  }
  return { figures: roots.length, small: small.slice(0, 10) };
}

// The numbers a lesson shows, by place: each matrix view's cells, the
// numbers in each formula's TeX (math/mathml.js keeps it in <annotation>),
// each readout's text. Exercise cards are left out (their numbers come from
// the exercise seed), and so are figures (drawn from the same numbers).
export function readouts() {
  const out = {};
  const lesson = document.querySelector('.lesson');
  if (!lesson) return out;
  const keep = (el) => !el.closest('[data-exercise], .exercises, svg');
  const nums = (s) => (s.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) || []).join(' ');
  // Keyed by what a place is (a view's name, a formula's TeX without its
  // numbers) and its count among its likes, so that a place drawn in one
  // engine and not yet in another does not shift the others.
  const seen = {};
  const put = (key, v) => { const k = `${key} #${(seen[key] = (seen[key] || 0) + 1)}`; if (v) out[k] = v; };
  for (const w of [...lesson.querySelectorAll('.matrix-wrap[data-name]')].filter(keep))
    put(`matrix ${w.dataset.name}`, [...w.querySelectorAll('table.matrix td[data-i][data-j]')].map((td) => td.textContent.trim()).join(' '));
  let last = null;
  for (const a of lesson.querySelectorAll('math annotation')) {
    const tex = a.textContent;
    if (tex === last || !keep(a)) continue;
    last = tex;
    const bare = tex.replace(/\\[a-zA-Z]+/g, ' ');
    put(`formula ${bare.replace(/-?\d+(?:\.\d+)?/g, '#').slice(0, 60)}`, nums(bare));
  }
  for (const el of [...lesson.querySelectorAll('[class*="readout"], [class$="-value"]')].filter(keep)) put(`readout ${el.className}`, nums(el.textContent));
  return out;
}

// The elements wider than the viewport that nothing scrolls (the culprits
// of a page scrolling sideways): the e2e layer's overflowReport at the
// viewport's own width (less a scrollbar where the engine draws one).
export const overflow = `() => ({ width: document.documentElement.clientWidth, ...(${overflowReport})(document.documentElement.clientWidth) })`;
