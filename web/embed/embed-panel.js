// The "Embed" disclosure under a lesson's title: the ready snippets for the
// current state, with copy buttons. The snippets are recomputed when the
// panel opens, so they follow the learner's edits.
import { h } from '../ui/dom.js';
import { iframeSnippet, elementSnippet, baseOf } from './embed-snippet.js';

async function copyText(text, area) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (file://, sandboxed iframe): select the text so
    // that Ctrl+C works, and try the legacy command.
    area.focus();
    area.select();
    try { return document.execCommand('copy'); } catch { return false; }
  }
}

function snippetBox(label, t) {
  const area = h('textarea', { class: 'embed-code', readonly: true, rows: '4', spellcheck: 'false', 'aria-label': label });
  const status = h('span', { class: 'embed-status', role: 'status' });
  const btn = h('button', {
    type: 'button', class: 'btn btn-small',
    onclick: async () => { status.textContent = (await copyText(area.value, area)) ? t('embed.copied') : t('embed.copyFailed'); },
  }, t('embed.copy'));
  return { el: h('div', { class: 'embed-box' }, h('div', { class: 'embed-box-head' }, h('strong', {}, label), btn, status), area), area, status };
}

// query(): URLSearchParams of the current state; title: the lesson's title.
export function embedPanel({ t, query, title }) {
  const frame = snippetBox(t('embed.iframe'), t);
  const element = snippetBox(t('embed.element'), t);
  const note = h('p', { class: 'embed-note' });
  const details = h('details', { class: 'embed-panel' },
    h('summary', { class: 'btn btn-small' }, t('embed.button')),
    h('p', {}, t('embed.intro')), frame.el, element.el, note);
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    const q = query();
    q.delete('hide');
    const base = baseOf(window.location.href);
    const height = Math.min(2400, Math.max(480, document.querySelector('.lesson')?.scrollHeight || 720));
    frame.area.value = iframeSnippet({ base, query: q, title, height });
    element.area.value = elementSnippet({ base, query: q, title });
    frame.status.textContent = '';
    element.status.textContent = '';
    note.textContent = base.startsWith('file:') ? t('embed.fileNote') : t('embed.note');
  });
  return details;
}
