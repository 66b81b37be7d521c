// The page's state lives in the URL (language, lesson, step, inputs), so a
// copied link reproduces the view. Storage is never needed: it throws in
// sandboxed iframes.
import { readParams, writeParams } from './schema.js';
import { PROGRESS_PATTERN } from './progress.js';
import { queryText } from './query-text.js';

export const SHELL_SCHEMA = {
  lang: { type: 'enum', values: ['en', 'zh-Hans'], default: 'en' },
  theme: { type: 'enum', values: ['auto', 'light', 'dark'], default: 'auto' },
  step: { type: 'integer', min: 1, max: 99, default: 1 },
  // Parts of the lesson an instructor can hide (style.css, [data-hide]).
  hide: { type: 'set', values: ['title', 'summary', 'steps', 'prose', 'embed', 'exercises'], default: [] },
  // The learner's progress in every lesson (state/progress.js), the seed the
  // exercises draw their numbers from, an exercise to open the lesson at,
  // and the instructor's view (every answer and worked solution shown).
  progress: { type: 'text', pattern: PROGRESS_PATTERN, maxLength: 1200, default: '' },
  xseed: { type: 'integer', min: 1, max: 2147483647, default: null },
  exercise: { type: 'text', pattern: '[a-z0-9-]{1,40}', default: '' },
  teacher: { type: 'boolean', default: false },
  // A page of the course other than a lesson (web/course/course-pages.js).
  page: { type: 'enum', values: ['glossary'], default: null },
  // Canvas's iframe resize convention as well as ours (embed.html only).
  lti: { type: 'boolean', default: false },
};

// The state as last written: used instead of location.search when the
// browser refused to update the address (sandboxed iframes, file://).
let live = null;

export function currentParams() {
  if (live) return new URLSearchParams(live);
  try {
    return new URLSearchParams(window.location.search);
  } catch {
    return new URLSearchParams();
  }
}

let reported = new Set();
// At most this many warnings per page (a host sending 10,000 bad commands
// printed 10,000 warnings, and the set grew with every new key).
export const MAX_WARNINGS = 50;
// Reports each invalid parameter once in the console (as a warning: a bad
// link is the author's mistake, not a page error).
export function reportInvalid(errors) {
  for (const e of errors) {
    if (reported.size > MAX_WARNINGS) return;
    const k = `${e.key}:${e.reason}`;
    if (reported.has(k)) continue;
    reported.add(k);
    if (reported.size > MAX_WARNINGS) {
      console.warn(`Attention Lab: more than ${MAX_WARNINGS} invalid parameters; further ones are not reported.`);
      return;
    }
    console.warn(`Attention Lab: URL parameter "${e.key}" ignored (${e.reason}); using the default.`);
  }
}

export function readShell(params = currentParams()) {
  const r = readParams(params, SHELL_SCHEMA);
  reportInvalid(r.errors);
  const lesson = params.get('lesson');
  return { ...r.values, lesson: lesson && /^[a-z-]{1,32}$/.test(lesson) ? lesson : null };
}

// The query for a shell state and a lesson's values (defaults left out).
export function queryFor(shell, lessonValues, lessonSchema) {
  const entries = [];
  if (shell.lesson) entries.push(['lesson', shell.lesson]);
  entries.push(...writeParams(shell, SHELL_SCHEMA));
  if (lessonSchema) entries.push(...writeParams(lessonValues, lessonSchema));
  return new URLSearchParams(entries);
}

// Rewrites the query string from the shell state and the lesson's values.
export function writeUrl(shell, lessonValues, lessonSchema) {
  return replaceQuery(queryFor(shell, lessonValues, lessonSchema));
}

// Makes params the page's state (and its address, where allowed).
export function replaceQuery(params) {
  const q = queryText(params);
  live = q;
  const url = window.location.pathname + (q ? `?${q}` : '') + window.location.hash;
  try {
    window.history.replaceState(null, '', url);
  } catch {
    // Opaque origins (sandboxed iframes, some file:// cases) may refuse: the
    // state then simply is not mirrored in the address bar.
  }
  return url;
}
