// Each lesson is two classic scripts, built by scripts/build-page.mjs from
// web/lessons/<id>/ and loaded when the learner opens the lesson (a page
// loads only what it shows): dist/lessons/<id>.js, its code, which calls
// window.__attnlab.define(id, {module, exercises}), and
// dist/lessons/<id>.<lang>.js, its strings in one language, which calls
// window.__attnlab.defineStrings(id, lang, table) (a page in one language
// does not carry the other's). The shared code a lesson uses (what the
// shell itself has: web/ui, web/math, web/layout, ...) is this page's own instance,
// which main.js exposes as window.__attnlab.shared. Classic scripts, not
// import() or fetch(): module scripts do not run from file://, and the
// page's CSP has connect-src 'none'. The shell's own strings come the same
// way, one script per language (dist/i18n/<lang>.js, calling
// window.__attnlab.defineShellStrings(lang, table)).
import { setShellStrings, hasShellStrings } from '../ui/i18n.js';

const defined = {};  // id -> {module, exercises, strings: {lang: table}}
const strings = {};  // id -> {lang: table}
const pending = {};  // script URL -> {promise, resolve, reject}
const hub = (window.__attnlab = window.__attnlab || {});
const settle = (url) => { if (pending[url]) pending[url].resolve(); };
hub.define = (id, lesson) => {
  defined[id] = Object.assign({}, lesson, { strings: strings[id] = strings[id] || {} });
  settle(`lessons/${id}.js`);
};
hub.defineStrings = (id, lang, table) => {
  (strings[id] = strings[id] || {})[lang] = table;
  settle(`lessons/${id}.${lang}.js`);
};
hub.defineShellStrings = (lang, table) => {
  setShellStrings(lang, table);
  settle(`i18n/${lang}.js`);
};
// Parts of the course shown on few pages (the glossary page, the
// instructor kit, the attention lesson's real models: model-en,
// model-zh-Hans): dist/lessons/<name>.js calls defineData(name, value).
const data = {};
hub.defineData = (name, value) => {
  data[name] = value;
  settle(`lessons/${name}.js`);
};

// The lesson with its strings in lang, once both scripts have run; else null.
export const loadedLesson = (id, lang) => (defined[id] && strings[id][lang] ? defined[id] : null);
export const hasLessonCode = (id) => !!defined[id];

// The page's CSP requires Trusted Types for script URLs: one policy that
// passes only our own lesson and string files.
const LESSON_URL = /^(lessons\/[a-z][a-z-]{0,31}(\.(en|zh-Hans))?|lessons\/model-(en|zh-Hans)|i18n\/(en|zh-Hans))\.js$/;
const policy = typeof trustedTypes !== 'undefined' && trustedTypes.createPolicy
  ? trustedTypes.createPolicy('attnlab-lessons', {
    createScriptURL: (url) => { if (!LESSON_URL.test(url)) throw new TypeError(`not a lesson script: ${url}`); return url; },
  })
  : { createScriptURL: (url) => url };

function loadScript(url) {
  if (pending[url]) return pending[url].promise;
  const p = {};
  p.promise = new Promise((resolve, reject) => { p.resolve = resolve; p.reject = reject; });
  pending[url] = p;
  const script = document.createElement('script');
  script.src = policy.createScriptURL(url);
  script.onerror = () => {
    delete pending[url];
    script.remove();
    p.reject(new Error(`${url} could not be loaded`));
  };
  document.head.appendChild(script);
  return p.promise;
}

// Both scripts at once (side by side, in either order).
export function loadLesson(id, lang) {
  if (loadedLesson(id, lang)) return Promise.resolve(defined[id]);
  const code = defined[id] ? null : loadScript(`lessons/${id}.js`);
  const text = strings[id] && strings[id][lang] ? null : loadScript(`lessons/${id}.${lang}.js`);
  return Promise.all([code, text]).then(() => defined[id]);
}

// The shell's strings in lang.
export const loadShellStrings = (lang) => (hasShellStrings(lang) ? Promise.resolve() : loadScript(`i18n/${lang}.js`));

// A part of the course (see defineData), loaded once.
export const loadData = (name) => (name in data ? Promise.resolve(data[name]) : loadScript(`lessons/${name}.js`).then(() => data[name]));
