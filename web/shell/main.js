// The page: shell (header, table of contents, language and theme), and the
// mounted lesson. index.html has <body data-mode="full">, embed.html
// data-mode="embed" (the lesson alone, sized for an iframe).
import { h, clear } from '../ui/dom.js';
import { translator, hasShellStrings, LANGS } from '../ui/i18n.js';
import { readShell, writeUrl, currentParams, reportInvalid, queryFor, replaceQuery, SHELL_SCHEMA } from '../state/url-state.js';
import { queryText } from '../state/query-text.js';
import { readParams, parseValue } from '../state/schema.js';
import { listenForCommands } from '../embed/commands.js';
import { embedPanel } from '../embed/embed-panel.js';
import { CATALOG, lessonById } from '../lessons/catalog.js';
import { loadLesson, loadedLesson, hasLessonCode, loadShellStrings, loadData } from '../lessons/loader.js';
import SHARED from 'attnlab:shared';
import { addMathStyles } from '../math/math-styles.js';
import { startResizeReporter } from '../embed/resize.js';
import { watchPlayers, preparePrint } from '../ui/step-player.js';
import { watchFigures } from '../layout/figure-fit.js';
import { mountWithFiguresLater, dropPending } from '../layout/draw-later.js';
import { layOutBlocks } from '../layout/blocks.js';
import { parseProgress, encodeProgress, lessonRecord, summary } from '../state/progress.js';
import { mountExercises } from '../lessons/shared/exercises/mount.js';
import { progressBar } from './progress-bar.js';
import { createHostEvents } from '../embed/host-events.js';
import { STATUS } from '../state/progress.js';
import { settled } from '../layout/settled.js';
import { nextFrame } from '../layout/frames.js';
import { lessonIntro, lessonReferences, linkLessonTerms, showGlossary, teacherKit } from '../course/course-pages.js';
import * as course from '../course/map-shell.js';

// The shared modules the lessons' own scripts use (web/lessons/loader.js).
window.__attnlab.shared = SHARED;
addMathStyles();

const mode = document.body.dataset.mode === 'embed' ? 'embed' : 'full';
// An LMS package's embed.html (data-package="lms", scripts/lms-package.mjs)
// comes without the course page (index.html) that an embedded lesson's
// prerequisite and glossary links open, and its frame is sandboxed without
// allow-popups, where a link to a new tab opens nothing: no such links there.
const coursePage = !(mode === 'embed' && document.body.dataset.package === 'lms');
const root = document.getElementById('app');
// The scripts came: index.html's note for a page whose files never came goes (a slow core load is not that).
for (const note of root.querySelectorAll('.load-failed')) note.remove();
let shell = readShell();
let lab = null;
let current = null;  // {id, handle}
let engineStatus = null;  // after a wasm abort: 'restarting' | 'ready' | 'failed'
// The exercises' seed: from the URL (xseed), else drawn now and written
// there, so that a reload or a copied link shows the same numbers while
// two learners get different ones.
const sessionSeed = 1 + Math.floor(Math.random() * 2147483646);
const exerciseSeed = () => shell.xseed || sessionSeed;
const host = createHostEvents((window.AttnLab && window.AttnLab.version) || '');

// What the host hears about the current lesson (embed/host-events.js).
function hostProgress() {
  const meta = lessonById(current.id);
  const s = summary(current.record, current.steps);
  return {
    lesson: current.id, step: shell.step, steps: current.steps, stepsSeen: s.stepsSeen,
    exercises: Object.fromEntries(meta.exercises.map((e, i) => [e.id, STATUS[current.record.marks[i]]])),
    score: s.score, completed: s.completed,
  };
}
const hostQuery = () => queryText(queryFor(shell, current.values, lessonById(current.id).params));
let getPending = false;
function answerGet() {
  getPending = false;
  flushSync();
  host.resend(hostProgress(), hostQuery());
}
function tellHost() {
  if (current && current.record && current.id === shell.lesson) host.update(hostProgress(), hostQuery());
}

