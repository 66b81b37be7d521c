// A titled, copyable code block: <pre class="code"> with a Copy button.
// Copying uses navigator.clipboard.writeText; where that is missing or
// refused (sandboxed iframes, http pages, no permission) it selects the text
// and tries the older execCommand('copy'), and otherwise says to copy by hand.
// Strings: common.copy, common.copied, common.copyFailed (shell i18n).
import { h, nextId } from '../../ui/dom.js';

export function createCodeBlock({ title, t, headingTag = 'h3' }) {
  const id = nextId('code');
  const code = h('code', {});
  // Focusable so that keyboard users can scroll a long line sideways.
  const pre = h('pre', { class: 'code', tabindex: '0', 'aria-labelledby': `${id}-title` }, code);
  const status = h('span', { class: 'pr-copy-status', role: 'status', 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'btn btn-small', 'aria-label': `${t('common.copy')}: ${title}`, onclick: () => copy() },
    t('common.copy'));
  const el = h('div', { class: 'pr-code' },
    h('div', { class: 'pr-code-head' }, h(headingTag, { id: `${id}-title`, class: 'pr-code-title' }, title), button, status),
    pre);
  let timer = null;

  function say(text) {
    status.textContent = text;
    clearTimeout(timer);
    timer = setTimeout(() => { status.textContent = ''; }, 5000);
  }

  function selectCode() {
    const sel = window.getSelection && window.getSelection();
    if (!sel) return false;
    const range = document.createRange();
    range.selectNodeContents(code);
    sel.removeAllRanges();
    sel.addRange(range);
    return true;
  }

  function fallback() {
    let ok = false;
    if (selectCode()) {
      try { ok = document.execCommand('copy'); } catch { ok = false; }
    }
    say(ok ? t('common.copied') : t('common.copyFailed'));
  }

  function copy() {
    const text = code.textContent;
    let p = null;
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) p = navigator.clipboard.writeText(text);
    } catch {
      p = null;
    }
    if (!p) { fallback(); return; }
    p.then(() => say(t('common.copied')), () => fallback());
  }

  return {
    el,
    set(text) { code.textContent = text; },
    get text() { return code.textContent; },
    destroy() { clearTimeout(timer); },
  };
}
