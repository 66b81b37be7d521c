// Each lesson is its own classic script, dist/lessons/<id>.js, built by
// scripts/build-page.mjs from web/lessons/<id>/ and loaded when the learner
// opens the lesson (a page loads only what it shows). The script calls
// window.__attnlab.define(id, {module, strings, exercises}); the shared code
// it uses (web/core, web/plots, web/lib, web/lessons/shared) is this page's
// own instance, which main.js exposes as window.__attnlab.shared. Classic
// scripts, not import(): module scripts do not run from file://.
const defined = {};
const pending = {};
const hub = (window.__attnlab = window.__attnlab || {});
hub.define = (id, lesson) => {
  defined[id] = lesson;
  if (pending[id]) pending[id].resolve(lesson);
};

export const loadedLesson = (id) => defined[id] || null;

// The page's CSP requires Trusted Types for script URLs: one policy that
// passes only our own lesson files.
const LESSON_URL = /^lessons\/[a-z][a-z-]{0,31}\.js$/;
const policy = typeof trustedTypes !== 'undefined' && trustedTypes.createPolicy
  ? trustedTypes.createPolicy('attnlab-lessons', {
    createScriptURL: (url) => { if (!LESSON_URL.test(url)) throw new TypeError(`not a lesson script: ${url}`); return url; },
  })
  : { createScriptURL: (url) => url };

export function loadLesson(id) {
  if (defined[id]) return Promise.resolve(defined[id]);
  if (pending[id]) return pending[id].promise;
  const p = {};
  p.promise = new Promise((resolve, reject) => { p.resolve = resolve; p.reject = reject; });
  pending[id] = p;
  const script = document.createElement('script');
  script.src = policy.createScriptURL(`lessons/${id}.js`);
  script.onerror = () => {
    delete pending[id];
    script.remove();
    p.reject(new Error(`lessons/${id}.js could not be loaded`));
  };
  document.head.appendChild(script);
  return p.promise;
}
