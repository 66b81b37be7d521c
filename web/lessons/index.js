// Lesson id -> module with mount(el, ctx); null for lessons not built yet.
import vectors from './vectors.js';
import probability from './probability.js';
import softmax from './softmax.js';
import optimization from './optimization.js';
import regression from './regression.js';
import attention from './attention.js';
import svd from './svd.js';
import graphs from './graphs.js';
import information from './information.js';
import complexity from './complexity.js';
import proofs from './proofs.js';
import practice from './practice.js';

export const LESSONS = Object.fromEntries(Object.entries({ vectors, probability, softmax, optimization, regression, attention, svd, graphs, information, complexity, proofs, practice }).filter(([, m]) => m));
