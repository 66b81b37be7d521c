// After a lesson mounts, the first use of each glossary term the lesson
// defines (its strings' "course.glossary": term id -> word in the page's
// language) becomes a link to the glossary page, in the lesson's prose only
// (p and li; not formulas, controls, figures or exercises). A walk over text
// nodes that splits one and inserts an element: no HTML is parsed.
import { h } from '../ui/dom.js';

// Where a term's word may not become a link.
const SKIP = 'a, button, label, select, input, textarea, code, pre, svg, math, figure, .exercise, .tex-math, [role="img"], [role="slider"], .lesson-intro, .teacher-kit';

// English words match whole (a plural "s" allowed, any case); Chinese ones
// anywhere, except one-character words that are also parts of other words
// (值 in 数值, 键 in 关键, 图 in 图中): those are left to the glossary page.
const SAFE_CHAR = new Set(['熵', '秩', '迹', '轴']);
function pattern(word, lang) {
  const esc = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (lang === 'en') return new RegExp(`(?<![\\p{L}\\p{N}-])${esc}(?:s|es)?(?![\\p{L}\\p{N}])`, 'iu');
  return [...word].length > 1 || SAFE_CHAR.has(word) ? new RegExp(esc, 'u') : null;
}

// The earliest match of any term in text: {k, index, length} or null.
function firstMatch(todo, text) {
  let best = null;
  todo.forEach((x, k) => {
    const m = x.re.exec(text);
    if (m && (!best || m.index < best.index || (m.index === best.index && m[0].length > best.length))) best = { k, index: m.index, length: m[0].length };
  });
  return best;
}

// href(id): the glossary entry's address; embed: open it in a new tab.
export function linkTerms(root, { terms, lang, href, embed, t }) {
  const todo = Object.entries(terms || {}).map(([id, word]) => ({ id, re: pattern(word, lang) })).filter((x) => x.re);
  if (!todo.length) return 0;
  let made = 0;
  for (const block of root.querySelectorAll('p, li')) {
    if (!todo.length) break;
    if (block.closest(SKIP)) continue;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    const nodes = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
    for (let node of nodes) {
      for (let m = firstMatch(todo, node.data); m; m = firstMatch(todo, node.data)) {
        const { id } = todo[m.k];
        todo.splice(m.k, 1);
        // node = [before][word][after]: the word becomes the link, the search goes on in "after".
        const word = node.splitText(m.index);
        node = word.splitText(m.length);
        word.replaceWith(h('a', {
          class: 'term-link', href: href(id), 'data-term': id,
          target: embed ? '_blank' : undefined, rel: embed ? 'noopener' : undefined,
          title: embed ? t('lessonInfo.newTab') : undefined,
        }, word.data));
        made++;
      }
    }
  }
  return made;
}

// A term's entry on the glossary page; from an embedded lesson, the course
// page next to embed.html (opened in a new tab).
export const glossaryHref = (id, lang, embed) => `${embed ? 'index.html' : ''}?page=glossary&lang=${lang}#term-${id}`;

// The lesson's own terms (its strings' "course.glossary") linked in body.
export const linkLessonTerms = (body, { strings, lang, embed, t }) =>
  linkTerms(body, { terms: strings && strings.course && strings.course.glossary, lang, embed, t, href: (id) => glossaryHref(id, lang, embed) });
