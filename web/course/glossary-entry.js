// dist/lessons/glossary.js: the glossary page, loaded by
// web/course/course-pages.js only when it is shown.
import { mount } from './glossary-page.js';

window.__attnlab.defineData('glossary', { mount });
