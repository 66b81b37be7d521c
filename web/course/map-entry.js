// dist/lessons/map.js: the course map page and a lesson's end block, loaded
// by web/course/map-shell.js when a full page shows them (embeds never
// carry this code).
import { mountMap } from './map.js';
import { lessonEnd } from './lesson-end.js';

window.__attnlab.defineData('map', { mountMap, lessonEnd });
