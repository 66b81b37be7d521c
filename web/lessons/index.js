// Lesson id -> module with mount(el, ctx). Lessons not listed here are
// shown as "coming" in the table of contents.
import softmax from './softmax.js';
import attention from './attention.js';
import practice from './practice.js';

export const LESSONS = { softmax, attention, practice };
