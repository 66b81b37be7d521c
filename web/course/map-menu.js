// The menu's first entry: the course map.
import { h } from '../ui/dom.js';
import { inPage } from './map-links.js';

export function mapMenuItem(t, lang, current, openMap) {
  return h('li', { class: 'toc-item toc-map' }, h('a', {
    class: 'toc-link', href: `?lang=${lang}`, 'aria-current': current ? 'page' : undefined,
    onclick: inPage(openMap),
  }, h('span', { class: 'toc-num', 'aria-hidden': 'true' }, '◇'), h('span', { class: 'toc-title' }, t('map.menu'))));
}
