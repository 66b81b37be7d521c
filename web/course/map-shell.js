// What the page's shell (web/shell/main.js) uses of the course map, stored
// progress and the lesson's end block: one import there.
export { startStoredProgress, keepProgress, noteAnswer, noteOpened } from '../state/stored-progress.js';
export { mountMap, mapMenuItem } from './map.js';
export { lessonEnd } from './lesson-end.js';
