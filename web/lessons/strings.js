// Per-lesson strings, {en, "zh-Hans"} side by side in one file per lesson.
import vectors from '../i18n/lessons/vectors.json';
import probability from '../i18n/lessons/probability.json';
import softmax from '../i18n/lessons/softmax.json';
import optimization from '../i18n/lessons/optimization.json';
import regression from '../i18n/lessons/regression.json';
import attention from '../i18n/lessons/attention.json';
import svd from '../i18n/lessons/svd.json';
import graphs from '../i18n/lessons/graphs.json';
import information from '../i18n/lessons/information.json';
import complexity from '../i18n/lessons/complexity.json';
import proofs from '../i18n/lessons/proofs.json';
import practice from '../i18n/lessons/practice.json';

export const LESSON_STRINGS = { vectors, probability, softmax, optimization, regression, attention, svd, graphs, information, complexity, proofs, practice };
