// dist/lessons/teacher.js: the instructor kit and every lesson's teacher
// content, loaded by web/course/course-pages.js only with teacher=1.
import { mount } from './teacher-kit.js';

window.__attnlab.defineData('teacher', { mount });
