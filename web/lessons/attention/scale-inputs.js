// The √dₖ demonstration's random queries and keys: entries of mean 0 and
// variance 1 (uniform on [−√3, √3], one decimal), one per token, from the seed.
import { rng, randomMatrix } from '../../util/random.js';

export function scaleInputs(seed, n, dk) {
  const next = rng(seed * 31 + 5);
  return { Q: randomMatrix(next, n, dk, Math.sqrt(3)), K: randomMatrix(next, n, dk, Math.sqrt(3)) };
}
