// Per-lesson strings, {en, "zh-Hans"} side by side in one file per lesson.
import softmax from '../i18n/lessons/softmax.json';
import attention from '../i18n/lessons/attention.json';
import practice from '../i18n/lessons/practice.json';

export const LESSON_STRINGS = { softmax, attention, practice };
