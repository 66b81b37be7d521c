// Strings: web/i18n/<lang>.json for the shell, web/lessons/<id>/strings.json
// ({en: {...}, "zh-Hans": {...}}) for each lesson. t('a.b', {n: 3})
// substitutes {n}. A missing key shows the key itself (and is caught by tests).
// The page carries one language: the build makes a classic script of each
// language's shell strings (dist/i18n/<lang>.js) and of each lesson's
// (dist/lessons/<id>.<lang>.js); web/lessons/loader.js loads them and
// hands the shell's to setShellStrings.

export const LANGS = ['en', 'zh-Hans'];
const SHELL = {};
export const setShellStrings = (lang, table) => { SHELL[lang] = table; };
export const hasShellStrings = (lang) => !!SHELL[lang];

function lookup(table, key) {
  let cur = table;
  for (const part of key.split('.')) {
    if (cur == null || typeof cur !== 'object') return undefined;
    cur = cur[part];
  }
  return cur;
}

// lessonStrings: a lesson's strings.json, looked up before the shell's.
export function translator(lang, lessonStrings) {
  const shell = SHELL[lang] || {};
  const lesson = lessonStrings ? lessonStrings[lang] || {} : {};
  const t = (key, vars) => {
    let s = lookup(lesson, key);
    if (s === undefined) s = lookup(shell, key);
    if (s === undefined) {
      if (typeof console !== 'undefined') console.error(`i18n: missing "${key}" (${lang})`);
      return key;
    }
    if (typeof s !== 'string') return s;
    return vars ? s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m)) : s;
  };
  t.lang = lang;
  return t;
}
