// Lesson "Entropy, KL divergence and mutual information": the entropy of
// an editable distribution against its bounds 0 and log n; KL(P || Q) and
// KL(Q || P) side by side (asymmetric, infinite where Q rules out what P
// allows); cross-entropy = H(P) + KL(P || Q); mutual information of an
// editable joint table computed both ways, and 0 for independent variables;
// the entropy of each row of an attention matrix as the temperature moves.
// Every number comes from the core (lab.entropy, klDivergence,
// crossEntropy, conditional, conditionalEntropy, mutualInformation,
// attention); the parts live in information-*.js.
import { h } from '../../core/dom.js';
import { besidePlayer, partStepPlayer, prose } from '../shared/kit.js';
import { normalize, resize, uniform } from './dist.js';
import { createEntropySection } from './entropy.js';
import { createKlSection } from './kl.js';
import { createMiSection, normalizeJoint } from './mi.js';
import { createAttentionSection } from './attention.js';
import { PARTS, stepFormula } from './steps.js';
import PARAMS from './params.js';

export default {
  id: 'information',
  mount(el, ctx) {
    const { lab, t } = ctx;
    const st = initialState(ctx.values);
    const res = { ent: null, kl: null, mi: null, att: null };

    const entropy = createEntropySection({ lab, t, onChange: (p) => change(p) });
    const kl = createKlSection({ lab, t });
    const mi = createMiSection({ lab, t, onChange: (p) => change(p) });
    const att = createAttentionSection({ lab, t, onChange: (p) => change(p) });
    entropy.el.dataset.ex = 'entropy';
    kl.el.dataset.ex = 'ce';
    att.el.dataset.ex = 'attention';
    const player = partStepPlayer({ ctx, root: el, parts: PARTS, formula: (id) => stepFormula(id, { st, res, t }) });

    el.append(
      prose(t('intro1'), t('intro2')),
      besidePlayer(player, h('h2', {}, t('stepsHeading')),
      h('h2', {}, t('entropyHeading')),
      prose(t('entropyText1'), t('entropyText2')),
      entropy.el,
      h('div', { 'data-ex': 'bounds' }, prose(t('boundsText'))),
      h('h2', {}, t('klHeading')),
      prose(t('klText1'), t('klText2')),
      kl.el,
      h('h2', {}, t('miHeading')),
      prose(t('miText1'), t('miText2')),
      mi.el,
      h('h2', {}, t('attHeading')),
      prose(t('attText1'), t('attText2')),
      att.el,
      prose(t('attText3'), t('chapterNote'))),
    );

    // A change touches only the parts that depend on it.
    function change(patch) {
      const p = { ...patch };
      if (p.n !== undefined) { p.P = resize(st.P, p.n); p.Q = resize(st.Q, p.n); delete p.n; }
      if (p.P && p.P.length !== st.Q.length && !p.Q) p.Q = resize(st.Q, p.P.length);
      if (p.Q && p.Q.length !== (p.P || st.P).length) p.P = resize(st.P, p.Q.length);
      Object.assign(st, p);
      ctx.setValues(forUrl(p));
      const keys = Object.keys(p);
      const any = (...ks) => keys.some((k) => ks.includes(k));
      render({ dist: any('P', 'Q', 'unit'), mi: any('joint', 'unit'), att: any('T', 'seed', 'tokens', 'unit') });
    }

    function render({ dist = true, mi: doMi = true, att: doAtt = true } = {}) {
      if (dist) { res.ent = entropy.update(st); res.kl = kl.update(st, res.ent); }
      if (doMi) res.mi = mi.update(st);
      if (doAtt) res.att = att.update(st);
      player.refresh();
      player.markActive();
    }

    render();
    return { destroy: () => player.destroy() };
  },
};

// Short links: probabilities rounded to 8 significant digits (they are
// renormalized when read back, and every number shown is computed from the
// exact values in use).
const r8 = (x) => Number(x.toPrecision(8));
function forUrl(p) {
  const out = { ...p };
  for (const k of ['P', 'Q']) if (out[k]) out[k] = out[k].map(r8);
  if (out.joint) out.joint = out.joint.map((row) => row.map(r8));
  return out;
}

// The URL's values made consistent: distributions normalized, P and Q of
// the same length, the joint table at least 2 x 2 and not all zero.
function initialState(v) {
  const d = PARAMS.params;
  let P = normalize(v.P) || d.P.default.slice();
  let Q = normalize(v.Q) || uniform(P.length);
  if (Q.length !== P.length) Q = resize(Q, P.length);
  let joint = v.joint && normalizeJoint(v.joint) ? v.joint : d.joint.default.map((r) => r.slice());
  if (joint.length < 2 || joint[0].length < 2) joint = d.joint.default.map((r) => r.slice());
  return { P, Q, unit: v.unit, joint, T: v.T, seed: v.seed, tokens: v.tokens };
}
