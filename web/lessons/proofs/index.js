// Lesson "Proofs and asymptotics": softmax is Lipschitz with constant
// 1/(2T) in the 2-norm (two draggable logit vectors, the Jacobian's spectral
// norm along the segment between them, a proof sketch, and a random search
// in the core that approaches but never crosses the bound); then attention
// over n random keys as n grows: weights and their entropy (law of large
// numbers) and the output's fluctuations (a central-limit approximation,
// and where it breaks). Every number comes from the core (lab.softmax,
// lipschitzRatio, lipschitzBound, jacobianSpectralNorm, lipschitzSearch,
// attention, entropy, dot, moments); the parts live in proofs-*.js.
import { h } from '../../core/dom.js';
import { besidePlayer, partStepPlayer, prose } from '../shared/kit.js';
import { createLipschitzSection, fit } from './lipschitz.js';
import { createProofSketch } from './sketch.js';
import { createSearchSection } from './search.js';
import { createAsymptoticsSection, nearestN } from './asymptotics.js';
import { createCltSection } from './clt.js';
import { PARTS, stepFormula } from './steps.js';

const round4 = (x) => Math.round(x * 1e4) / 1e4;
const clampZ = (v) => v.map((x) => Math.min(50, Math.max(-50, round4(x))));

export default {
  id: 'proofs',
  mount(el, ctx) {
    const { lab, t } = ctx;
    const v = ctx.values;
    const st = {
      z: v.z.slice(), zp: fit(v.zp, v.z.length), T: v.T, sn: Number(v.sn), spread: v.spread, sseed: v.sseed,
      sigma: v.sigma, n: nearestN(v.n), vals: v.vals, seed: v.seed, lang: ctx.lang,
    };
    const res = { lip: null, search: null, asym: null };

    const lip = createLipschitzSection({ lab, t, onChange: (p) => change(p) });
    const sketch = createProofSketch({ t });
    const search = createSearchSection({
      lab, t, onChange: (p) => change(p),
      onDone: (r) => { res.search = r; player.refresh(); },
      onUseBest: (z1, z2) => { change({ z: clampZ(z1), zp: clampZ(z2) }); lip.el.scrollIntoView({ block: 'start' }); },
    });
    const asym = createAsymptoticsSection({ lab, t, onChange: (p) => change(p) });
    const clt = createCltSection({ lab, t });
    const player = partStepPlayer({ ctx, root: el, parts: PARTS, formula: (id) => stepFormula(id, { res, t }) });

    el.append(
      prose(t('intro1'), t('intro2')),
      besidePlayer(player, h('h2', {}, t('stepsHeading')),
      h('h2', {}, t('lipHeading')),
      prose(t('lipText1'), t('lipText2')),
      h('div', { 'data-ex': 'lipschitz' }, lip.el),
      h('h2', {}, t('proofHeading')),
      prose(t('proofText')),
      h('div', { 'data-ex': 'proof' }, sketch.el),
      h('div', { 'data-ex': 'caveat' }, prose(t('attentionCaveat'))),
      h('h2', {}, t('searchHeading')),
      prose(t('searchText1'), t('searchText2')),
      h('div', { 'data-ex': 'search' }, search.el),
      h('h2', {}, t('asymHeading')),
      prose(t('asymText1'), t('asymText2'), t('asymText3')),
      asym.el,
      h('h2', {}, t('cltHeading')),
      prose(t('cltText1'), t('cltText2')),
      h('div', { 'data-ex': 'clt' }, clt.el),
      prose(t('chapterNote'))),
    );

    function change(patch) {
      const p = { ...patch };
      if (p.z && !p.zp && p.z.length !== st.zp.length) p.zp = fit(st.zp, p.z.length);
      if (p.zp && !p.z && p.zp.length !== st.z.length) p.z = fit(st.z, p.zp.length);
      Object.assign(st, p);
      ctx.setValues({ ...p, ...(p.sn !== undefined ? { sn: String(p.sn) } : {}) });
      const any = (...ks) => Object.keys(p).some((k) => ks.includes(k));
      render({ lip: any('z', 'zp', 'T'), search: any('T', 'sn', 'spread', 'sseed'), asym: any('sigma', 'n', 'vals', 'seed') });
    }

    function render({ lip: doLip = true, search: doSearch = true, asym: doAsym = true } = {}) {
      if (doLip) res.lip = lip.update(st);
      if (doSearch) res.search = search.update(st);
      if (doAsym) { res.asym = asym.update(st); clt.update(st, res.asym); }
      player.refresh();
      player.markActive();
    }

    render();
    return { destroy: () => { player.destroy(); search.destroy(); clt.destroy(); } };
  },
};
