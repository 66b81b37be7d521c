// The page: shell (header, table of contents, language and theme), and the
// mounted lesson. index.html has <body data-mode="full">, embed.html
// data-mode="embed" (the lesson alone, sized for an iframe).
import { h, clear } from './core/dom.js';
import { translator, LANGS } from './core/i18n.js';
import { readShell, writeUrl, currentParams, reportInvalid, queryFor, replaceQuery, SHELL_SCHEMA } from './core/url-state.js';
import { readParams, parseValue } from './core/schema.js';
import { listenForCommands } from './core/commands.js';
import { embedPanel } from './shell/embed-panel.js';
import { CATALOG, lessonById } from './lessons/catalog.js';
import { lessonModule, lessonStrings } from './lessons/load.js';
import { startResizeReporter } from './core/resize.js';

const mode = document.body.dataset.mode === 'embed' ? 'embed' : 'full';
const root = document.getElementById('app');
let shell = readShell();
let lab = null;
let current = null;  // {id, handle}
let engineStatus = null;  // after a wasm abort: 'restarting' | 'ready' | 'failed'

function applyLangAndTheme() {
  document.documentElement.lang = shell.lang;
  document.documentElement.dataset.theme = shell.theme;
}

function lessonValues(id) {
  const meta = lessonById(id);
  const r = readParams(currentParams(), meta.params);
  reportInvalid(r.errors);
  return r.values;
}

function header(t) {
  const langButtons = LANGS.map((l) => h('button', {
    type: 'button', class: 'btn btn-small', lang: l, 'aria-pressed': String(l === shell.lang),
    onclick: () => { if (l !== shell.lang) { shell.lang = l; rerender(); } },
  }, l === 'en' ? 'English' : '简体中文'));
  const theme = h('select', { 'aria-label': t('shell.theme'), onchange: (e) => { shell.theme = e.target.value; applyLangAndTheme(); sync(); } },
    ...['auto', 'light', 'dark'].map((v) => h('option', { value: v, selected: v === shell.theme }, t(`shell.theme_${v}`))));
  return h('header', { class: 'site-header' },
    h('div', { class: 'brand' }, h('span', { class: 'logo', 'aria-hidden': 'true' }, 'α'),
      h('div', {}, h('p', { class: 'site-title' }, t('shell.title')), h('p', { class: 'site-sub' }, t('shell.subtitle')))),
    h('div', { class: 'header-tools' }, h('div', { class: 'lang-switch', role: 'group', 'aria-label': t('shell.language') }, langButtons), theme));
}

function toc(t) {
  const items = CATALOG.map((l) => {
    const label = [h('span', { class: 'toc-num' }, l.section), h('span', { class: 'toc-title' }, l.title[t.lang])];
    const a = h('a', {
      class: 'toc-link', href: `?lesson=${l.id}&lang=${shell.lang}`,
      'aria-current': shell.lesson === l.id ? 'page' : undefined,
      onclick: (e) => { e.preventDefault(); openLesson(l.id); },
    }, ...label);
    return h('li', { class: 'toc-item' }, a);
  });
  return h('nav', { class: 'toc', 'aria-label': t('shell.contents') }, h('h2', { class: 'toc-heading' }, t('shell.contents')), h('ol', {}, items));
}

// URL updates are debounced: browsers throttle rapid history.replaceState
// calls (a slider drag fires dozens per second).
let syncTimer = null;
function sync() {
  clearTimeout(syncTimer);
  syncTimer = setTimeout(() => {
    syncTimer = null;
    const meta = lessonById(shell.lesson);
    writeUrl(shell, (current && current.values) || {}, meta ? meta.params : null);
  }, 150);
}

// Snippets name their language even when it is the default.
function withLang(q) {
  if (!q.has('lang')) q.set('lang', shell.lang);
  return q;
}

function mountLesson(container) {
  const meta = lessonById(shell.lesson);
  const module = lessonModule(shell.lesson);
  const t = translator(shell.lang, lessonStrings(shell.lesson));
  const values = lessonValues(shell.lesson);
  current = { id: shell.lesson, values, handle: null };
  const section = h('article', { class: 'lesson', 'aria-labelledby': 'lesson-title' },
    h('p', { class: 'lesson-kicker' }, t('shell.section', { n: meta.section })),
    h('h1', { id: 'lesson-title' }, meta.title[shell.lang]),
    h('p', { class: 'lesson-summary' }, meta.summary[shell.lang]),
    mode === 'full' ? embedPanel({ t, title: t('embed.frameTitle', { site: t('shell.title'), lesson: meta.title[shell.lang] }), query: () => withLang(queryFor(shell, current.values, meta.params)) }) : null);
  const body = h('div', { class: 'lesson-body' });
  section.appendChild(body);
  container.appendChild(section);
  const ctx = {
    lab, t, lang: shell.lang, mode, values,
    step: shell.step - 1,
    setValues(patch) { Object.assign(current.values, patch); sync(); },
    setStep(i) { shell.step = i + 1; sync(); },
    reportError(e) { console.warn(e); },
  };
  try {
    current.handle = module.mount(body, ctx);
  } catch (e) {
    body.appendChild(h('p', { class: 'error-box', role: 'alert' }, t('shell.lessonFailed'), ' ', String(e && e.message)));
    throw e;
  }
}

