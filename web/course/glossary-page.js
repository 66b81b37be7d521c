// The glossary page (index.html?page=glossary): every term of
// web/course/glossary.json in English and 简体中文 side by side, grouped by
// the lesson that defines it, each linking to that lesson; a search box
// filters as one types (either language, words or definitions); it prints
// as a two-language term list (web/course/course.css).
import { h } from '../ui/dom.js';
import { translator } from '../ui/i18n.js';
import { CATALOG } from '../lessons/catalog.js';
import GLOSSARY from './glossary.json';
import STRINGS from './glossary-strings.json';

const LANGS = ['en', 'zh-Hans'];
const norm = (s) => s.toLowerCase().normalize('NFKC');

function termEntry(id, g, lesson, lang, t) {
  const side = (l) => h('div', { class: 'gl-side', lang: l },
    h('dt', { class: 'gl-word' }, g[l]),
    h('dd', { class: 'gl-def' }, g.definition[l]));
  return h('div', { class: 'gl-term', id: `term-${id}`, tabindex: '-1', dataset: { search: norm([g.en, g['zh-Hans'], g.definition.en, g.definition['zh-Hans']].join(' ')) } },
    h('dl', { class: 'gl-pair' }, ...LANGS.map(side)),
    h('a', { class: 'gl-lesson-link', href: `?lesson=${lesson.id}&lang=${lang}` }, t('lesson', { n: lesson.section, title: lesson.title[lang] })));
}

export function mount(main, { lang }) {
  const t = translator(lang, STRINGS);
  document.title = `${t('title')} · ${t('shell.title')}`;
  const groups = CATALOG.map((lesson) => {
    const terms = Object.entries(GLOSSARY).filter(([, g]) => g.lesson === lesson.id);
    if (!terms.length) return null;
    const el = h('section', { class: 'gl-group', 'aria-labelledby': `gl-${lesson.id}` },
      h('h2', { id: `gl-${lesson.id}` }, h('a', { href: `?lesson=${lesson.id}&lang=${lang}` }, t('lesson', { n: lesson.section, title: lesson.title[lang] }))),
      h('div', { class: 'gl-head', 'aria-hidden': 'true' }, h('span', { lang: 'en' }, t('en')), h('span', { lang: 'zh-Hans' }, t('zh'))),
      ...terms.map(([id, g]) => termEntry(id, g, lesson, lang, t)));
    return el;
  }).filter(Boolean);
  const total = Object.keys(GLOSSARY).length;
  const count = h('p', { class: 'gl-count', role: 'status', 'aria-live': 'polite' }, t('count', { n: total, total }));
  const none = h('p', { class: 'gl-none', hidden: true });
  const filter = (q) => {
    const words = norm(q).trim().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const g of groups) {
      let inGroup = 0;
      for (const el of g.querySelectorAll('.gl-term')) {
        const hit = words.every((w) => el.dataset.search.includes(w));
        el.hidden = !hit;
        inGroup += hit ? 1 : 0;
      }
      g.hidden = !inGroup;
      shown += inGroup;
    }
    count.textContent = t('count', { n: shown, total });
    none.hidden = shown > 0;
    none.textContent = t('none', { q });
  };
  const input = h('input', { type: 'search', id: 'gl-search', class: 'gl-search', placeholder: t('searchHint'), autocomplete: 'off', oninput: (e) => filter(e.target.value) });
  main.append(h('article', { class: 'glossary' },
    h('h1', { id: 'glossary-title' }, t('title')),
    h('p', { class: 'gl-intro' }, t('intro')),
    h('div', { class: 'gl-tools' },
      h('label', { for: 'gl-search', class: 'gl-label' }, t('search')), input,
      h('button', { type: 'button', class: 'btn btn-small gl-print', onclick: () => window.print() }, t('print'))),
    count, none, ...groups));
  // The address's #term-<id>: the entry was not there when the page loaded.
  const target = location.hash.startsWith('#term-') && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) { target.classList.add('gl-target'); target.scrollIntoView({ block: 'center' }); target.focus({ preventScroll: true }); }
}
