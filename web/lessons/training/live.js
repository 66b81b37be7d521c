// A training run that the core extends while the learner watches: each call
// of lab.trainAttention continues from the parameters and optimizer state
// the previous one returned (options.state), so a run trained one update
// per frame has exactly the numbers of one long call. Every update's loss,
// accuracy and attention maps are kept for the scrubber.
import { setup } from './run.js';

// settings: {task, method, lr, seed}; the run holds update 0 at once.
export function createLiveRun(lab, { task, method, lr, seed }) {
  const { d, data, params } = setup(task, seed);
  const base = { method, lr, causal: true, record: 1 };
  const first = lab.trainAttention(data, params, { ...base, steps: 0 });
  const run = {
    d, init: params,
    loss: [...first.loss], accuracy: [...first.accuracy], weights: [first.snapshots[0].weights],
    params: first.params, state: first.state, diverged: false, divergedAt: null,
    trained: () => run.loss.length - 1,
    // Trains until k updates are done (or the run diverged); returns the
    // updates actually done.
    advance(k) {
      const more = k - run.trained();
      if (more <= 0 || run.diverged) return run.trained();
      const r = lab.trainAttention(data, run.params, { ...base, steps: more, state: run.state });
      const at = run.trained();
      for (let i = 1; i < r.loss.length; i++) {
        run.loss.push(r.loss[i]);
        run.accuracy.push(r.accuracy[i]);
        run.weights.push(r.snapshots[i].weights);
      }
      run.params = r.params;
      run.state = r.state;
      if (r.diverged) {
        run.diverged = true;
        run.divergedAt = at + r.divergedAt;
      }
      return run.trained();
    },
  };
  return run;
}

// The last update a run can show: its length, or where it diverged (v: the lesson's values).
export const lastUpdate = (v) => (!v.run ? 0 : v.run.diverged ? v.run.trained() : v.steps);
