// Two models trained side by side on the same fresh batches: the 2-layer
// attention-only transformer and the 1-layer control (the same start
// without layer 2). Each update is one lab.trainTransformer call that
// continues from the optimizer state the previous one returned, so the
// run is the same whether it is trained in one go or a frame at a time.
// Every `every` updates a checkpoint keeps both models' parameters and
// what the core measures on the held-out batch: the two losses (first
// occurrence, repeat) and every head's previous-token and prefix-match
// scores.
import { mulberry32, makeBatch, splitTargets, initModels } from './data.js';

const bestOf = (scores) => Math.max(...scores);

export function createRun(lab, setting, seed) {
  const start = initModels(seed, setting);
  const trainRng = mulberry32(seed + 1000);
  const test = makeBatch(mulberry32(seed + 2000), setting.Btest, setting);
  const split = splitTargets(test);
  const models = { two: { params: start.two, state: null }, one: { params: start.one, state: null } };
  const checkpoints = [];
  let updates = 0;

  // A model measured on the held-out batch, into out, in three pieces.
  const measureJobs = (m, out) => [
    () => { out.params = m.params; out.first = lab.transformerLoss({ tokens: test.tokens, targets: split.first }, m.params).loss; },
    () => { out.repeat = lab.transformerLoss({ tokens: test.tokens, targets: split.repeat }, m.params).loss; },
    () => Object.assign(out, lab.headScores(test.tokens, lab.transformerForward(test.tokens, m.params).attention)),
  ];
  const measure = (m) => { const out = {}; measureJobs(m, out).forEach((job) => job()); return out; };
  const checkpoint = (two, one) => checkpoints.push({ step: updates, two, one,
    prev: bestOf(two.previousToken[0]), induction: bestOf(two.prefixMatch[1]), controlMatch: bestOf(one.prefixMatch[0]) });

  // The work of one update, in pieces of a few milliseconds each (a page
  // does some per frame): train each model on the same fresh batch; at a
  // checkpoint, measure each.
  let jobs = [];
  function plan() {
    const batch = makeBatch(trainRng, setting.B, setting);
    const train = (m) => () => {
      const r = lab.trainTransformer({ tokens: batch.tokens, targets: batch.targets }, m.params,
        { method: 'adam', lr: setting.lr, steps: 1, ...(m.state ? { state: m.state } : {}) });
      m.params = r.params;
      m.state = r.state;
    };
    jobs = [train(models.two), train(models.one), () => { updates++; }];
    if ((updates + 1) % setting.every === 0) {
      const two = {}, one = {};
      jobs.push(...measureJobs(models.two, two), ...measureJobs(models.one, one), () => checkpoint(two, one));
    }
  }
  // One piece; the update it belongs to is done when `pending` is false.
  function step() {
    if (!jobs.length) plan();
    jobs.shift()();
  }
  // One whole update (every piece of it).
  function advance() { do step(); while (jobs.length); }

  checkpoint(measure(models.two), measure(models.one));
  return {
    test, split, checkpoints,
    get updates() { return updates; },
    done: () => updates >= setting.steps,
    get pending() { return jobs.length > 0; },
    advance, step,
  };
}
