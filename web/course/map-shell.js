// What the page's shell (web/shell/main.js) uses of the course map, stored
// progress and the lesson's end block: one import there. The map's and the
// end block's code is a script of its own (dist/lessons/map.js,
// web/course/map-entry.js) and their styles a sheet of their own
// (dist/map.css, web/course/map.css), loaded when a full page shows them:
// embeds, which share app.js and style.css, do not carry them.
import { h, clear } from '../ui/dom.js';
import { loadData } from '../lessons/loader.js';

export { startStoredProgress, keepProgress, noteAnswer, noteOpened } from '../state/stored-progress.js';
export { mapMenuItem } from './map-menu.js';

// The script and the styles, once, together (drawn unstyled, the map's graph
// would scroll a phone's page sideways); a sheet that fails still draws.
let loading = null;
function loadPart() {
  if (!loading) {
    const link = h('link', { rel: 'stylesheet', href: 'map.css', 'data-map-css': '' });
    const styled = new Promise((done) => { link.addEventListener('load', done); link.addEventListener('error', done); });
    document.head.appendChild(link);
    loading = Promise.all([loadData('map'), styled]).then(([p]) => p);
  }
  return loading;
}

// The map in main (ctx: course/map.js mountMap's). A focus lost with the
// page it replaced (the menu's link was redrawn) goes to its title; not on
// the page's first view (before it is ready), where the focus starts at the
// top as on any page.
export function showMap(main, ctx) {
  const refocus = document.body.dataset.ready === 'true';
  main.appendChild(h('p', { class: 'loading', role: 'status' }, ctx.t('map.loading')));
  loadPart().then((part) => {
    if (!main.isConnected) return;
    clear(main);
    part.mountMap(main, ctx);
    if (refocus && (!document.activeElement || document.activeElement === document.body)) {
      const title = document.getElementById('map-title');
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
  }, (e) => {
    clear(main).appendChild(h('p', { class: 'error-box', role: 'alert' }, ctx.t('map.failed'), ' ', String(e && e.message)));
  });
}

// The lesson's end block (course/lesson-end.js), in place once its script is
// here; update(marks) before that is kept for then.
export function lessonEnd(opts) {
  const el = h('div', { class: 'lesson-end-slot' });
  let real = null, marks = null;
  loadPart().then((part) => {
    real = part.lessonEnd(opts);
    el.appendChild(real.el);
    if (marks) real.update(marks);
  }, () => {});  // the lesson stands without it
  return { el, update(m) { marks = m; if (real) real.update(m); } };
}