function openLesson(id) {
  if (current && current.handle && current.handle.destroy) current.handle.destroy();
  shell.lesson = id;
  shell.step = 1;
  // Inputs of the previous lesson do not carry over.
  writeUrl(shell, {}, null);
  rerender();
  const title = document.getElementById('lesson-title');
  if (title) { title.tabIndex = -1; title.focus(); }
}

// Writes a pending URL update now: a re-mounted lesson reads its inputs from the URL.
function flushSync() {
  if (!syncTimer) return;
  clearTimeout(syncTimer);
  syncTimer = null;
  const meta = current && lessonById(current.id);
  if (meta && current.id === shell.lesson) writeUrl(shell, current.values, meta.params);
}

// An 'attnlab:set' command from the host page: each entry is checked
// against the same schema as the URL; bad entries are reported and dropped,
// good ones replace the current state.
function applyCommand(params) {
  flushSync();
  const merged = currentParams();
  const lessonId = params.has('lesson') ? params.get('lesson') : shell.lesson;
  const target = lessonById(lessonId);
  if (!target) {
    reportInvalid([{ key: 'lesson', reason: 'unknown lesson' }]);
    return;
  }
  if (target.id !== shell.lesson) for (const k of [...merged.keys()]) if (!(k in SHELL_SCHEMA)) merged.delete(k);
  const errors = [];
  for (const [k, raw] of params) {
    if (k === 'lesson') { merged.set(k, target.id); continue; }
    const spec = SHELL_SCHEMA[k] || target.params[k];
    if (!spec) { errors.push({ key: k, reason: 'unknown parameter' }); continue; }
    const r = parseValue(raw, spec);
    if (r.error) errors.push({ key: k, reason: r.error });
    else merged.set(k, raw);
  }
  reportInvalid(errors);
  replaceQuery(merged);
  shell = readShell();
  rerender();
}

function rerender() {
  if (current && current.handle && current.handle.destroy) current.handle.destroy();
  flushSync();
  applyLangAndTheme();
  const t = translator(shell.lang);
  document.title = `${lessonById(shell.lesson).title[shell.lang]} · ${t('shell.title')}`;
  clear(root);
  const main = h('main', { id: 'main', class: mode === 'embed' ? 'embed-main' : 'main', 'data-hide': shell.hide.join(' ') || undefined });
  if (mode === 'full') {
    root.appendChild(h('a', { class: 'skip-link', href: '#main' }, t('shell.skip')));
    root.appendChild(header(t));
    root.appendChild(h('div', { class: 'layout' }, toc(t), main));
    root.appendChild(h('footer', { class: 'site-footer' }, h('p', {}, t('shell.footer'))));
  } else {
    root.appendChild(main);
  }
  if (!lab) {
    main.appendChild(h('p', { class: 'loading', role: 'status' }, t('shell.loading')));
    return;
  }
  if (engineStatus) main.appendChild(h('p', { class: engineStatus === 'ready' ? 'note-box' : 'error-box', role: 'alert' }, t(`shell.engine_${engineStatus}`)));
  mountLesson(main);
  sync();
}

function start() {
  const meta = lessonById(shell.lesson);
  if (!meta) {
    if (shell.lesson) reportInvalid([{ key: 'lesson', reason: 'unknown lesson' }]);
    shell.lesson = CATALOG[0].id;
  }
  // Start compiling the module first: it proceeds while the shell renders.
  const loader = window.AttnLab;
  const t0 = performance.now();
  const loading = loader ? loader.load() : null;
  rerender();
  if (mode === 'embed') {
    startResizeReporter({ lti: () => shell.lti });
    listenForCommands(applyCommand);
  }
  if (!loading) {
    clear(root).appendChild(h('p', { class: 'error-box', role: 'alert' }, translator(shell.lang)('shell.noModule')));
    return;
  }
  loading.then((api) => {
    lab = api;
    // ms since navigation start: the module compiled and instantiated.
    document.body.dataset.moduleMs = String(Math.round(performance.now()));
    // If the module aborts, the API restarts it; say so, and recompute the
    // lesson once the fresh instance is there.
    lab.onRestart((e) => {
      engineStatus = e.status;
      console.warn(`Attention Lab: the wasm module stopped in ${e.function} (${e.reason}); restart: ${e.status}`);
      rerender();
    });
    rerender();
    performance.mark('attnlab:interactive');
    document.body.dataset.ready = 'true';
    document.body.dataset.startupMs = String(Math.round(performance.now() - t0));
  }, (e) => {
    clear(root).appendChild(h('p', { class: 'error-box', role: 'alert' }, translator(shell.lang)('shell.noModule'), ' ', String(e && e.message)));
  });
}

start();