// One try of exercise i, for the host's record (an LMS's interactions).
function tellAnswer(meta, i, a) {
  const def = meta.exercises[i];
  let response = a.response;
  if (response && !Array.isArray(response)) response = Object.fromEntries(Object.entries(response).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
  host.answer({ lesson: meta.id, exercise: def.id, kind: def.kind, result: a.ok ? 'correct' : 'wrong', response, choices: a.choices, latencyMs: a.latencyMs, description: a.description });
}

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
    const label = [h('span', { class: 'toc-num' }, l.section), h('span', { class: 'toc-title' }, l.title[t.lang]), tocProgress(t, l)];
    const a = h('a', {
      class: 'toc-link', href: `?lesson=${l.id}&lang=${shell.lang}`,
      'aria-current': shell.lesson === l.id && !shell.page ? 'page' : undefined,
      onclick: (e) => { e.preventDefault(); openLesson(l.id); },
    }, ...label);
    return h('li', { class: 'toc-item' }, a);
  });
  return h('nav', { class: 'toc', 'aria-label': t('shell.contents') }, h('h2', { class: 'toc-heading' }, t('shell.contents')),
    h('ol', {}, course.mapMenuItem(t, shell.lang, !shell.lesson && !shell.page, () => openLesson(null)), items));
}

// URL updates are debounced: browsers throttle rapid history.replaceState
// calls (a slider drag fires dozens per second). While one is due, the body
// says so (data-url-pending): the page has not settled (layout/settled.js).
let syncTimer = null;
function sync() {
  clearTimeout(syncTimer);
  document.body.dataset.urlPending = 'true';
  syncTimer = setTimeout(() => {
    syncTimer = null;
    delete document.body.dataset.urlPending;
    const meta = lessonById(shell.lesson);
    writeUrl(shell, (current && current.values) || {}, meta ? meta.params : null);
    tellHost();
  }, 150);
}

// Snippets name their language even when it is the default.
function withLang(q) {
  if (!q.has('lang')) q.set('lang', shell.lang);
  return q;
}

// The menu's mark of a lesson's exercises: correct of all, once any is answered.
function tocProgress(t, l) {
  if (!l.exercises.length) return null;
  const s = summary(lessonRecord(parseProgress(shell.progress), l.id, l.exercises.length), 0);
  if (!s.answered) return null;
  return h('span', { class: 'toc-progress', title: t('ex.menuProgress', { correct: s.correct, n: s.exercises }) }, `${s.correct}/${s.exercises}`);
}

// Records one change of the current lesson's progress and writes it to the URL.
function recordProgress(change) {
  const all = parseProgress(shell.progress);
  const rec = lessonRecord(all, current.id, lessonById(current.id).exercises.length);
  change(rec);
  all[current.id] = rec;
  shell.progress = encodeProgress(all);
  current.record = rec;
  current.bar.update(summary(rec, current.steps));
  course.keepProgress(shell.progress, current.id, lessonById(current.id).exercises.map((e) => e.id));
  sync();
}

