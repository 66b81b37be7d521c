// dist/lessons/map.js: the course map page and a lesson's end block, loaded
// by web/course/map-shell.js when a full page shows them (embeds never
// carry this code, nor its strings: web/course/map-strings.json rides here,
// looked up before the shell's, which keep under "map" only what app.js
// says itself: the menu entry, the page title, the loading line).
import { translator } from '../ui/i18n.js';
import STRINGS from './map-strings.json';
import { mountMap } from './map.js';
import { lessonEnd } from './lesson-end.js';

const withStrings = (opts) => ({ ...opts, t: translator(opts.lang, { [opts.lang]: { map: STRINGS[opts.lang] } }) });

window.__attnlab.defineData('map', {
  mountMap: (main, ctx) => mountMap(main, withStrings(ctx)),
  lessonEnd: (opts) => lessonEnd(withStrings(opts)),
});
