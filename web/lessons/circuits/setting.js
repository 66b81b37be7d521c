// The lesson's model and task (scripts/probes/induction.py measured them:
// scripts/probes/README.md). Small enough to train live in a browser; the
// repeat's length and offset vary, so that position alone cannot predict
// the repeat (a 1-layer model can then not solve it); a fresh batch every
// update, so that the model cannot memorize its data.
export const SETTING = {
  V: 32, n: 20, Lmin: 7, Lmax: 10,     // vocabulary, sequence length, the repeated segment's length
  d: 16, dh: 8, H: 1,                   // model width, head width, heads per layer (2 layers)
  init: 0.5, initW: 0.5,                // uniform(-s, s) starting values: embeddings, head matrices
  B: 48, lr: 0.025, steps: 600,         // batch per update, Adam's learning rate, updates in a run
  Btest: 64, every: 25,                 // held-out sequences; a checkpoint every 25 updates
};
// Every seed 1-9 forms the pair by update 350 (layer 2's prefix-match > 0.4);
// the 1-layer control's stays under 0.26 (scripts/probes/README.md).
export const HEADS = Array.from({ length: 2 * SETTING.H }, (_, k) => `${1 + Math.floor(k / SETTING.H)}.${1 + (k % SETTING.H)}`);

// Tokens are shown as letters and digits (32 of them).
export const TOKEN_NAMES = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'.split('');
export const tokenName = (k) => TOKEN_NAMES[k];
