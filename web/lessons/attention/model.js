// What the attention lesson computes, once per change (runtime/store.js):
// - run: the single head the step player walks through. From the sentence,
//   Q = X W_Q, K = X W_K, V = X W_V and the pipeline (lab.selfAttention);
//   from typed numbers, the pipeline of Q, K, V (lab.attention).
// - scale: the √dₖ demonstration (scaling.js), scaled and unscaled.
// - multi: the multi-head part (multihead.js), lab.multiHeadAttention.
// sent, num and numbers are set by the input panel (input-panel.js) before
// the first draw; until then nothing is computed.
import { scaleInputs } from './scale-inputs.js';
import { HEADS, outputMatrix } from './sentence.js';

export const deriveAttention = (lab) => ({
  run: {
    from: ['numbers', 'sent', 'num', 'causal'],
    compute: ({ numbers, sent, num, causal }) => {
      if (!sent) return null;
      const options = { causal };
      if (numbers) return { ...lab.attention(num.Q, num.K, num.V, options), Q: num.Q, K: num.K, V: num.V };
      return lab.selfAttention(sent.X, sent.Wq, sent.Wk, sent.Wv, options);
    },
  },
  scale: {
    from: ['sent', 'seed', 'sdk'],
    compute: ({ sent, seed, sdk }) => {
      if (!sent) return null;
      const { Q, K } = scaleInputs(seed, sent.tokens.length, sdk);
      const s = lab.attention(Q, K, K);
      const raw = lab.attention(Q, K, K, { scale: 1 });
      const rows = s.weights.map((w, i) => [lab.entropy(w), Math.max(...w), lab.entropy(raw.weights[i]), Math.max(...raw.weights[i])]);
      return { Q, K, s, raw, rows, hmax: lab.entropy(sent.tokens.map(() => 1 / sent.tokens.length)) };
    },
  },
  multi: {
    from: ['sent', 'causal', 'heads'],
    compute: ({ sent, causal, heads }) => {
      if (!sent) return null;
      const hs = HEADS.slice(0, heads).map(({ Wq, Wk, Wv }) => ({ Wq, Wk, Wv }));
      const Wo = outputMatrix(heads);
      const inputs = { X: sent.X, heads: hs, Wo, options: { causal } };
      return { inputs, r: lab.multiHeadAttention(sent.X, hs, Wo, { causal }) };
    },
  },
});
