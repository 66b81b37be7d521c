// URL parameters of the graphs lesson (see state/schema.js). Nodes are
// numbered from 1 in the URL, as on the page.
//   preset  the graph: a preset, or 'custom' = n nodes, the edge list
//           `edges` ("1,2;2,3", each undirected edge once) and the node
//           positions `pos` ("x,y;..." in the unit square, y down; a
//           circle when absent)
//   node    the chosen node i (editor selection and GAT step-through)
//   nb      the neighbour j whose numbers the formulas write out (0 = first)
//   kseed, kstep   the karate club GAT's initial weights and the update shown
export const MAX_NODES = 40;
export const MAX_EDGES = 300;

export default {
  params: {
    preset: { type: 'enum', values: ['demo', 'path', 'star', 'ring', 'karate', 'custom'], default: 'demo' },
    n: { type: 'integer', min: 1, max: MAX_NODES, default: 7 },
    edges: { type: 'matrix', maxRows: MAX_EDGES, maxCols: 2, min: 1, max: MAX_NODES, default: null },
    pos: { type: 'matrix', maxRows: MAX_NODES, maxCols: 2, min: 0, max: 1, default: null },
    node: { type: 'integer', min: 1, max: MAX_NODES, default: 4 },
    nb: { type: 'integer', min: 0, max: MAX_NODES, default: 0 },
    normalized: { type: 'boolean', default: false },
    seed: { type: 'integer', min: 0, max: 999999, default: 4 },
    selfLoops: { type: 'boolean', default: true },
    slope: { type: 'number', min: 0, max: 1, step: 0.05, default: 0.2 },
    heads: { type: 'integer', min: 1, max: 4, default: 3 },
    concat: { type: 'boolean', default: true },
    compare: { type: 'boolean', default: false },
    gatOn: { type: 'enum', values: ['graph', 'complete'], default: 'graph' },
    mask: { type: 'boolean', default: false },
    kseed: { type: 'integer', min: 0, max: 999999, default: 1 },
    kstep: { type: 'integer', min: 0, max: 60, default: 0 },
  },
};
