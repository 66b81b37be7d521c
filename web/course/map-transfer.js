// The course map's "Your progress" block: save the progress as a file (a
// download through a blob link) and load one back (a file input). A file
// is checked whole first (state/progress-file.js): a bad one changes
// nothing and says why, in the page's language.
import { h } from '../ui/dom.js';
import { readStore, mergeStores, storeOf, importStore, storageOn } from '../state/stored-progress.js';
import { progressFile, readProgressFile } from '../state/progress-file.js';

// lessons: the catalog; progress(): the URL's progress text;
// onImported(text, note): the merged progress, for the URL and a redraw
// that shows the note (the map is drawn anew with what was loaded).
export function transferBlock({ t, lessons, progress, onImported, note }) {
  const known = Object.fromEntries(lessons.map((l) => [l.id, l.exercises.map((e) => e.id)]));
  const message = h('p', { class: 'map-transfer-message', role: 'status', 'aria-live': 'polite' });
  const say = (text, bad) => { message.textContent = text; message.classList.toggle('error-box', !!bad); };

  const save = h('button', { type: 'button', class: 'btn map-export', onclick: () => {
    const text = progressFile(mergeStores(readStore(), storeOf(progress())));
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = h('a', { href: url, download: `attention-lab-progress-${new Date().toISOString().slice(0, 10)}.json`, hidden: true });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } }, t('map.export'));

  const input = h('input', { type: 'file', accept: '.json,application/json', class: 'map-import-input', id: 'map-import' });
  input.addEventListener('change', async () => {
    const file = input.files && input.files[0];
    input.value = '';
    if (!file) return;
    let text;
    try { text = await file.text(); } catch { say(t('map.file.unreadable', { file: file.name }), true); return; }
    const r = readProgressFile(text, known);
    if (r.error) { say(t(`map.file.${r.error}`, { file: file.name, detail: r.detail || '' }), true); return; }
    onImported(importStore(r.store, progress()), t('map.imported', { file: file.name }));
  });
  const el = h('section', { class: 'map-transfer', 'aria-labelledby': 'map-transfer-title' },
    h('h2', { id: 'map-transfer-title' }, t('map.progress')),
    h('p', { class: 'map-note' }, t(storageOn() ? 'map.progressIntro' : 'map.progressNoStorage')),
    h('div', { class: 'map-transfer-actions' }, save,
      h('label', { class: 'map-import', for: 'map-import' }, t('map.import'), ' ', input)),
    message);
  if (note) say(note, false);
  return el;
}
