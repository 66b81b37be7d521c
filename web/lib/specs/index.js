// The public API as data, one file per area (see docs/contributing.md):
// for each function its positional arguments [name, kind] and its options
// {name: kind}, and optionally post(wireValue) building the plain result
// itself instead of the generic conversion. Names and shapes follow ../shared/API.md.
import linalg from './linalg.js';
import softmax from './softmax.js';
import attention from './attention.js';
import optim from './optim.js';
import regression from './regression.js';
import prob from './prob.js';
import info from './info.js';
import analysis from './analysis.js';
import graph from './graph.js';
import lowrank from './lowrank.js';
import complexity from './complexity.js';
import grad from './grad.js';
import train from './train.js';
import transformer from './transformer.js';
import flash from './flash.js';
import precision from './precision.js';
import linear from './linear.js';

export const SPECS = { ...linalg, ...softmax, ...attention, ...optim, ...regression, ...prob, ...info, ...analysis, ...graph, ...lowrank, ...complexity, ...grad, ...train, ...transformer, ...flash, ...precision, ...linear };
