// The small example every figure of the lesson shares: Q, K, V of n tokens
// and width 4, the first n rows of fixed seeded 32 x 4 matrices (values to
// one decimal in [-2, 2]), so that a link reproduces them.
import { rng, randomMatrix } from '../../util/random.js';

const MAX_N = 32, WIDTH = 4;
const next = rng(2022);
const FULL = { Q: randomMatrix(next, MAX_N, WIDTH), K: randomMatrix(next, MAX_N, WIDTH), V: randomMatrix(next, MAX_N, WIDTH) };

export const demoQkv = (n) => ({ Q: FULL.Q.slice(0, n), K: FULL.K.slice(0, n), V: FULL.V.slice(0, n) });

export const maxAbsDiff = (A, B) => A.reduce((m, row, i) => row.reduce((mm, x, j) => Math.max(mm, Math.abs(x - B[i][j])), m), 0);