function mountLesson(container) {
  const meta = lessonById(shell.lesson);
  const lesson = loadedLesson(shell.lesson, shell.lang);
  const { module } = lesson;
  const t = translator(shell.lang, lesson.strings);
  const values = lessonValues(shell.lesson);
  current = { id: shell.lesson, values, handle: null, steps: 0 };
  const record = lessonRecord(parseProgress(shell.progress), meta.id, meta.exercises.length);
  const section = h('article', { class: 'lesson', 'aria-labelledby': 'lesson-title' },
    h('p', { class: 'lesson-kicker' }, t('shell.section', { n: meta.section })),
    h('h1', { id: 'lesson-title' }, meta.title[shell.lang]),
    h('p', { class: 'lesson-summary' }, meta.summary[shell.lang]),
    lessonIntro({ meta, strings: lesson.strings[shell.lang], t, lang: shell.lang, open: mode === 'full' ? openLesson : null, links: coursePage }),
    mode === 'full' ? h('button', { type: 'button', class: 'btn btn-small print-lesson', onclick: () => { preparePrint(); window.print(); } }, t('shell.print')) : null,
    mode === 'full' ? embedPanel({ t, title: t('embed.frameTitle', { site: t('shell.title'), lesson: meta.title[shell.lang] }), query: () => withLang(queryFor({ ...shell, progress: '', xseed: null, exercise: '', teacher: false }, current.values, meta.params)) }) : null);
  const body = h('div', { class: 'lesson-body' });
  current.bar = progressBar({ t, onReset: () => { recordProgress((rec) => { rec.marks = rec.marks.map(() => '-'); }); rerender(); } });
  // The instructor kit (teacher=1) comes before the lesson and its exercises.
  if (shell.teacher) section.append(teacherKit({ meta, defs: lesson.exercises, lab, t, lang: shell.lang, seed: exerciseSeed(), embed: mode === 'embed', setSeed: (n) => { shell.xseed = n; rerender(); } }));
  section.append(current.bar.el, body, lessonReferences({ strings: lesson.strings[shell.lang], t }));
  if (mode === 'full') {
    current.end = course.lessonEnd({ t, lang: shell.lang, meta, lessons: CATALOG, open: openLesson, openMap: () => openLesson(null) });
    section.append(current.end.el);
    current.end.update(record.marks);
    course.noteOpened(meta.id);
  }
  container.appendChild(section);
  const ctx = {
    lab, t, lang: shell.lang, mode, values,
    step: shell.step - 1,
    setValues(patch) { Object.assign(current.values, patch); sync(); if (current.exercises) current.exercises.update(current.values); },
    setStep(i) { shell.step = i + 1; seeStep(i); sync(); },
    reportError(e) { console.warn(e); },
    loadData,  // a part loaded on demand (a lesson's data: the attention lesson's real models)
  };
  const stop = watchPlayers((n) => { current.steps = n; stop(); });
  try {
    current.record = record;
    mountWithFiguresLater(() => {
      current.handle = module.mount(body, ctx);
      if (coursePage) linkLessonTerms(body, { strings: lesson.strings[shell.lang], lang: shell.lang, embed: mode === 'embed', t });
      if (meta.exercises.length) {
        current.exercises = mountExercises(body, {
          defs: lesson.exercises, lab, t, seed: exerciseSeed(), marks: record.marks, teacher: shell.teacher,
          onMark: (i, m, a) => {
            recordProgress((rec) => { rec.marks[i] = m; });
            // The host hears the new score with the answer, not 150 ms later:
            // an LMS window closed right after an answer keeps both.
            if (a) { tellHost(); tellAnswer(meta, i, a); }
            if (a) { course.noteAnswer(meta.id, meta.exercises[i].id, a.ok, exerciseSeed()); if (current.end) current.end.update(current.record.marks); }
          },
        });
        current.exercises.update(current.values);
      }
    });
    const unfit = watchFigures(section), unblock = layOutBlocks(section);
    current.unwatch = () => { unfit(); unblock(); dropPending(section); };
    stop();
    seeStep(shell.step - 1);
    current.bar.update(summary(current.record, current.steps));
    host.ready({ lesson: meta.id, steps: current.steps, exercises: meta.exercises.map((e) => e.id) });
    tellHost();
    if (getPending) answerGet();
    if (shell.exercise && current.exercises) nextFrame(() => current.exercises.focus(shell.exercise));
  } catch (e) {
    body.appendChild(h('p', { class: 'error-box', role: 'alert' }, t('shell.lessonFailed'), ' ', String(e && e.message)));
    throw e;
  }
}

// On a phone the table of contents is a strip that scrolls sideways: the
// current lesson is brought into its middle (the page itself does not move).
function showActiveLesson() {
  const a = root.querySelector('.toc a[aria-current="page"]');
  const strip = a && a.closest('ol');
  if (!strip || strip.scrollWidth <= strip.clientWidth) return;
  const ra = a.getBoundingClientRect(), rs = strip.getBoundingClientRect();
  strip.scrollLeft += ra.left - rs.left - (rs.width - ra.width) / 2;
}

