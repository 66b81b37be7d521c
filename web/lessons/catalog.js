// Every lesson of the chapter, in the chapter's order. Each lesson's URL
// parameter schema (core/schema.js) and readiness live in params/<id>.js:
// pure data, so the build can write dist/lessons.json from it and the page
// can validate URLs. Lessons not ready are listed as coming.
import vectors from './params/vectors.js';
import probability from './params/probability.js';
import softmax from './params/softmax.js';
import optimization from './params/optimization.js';
import regression from './params/regression.js';
import attention from './params/attention.js';
import svd from './params/svd.js';
import graphs from './params/graphs.js';
import information from './params/information.js';
import complexity from './params/complexity.js';
import proofs from './params/proofs.js';
import practice from './params/practice.js';

const ORDER = { vectors, probability, softmax, optimization, regression, attention, svd, graphs, information, complexity, proofs, practice };

export const CATALOG = Object.entries(ORDER).map(([id, p], k) => ({
  id, section: String(k + 1), ready: p.ready, params: p.params,
}));

export const lessonById = (id) => CATALOG.find((l) => l.id === id) || null;
export const firstReady = () => CATALOG.find((l) => l.ready);
