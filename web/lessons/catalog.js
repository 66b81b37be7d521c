// Every lesson of the chapter, in the chapter's order, with its URL
// parameter schema (see core/schema.js). Pure data: the build reads it to
// write dist/lessons.json, the page to validate URLs. `ready: false`
// lessons are listed in the table of contents as coming.
export const CATALOG = [
  { id: 'vectors', section: '1', ready: false, params: {} },
  { id: 'probability', section: '2', ready: false, params: {} },
  {
    id: 'softmax', section: '3', ready: true,
    params: {
      z: { type: 'vector', minLength: 1, maxLength: 8, min: -5000, max: 5000, default: [2, 1, 0.1, -1] },
      T: { type: 'number', min: 0.05, max: 20, default: 1 },
      naive: { type: 'boolean', default: false },
    },
  },
  { id: 'optimization', section: '4', ready: false, params: {} },
  { id: 'regression', section: '5', ready: false, params: {} },
  {
    id: 'attention', section: '6', ready: true,
    params: {
      n: { type: 'integer', min: 1, max: 8, default: 4 },
      dk: { type: 'integer', min: 1, max: 8, default: 3 },
      dv: { type: 'integer', min: 1, max: 8, default: 2 },
      seed: { type: 'integer', min: 0, max: 999999, default: 7 },
      Q: { type: 'matrix', maxRows: 8, maxCols: 8, min: -100, max: 100, default: null },
      K: { type: 'matrix', maxRows: 8, maxCols: 8, min: -100, max: 100, default: null },
      V: { type: 'matrix', maxRows: 8, maxCols: 8, min: -100, max: 100, default: null },
      causal: { type: 'boolean', default: false },
      heads: { type: 'integer', min: 2, max: 4, default: 2 },
    },
  },
  { id: 'svd', section: '7', ready: false, params: {} },
  { id: 'graphs', section: '8', ready: false, params: {} },
  { id: 'information', section: '9', ready: false, params: {} },
  { id: 'complexity', section: '10', ready: false, params: {} },
  { id: 'proofs', section: '11', ready: false, params: {} },
  {
    id: 'practice', section: '12', ready: true,
    params: {
      Q: { type: 'matrix', maxRows: 16, maxCols: 16, min: -1000, max: 1000, default: [[1, 0, 1], [0, 1, 0], [1, 1, 0]] },
      K: { type: 'matrix', maxRows: 16, maxCols: 16, min: -1000, max: 1000, default: [[1, 0, 0], [0, 1, 1], [1, 0, 1]] },
      V: { type: 'matrix', maxRows: 16, maxCols: 16, min: -1000, max: 1000, default: [[1, 2], [3, 4], [5, 6]] },
    },
  },
];

export const lessonById = (id) => CATALOG.find((l) => l.id === id) || null;
export const firstReady = () => CATALOG.find((l) => l.ready);
