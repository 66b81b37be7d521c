// What the lesson computes: the matrices in use and attention on them
// (lab.attention) with the learner's options. A matrix too long for a link
// is in use without being in the URL: it waits in `unlinked` (inputs.js).
import { encodeValue, parseValue } from '../../state/schema.js';
import schema from './params.js';

export const NAMES = ['Q', 'K', 'V'];
export const clone = (m) => m.map((row) => row.slice());
const isMatrix = (v) => Array.isArray(v) && v.length > 0 && Array.isArray(v[0]);

// Q, K, V in use: the one kept out of the link, else the URL's, else the default.
export const matsOf = ({ unlinked, ...v }) => Object.fromEntries(NAMES.map((name) =>
  [name, (unlinked && unlinked[name]) || (isMatrix(v[name]) ? v[name] : clone(schema.params[name].default))]));

// A custom scale c > 0, or null for 1/sqrt(d_k).
export const scaleOf = (scale) => (typeof scale === 'number' && scale > 0 ? scale : null);

// Whether the link can hold the matrix (every matrix the fields accept fits, unless its text is too long).
export const fitsLink = (name, m) => !parseValue(encodeValue(m, schema.params[name]), schema.params[name]).error;

// The result with the inputs it was computed from; throws the core's error.
export function attend(lab, { mats: { Q, K, V }, causal, scale }) {
  const c = scaleOf(scale), options = {};
  if (causal === true) options.causal = true;
  if (c !== null) options.scale = c;
  const r = lab.attention(Q, K, V, options);
  return { Q: clone(Q), K: clone(K), V: clone(V), causal: causal === true, scale: c, ...r };
}
