// One training step, walked through: each step of the player marks the
// panel it explains (data-part), and the loss step quotes the run's loss at
// the update shown.
import { partStepPlayer, fmtTex } from '../shared/kit.js';

const PARTS = { embed: ['embed'], attend: ['attend'], loss: ['loss'], grad: ['grad'], methods: ['methods'], meaning: ['meaning'] };

function stepFormula(id, { run, k }, t) {
  k = run ? Math.min(k, run.loss.length - 1) : 0;
  switch (id) {
    case 'embed': return 'x_i = \\big[\\, e_{\\text{token}(i)} \\;\\Vert\\; e_{i} \\,\\big] \\in \\{0, 1\\}^{V + n}';
    case 'attend': return 'H = \\operatorname{softmax}\\!\\Big(\\tfrac{(X W_Q)(X W_K)^{\\top}}{\\sqrt{d_k}} + M_{\\text{causal}}\\Big)\\, X W_V,\\qquad \\text{logits} = H\\, W_O';
    case 'loss': return run ? `L = -\\tfrac{1}{Bn} \\sum_{b,i} \\log p_{b,i}\\big[y_{b,i}\\big] = ${fmtTex(run.loss[k], 4)}\\quad (\\text{${t('afterUpdates', { k })}})` : 'L';
    case 'grad': return '\\frac{\\partial L}{\\partial\\, \\text{logits}} = \\frac{p - y}{Bn},\\quad \\frac{\\partial L}{\\partial W_O} = H^{\\top} \\frac{\\partial L}{\\partial\\, \\text{logits}},\\ \\dots';
    case 'methods': return 'm_t = \\beta_1 m_{t-1} + (1 - \\beta_1) g_t,\\quad v_t = \\beta_2 v_{t-1} + (1 - \\beta_2) g_t^2,\\quad \\theta_t = \\theta_{t-1} - \\eta\\, \\frac{\\hat m_t}{\\sqrt{\\hat v_t} + \\epsilon}';
    default: return '(W_Q W_K^{\\top})_{ij}\\ \\text{large where}\\ j = i - 1';
  }
}

export function stepsSection({ t, values, initialStep, setStep }) {
  // The panels are the lesson's, found when a step is shown: the player's parent is the lesson's body.
  const lesson = () => player.el.parentNode || player.el;
  const root = { querySelector: (s) => lesson().querySelector(s), querySelectorAll: (s) => lesson().querySelectorAll(s) };
  const player = partStepPlayer({ ctx: { t, step: initialStep, setStep }, root, parts: PARTS, formula: (id) => stepFormula(id, values, t) });
  return {
    el: player.el,
    reads: ['run', 'k', 'trained'],
    draw() {
      player.refresh();
      player.markActive();
    },
    destroy: () => player.destroy(),
  };
}
