// The step player shared by all lessons: previous / next / play / reset,
// arrow keys, a progress bar, the step's title and text, and its formula
// typeset as MathML (math/mathml.js) with the live numbers substituted.
//
// steps: [{id, title, text, formula: () => TeX string}] (strings already
// translated). onStep(index) redraws the figures and highlights.
import { h, clear } from './dom.js';
import { rich } from '../math/rich-text.js';
import { renderTex } from '../math/tex.js';
import { drawAllNow } from '../layout/draw-later.js';
import { hideMouseSentences } from '../layout/print.js';
import { fitFormulasForPrint } from '../layout/print-fit.js';

// The shell counts a lesson's steps (for its progress) from the first
// player the lesson creates: watchPlayers(fn) until the returned stop().
let watcher = null;
export function watchPlayers(fn) {
  watcher = fn;
  return () => { if (watcher === fn) watcher = null; };
}

// Print: every step of every live player, not only the one shown. Before
// printing (the browser's beforeprint, or the shell's "print this lesson"
// button calling preparePrint), each player writes all its steps, with
// their formulas at the current numbers, into a box that only print media
// shows (style.css .step-print).
// Held weakly: not every lesson destroys its players when it is left.
const printers = new Set();  // WeakRefs to player elements, each with its fill function as el.fillPrint
const prune = () => { for (const r of printers) if (!r.deref()) printers.delete(r); };
export function preparePrint() {
  drawAllNow();
  prune();
  for (const r of printers) { const el = r.deref(); if (el && el.isConnected) el.fillPrint(); }
  const lesson = document.querySelector('.lesson');
  if (lesson) { hideMouseSentences(lesson); fitFormulasForPrint(lesson); }
}
if (typeof window !== 'undefined') window.addEventListener('beforeprint', preparePrint);

export function createStepPlayer({ steps, t, initial = 0, onStep }) {
  if (watcher) watcher(steps.length);
  let index = Math.min(Math.max(0, initial), steps.length - 1);
  let timer = null;
  let refreshed = false;  // has the lesson supplied its numbers yet?

  const title = h('h2', { class: 'step-title', id: `step-title-${Math.random().toString(36).slice(2)}` });
  const text = h('p', { class: 'step-text' });
  const formula = h('div', { class: 'step-formula', 'aria-live': 'polite', tabindex: '0', role: 'group', 'aria-label': t('player.label') });  // focusable: wide formulas scroll
  const counter = h('span', { class: 'step-counter' });
  const bar = h('div', { class: 'progress', role: 'progressbar', 'aria-valuemin': '1', 'aria-valuemax': String(steps.length) },
    h('div', { class: 'progress-fill' }));
  const prev = h('button', { type: 'button', class: 'btn', onclick: () => go(index - 1) }, '← ', t('player.prev'));
  const next = h('button', { type: 'button', class: 'btn btn-primary', onclick: () => go(index + 1) }, t('player.next'), ' →');
  const play = h('button', { type: 'button', class: 'btn', 'aria-pressed': 'false', onclick: () => (timer ? stop() : start()) }, t('player.play'));
  const reset = h('button', { type: 'button', class: 'btn', onclick: () => { stop(); go(0); } }, t('player.reset'));

  const printBox = h('div', { class: 'step-print' });
  const el = h('section', { class: 'step-player', 'data-ex': 'steps', 'aria-label': t('player.label'), tabindex: '-1' },
    h('div', { class: 'step-controls' }, prev, play, next, reset, counter),
    bar, title, text, formula, printBox);

  prune();
  el.fillPrint = () => fillPrintBox(printBox, steps, index);
  const ref = new WeakRef(el);
  printers.add(ref);

  // Arrow keys anywhere in the lesson, except while typing in a field.
  el.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, textarea, select, [contenteditable]')) return;
    if (e.key === 'ArrowRight') { go(index + 1); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { go(index - 1); e.preventDefault(); }
  });

  function render() {
    const s = steps[index];
    title.replaceChildren(...rich(s.title));
    text.replaceChildren(...rich(s.text || ''));
    let tex = null;
    if (s.formula) {
      try {
        tex = s.formula();
      } catch (e) {
        // Opened at a later step (step= in the URL), a formula may need
        // numbers the lesson computes after creating the player: it calls
        // refresh() then. After that, a failing formula is a real bug.
        if (refreshed) throw e;
      }
    }
    // renderTex replaces the content itself, and skips TeX it shows already
    // (clearing first made every slider move re-typeset: ~6 ms each).
    if (tex !== null) renderTex(formula, tex, true);
    else clear(formula);
    counter.textContent = t('player.counter', { i: index + 1, n: steps.length });
    bar.setAttribute('aria-valuenow', String(index + 1));
    bar.setAttribute('aria-label', t('player.progress'));
    bar.firstChild.style.width = `${((index + 1) / steps.length) * 100}%`;
    prev.disabled = index === 0;
    next.disabled = index === steps.length - 1;
    el.dataset.step = String(index + 1);
  }

  function go(i) {
    const j = Math.min(Math.max(0, i), steps.length - 1);
    if (j === index && el.dataset.step) return;
    index = j;
    refreshed = true;
    render();
    onStep && onStep(index, steps[index]);
    if (index === steps.length - 1) stop();
  }

  function start() {
    if (index === steps.length - 1) go(0);
    play.setAttribute('aria-pressed', 'true');
    play.textContent = t('player.pause');
    timer = setInterval(() => go(index + 1), 2200);
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    play.setAttribute('aria-pressed', 'false');
    play.textContent = t('player.play');
  }

  render();
  return {
    el,
    get index() { return index; },
    go,
    refresh() { refreshed = true; render(); },  // after live numbers changed: re-render the formula
    destroy() { stop(); printers.delete(ref); clear(printBox); },
  };
}

// Every step into printBox, each with its formula at the current numbers;
// the step shown (index) marked current.
function fillPrintBox(printBox, steps, index) {
  clear(printBox);
  steps.forEach((s, k) => {
    let tex = null;
    try { tex = s.formula ? s.formula() : null; } catch { tex = null; }  // a step that needs another step's state
    const f = h('div', { class: 'step-formula' });
    if (tex) renderTex(f, tex, true);
    printBox.append(h('section', { class: `step-print-item${k === index ? ' current' : ''}` },
      h('h3', { class: 'step-title' }, rich(s.title)), s.text ? h('p', { class: 'step-text' }, rich(s.text)) : null, f));
  });
}
