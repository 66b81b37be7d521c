// The HTML an instructor pastes into a course page to embed the current
// view: an <iframe> (works where scripts are stripped) and the
// <attn-lesson> custom element (for hosts that allow scripts). Pure string
// building: the page shows these as text, never parses them.

import { queryText } from '../state/query-text.js';

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// base: the URL of the page's directory ("https://host/lab/"); query: a
// URLSearchParams of the current state (lesson, lang, step, inputs).
export function iframeSnippet({ base, query, title, height = 720 }) {
  const src = `${base}embed.html?${queryText(query)}`;
  return `<iframe src="${esc(src)}" title="${esc(title)}" width="100%" height="${Math.round(height)}" `
    + `loading="lazy" allow="fullscreen" sandbox="allow-scripts" style="border:0;max-width:100%"></iframe>`;
}

export function elementSnippet({ base, query, title }) {
  const q = new URLSearchParams(query);
  const attrs = [];
  for (const k of ['lesson', 'lang', 'theme', 'step', 'hide']) {
    if (q.has(k)) attrs.push(`${k}="${esc(q.get(k))}"`);
    q.delete(k);
  }
  q.delete('lti');
  const params = queryText(q);
  if (params) attrs.push(`params="${esc(params)}"`);
  attrs.push(`title="${esc(title)}"`);
  return `<script src="${esc(base)}attnlab-embed.js"></script>\n<attn-lesson ${attrs.join(' ')}></attn-lesson>`;
}

// The directory of a page URL: "https://h/lab/index.html?x" -> "https://h/lab/".
export function baseOf(href) {
  const u = new URL(href);
  u.search = '';
  u.hash = '';
  u.pathname = u.pathname.replace(/[^/]*$/, '');
  return u.href;
}