// Marks step i of the current lesson's first player as seen.
function seeStep(i) {
  if (!current || !current.record || i < 0 || i >= 30 || (current.record.seen >> i) & 1) return;
  recordProgress((rec) => { rec.seen |= 1 << i; });
}

// id null: the course map; opts {xseed, exercise}: new numbers, at one exercise.
function openLesson(id, opts) {
  if (current && current.handle && current.handle.destroy) current.handle.destroy();
  if (current && current.unwatch) current.unwatch();
  current = null;
  shell.lesson = id;
  shell.page = null;
  shell.step = 1;
  shell.exercise = (opts && opts.exercise) || '';
  if (opts && opts.xseed) shell.xseed = opts.xseed;
  // Inputs of the previous lesson do not carry over.
  writeUrl(shell, {}, null);
  const show = () => {
    if (shell.lesson !== id) return;
    rerender();
    const title = document.getElementById(id ? 'lesson-title' : 'map-title');
    if (title) { title.tabIndex = -1; title.focus(); }
  };
  // The lesson's script first (a page loads only the lessons it shows).
  if (!id || loadedLesson(id, shell.lang)) show(); else { rerender(); loadLesson(id, shell.lang).then(show, () => rerender()); }
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
// good ones replace the current state. Commands that arrive within a frame
// are applied together, and the lesson is re-mounted only if they changed
// the state (10,000 identical commands re-mounted it 10,000 times, ~38 s).
let pendingCommands = null;
function applyCommand(params) {
  if (!pendingCommands) {
    pendingCommands = [];
    const run = () => {
      if (!pendingCommands) return;
      const batch = pendingCommands;
      pendingCommands = null;
      applyCommands(batch);
    };
    nextFrame(run);
    setTimeout(run, 50);  // a hidden frame gets no animation frames
  }
  pendingCommands.push(params);
}

const sortedQuery = (p) => [...p].map(([k, v]) => `${k}=${v}`).sort().join('&');

function applyCommands(batch) {
  flushSync();
  const before = currentParams();
  const merged = currentParams();
  let lessonNow = shell.lesson;
  const errors = [];
  for (const params of batch) {
    const lessonId = params.has('lesson') ? params.get('lesson') : lessonNow;
    const target = lessonById(lessonId);
    if (!target) { errors.push({ key: 'lesson', reason: 'unknown lesson' }); continue; }
    if (target.id !== lessonNow) for (const k of [...merged.keys()]) if (!(k in SHELL_SCHEMA)) merged.delete(k);
    lessonNow = target.id;
    for (const [k, raw] of params) {
      if (k === 'lesson') { merged.set(k, target.id); continue; }
      const spec = SHELL_SCHEMA[k] || target.params[k];
      if (!spec) { errors.push({ key: k, reason: 'unknown parameter' }); continue; }
      const r = parseValue(raw, spec);
      if (r.error) errors.push({ key: k, reason: r.error });
      else merged.set(k, raw);
    }
  }
  reportInvalid(errors);
  if (sortedQuery(merged) === sortedQuery(before)) return;  // nothing changed
  replaceQuery(merged);
  shell = readShell();
  rerender();
}

// Shown when the page cannot start (no module, a script that did not
// load), in the page's language once the shell's strings are here (the
// error alone until then, or if they cannot load). It stays: a later
// re-render (strings arriving) does not draw over it.
let failed = false;
function fail(key, e) {
  failed = true;
  const show = () => {
    const text = hasShellStrings(shell.lang) ? [translator(shell.lang)(key), ' '] : [];
    clear(root).appendChild(h('p', { class: 'error-box', role: 'alert' }, ...text, String((e && e.message) || '')));
  };
  show();
  if (!hasShellStrings(shell.lang)) loadShellStrings(shell.lang).then(show, () => {});
}

let mapNote = null;  // what the course map says after an import, once
function rerender() {
  if (failed) return;
  // The strings of the page's language first (scripts of their own, one per
  // language): until they are here the page keeps what it shows, so that a
  // language switch re-draws the lesson in place.
  const lang = shell.lang, id = shell.lesson;
  const strings = !hasShellStrings(lang) ? loadShellStrings(lang)
    : lab && hasLessonCode(id) && !loadedLesson(id, lang) ? loadLesson(id, lang) : null;
  if (strings) {
    strings.then(() => { if (shell.lang === lang && shell.lesson === id) rerender(); }, (e) => fail('shell.lessonFailed', e));
    return;
  }
  if (current && current.handle && current.handle.destroy) current.handle.destroy();
  if (current && current.unwatch) current.unwatch();
  flushSync();
  applyLangAndTheme();
  const t = translator(shell.lang);
  document.title = `${shell.lesson ? lessonById(shell.lesson).title[shell.lang] : t('map.title')} · ${t('shell.title')}`;
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
  if (shell.page === 'glossary') { showGlossary(main, { lang: shell.lang, t }); return; }
  if (!shell.lesson) {  // the course map: no lesson, no module needed
    course.showMap(main, { t, lang: shell.lang, lessons: CATALOG, progress: shell.progress, open: openLesson, note: mapNote,
      onImported: (text, note) => { shell.progress = text; mapNote = note; rerender(); mapNote = null; } });
    sync();
    return;
  }
  if (!lab || !loadedLesson(shell.lesson, shell.lang)) {
    main.appendChild(h('p', { class: 'loading', role: 'status' }, t('shell.loading')));
    if (lab) {
      const id = shell.lesson, lang = shell.lang;
      loadLesson(id, lang).then(() => { if (shell.lesson === id && shell.lang === lang) rerender(); }, (e) => {
        clear(main).appendChild(h('p', { class: 'error-box', role: 'alert' }, t('shell.lessonFailed'), ' ', String(e && e.message)));
      });
    }
    return;
  }
  if (engineStatus) main.appendChild(h('p', { class: engineStatus === 'ready' ? 'note-box' : 'error-box', role: 'alert' }, t(`shell.engine_${engineStatus}`)));
  mountLesson(main);
  showActiveLesson();
  sync();
}

function start() {
  if (!shell.xseed) shell.xseed = sessionSeed;
  // The full page keeps progress in storage too; an embed's belongs to its host.
  shell.progress = course.startStoredProgress(shell.progress, mode === 'full');
  const meta = lessonById(shell.lesson);
  if (!meta) {
    if (shell.lesson) reportInvalid([{ key: 'lesson', reason: 'unknown lesson' }]);
    // No lesson: the full page's start is the course map; an embed, or a
    // link naming a lesson we do not have, shows lesson 1.
    shell.lesson = mode === 'embed' || currentParams().has('lesson') ? CATALOG[0].id : null;
  }
  // Start compiling the module first: it proceeds while the shell renders.
  const loader = window.AttnLab;
  const t0 = performance.now();
  // The module and the lesson's own script load side by side; a failure
  // says which of the two it was.
  const lessonFailed = (e) => { throw Object.assign(new Error(String(e && e.message)), { lesson: true }); };
  const loading = loader ? Promise.all([loader.load(), shell.lesson && loadLesson(shell.lesson, shell.lang).catch(lessonFailed), loadShellStrings(shell.lang).catch(lessonFailed)]).then(([api]) => api) : null;
  rerender();
  if (mode === 'embed') {
    startResizeReporter({ lti: () => shell.lti });
    // A get before the lesson is mounted is answered once it is (after attnlab:ready).
    listenForCommands(applyCommand, () => { if (current && current.record) answerGet(); else getPending = true; });
  }
  if (!loading) {
    loadShellStrings(shell.lang).then(() => fail('shell.noModule'), (e) => fail('shell.noModule', e));
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
    window.attnlabSettled = () => settled();
    document.body.dataset.ready = 'true';
    document.body.dataset.startupMs = String(Math.round(performance.now() - t0));
  }, (e) => fail(e && e.lesson ? 'shell.lessonFailed' : 'shell.noModule', e));
}

start();
