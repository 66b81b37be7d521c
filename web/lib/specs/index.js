// The public API as data, one file per area (see docs/contributing.md):
// for each function its positional arguments [name, kind] and its options
// {name: kind}. Names and shapes follow ../shared/API.md.
import linalg from './linalg.js';
import softmax from './softmax.js';
import attention from './attention.js';

export const SPECS = { ...linalg, ...softmax, ...attention };
