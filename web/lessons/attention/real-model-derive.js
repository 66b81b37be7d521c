// What the real-model part of the attention lesson computes (runtime/store.js):
// - rmModel: the model in use, {lang, model, params}, set once its script
//   has loaded (real-model.js); null until the learner opens the part.
// - rmText: the learner's text per model ({en, 'zh-Hans'}).
// - rmRead: that text as the model reads it (real-model-text.js readText).
// - rmRun: the model on it: the patterns (transformerForward), the heads'
//   scores (headScores) and the loss with every head (transformerLoss). A
//   text that cannot be read keeps the last run: its drawing stays while
//   rmRead says why.
// - rmLoss: the loss without the head picked (rmPick, [layer, head]).
// - rmProbs: the next character's probabilities at temperature rmT (softmax).
import { readText, DEFAULT_TEXT } from './real-model-text.js';

export const REAL_MODEL_STATE = { rmModel: null, rmText: { ...DEFAULT_TEXT }, rmPick: [1, 0] };

const bits = (nats) => nats / Math.LN2;

export const deriveRealModel = (lab) => ({
  rmRead: {
    from: ['rmModel', 'rmText'],
    compute: ({ rmModel, rmText }) => (rmModel ? readText(rmModel.model, rmText[rmModel.lang]) : null),
  },
  rmRun: {
    from: ['rmModel', 'rmRead'],
    compute: (v) => {
      const { rmModel: m, rmRead: read } = v;
      if (!m || !read) return null;
      if (read.error) return v.rmRun;  // the last drawing stays
      const fwd = lab.transformerForward([read.tokens], m.params);
      const targets = [read.tokens.slice(1).concat([-1])];
      const loss = read.tokens.length > 1 ? bits(lab.transformerLoss({ tokens: [read.tokens], targets }, m.params).loss) : null;
      return { model: m.model, params: m.params, read, fwd, targets, loss, scores: lab.headScores([read.tokens], fwd.attention) };
    },
  },
  rmLoss: {
    from: ['rmRun', 'rmPick'],
    compute: ({ rmRun: r, rmPick }) => {
      if (!r || r.loss === null) return null;
      const without = bits(lab.transformerLoss({ tokens: [r.read.tokens], targets: r.targets }, r.params, { ablate: [rmPick] }).loss);
      return { all: r.loss, without, change: without - r.loss };
    },
  },
  rmProbs: {
    from: ['rmRun', 'rmT'],
    compute: ({ rmRun: r, rmT }) => {
      if (!r) return null;
      const logits = r.fwd.logits[0];
      return lab.softmax(logits[logits.length - 1], { temperature: rmT });
    },
  },
});
