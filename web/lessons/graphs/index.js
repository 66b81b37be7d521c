// Lesson "Graphs and graph attention": build a graph with the mouse or the
// keyboard (graphs-editor.js) and watch A, D, L = D - A and the Laplacian's
// eigenvalues follow (graphs-matrices.js); then graph attention, one node's
// update step by step and all nodes and heads at once (graphs-gat.js,
// graphs-heads.js); then transformer self-attention as attention on the
// complete graph (graphs-compare.js). State in the URL (params/graphs.js),
// the graph model in graphs-state.js. Every number comes from the core.
import { h } from '../../ui/dom.js';
import { texNode } from '../../math/tex.js';
import { drawWhenShown } from '../../layout/draw-later.js';
import { prose, toggle } from '../shared/kit.js';
import { graphFromValues, valuesFromGraph, adjacency, features, headWeights } from './state.js';
import { createEditor } from './editor.js';
import { createMatrices } from './matrices.js';
import { createGat } from './gat.js';
import { createCompare } from './compare.js';
import { createKarateTrain } from './karate-train.js';

const DEF_TEX = 'A_{ij} = \\begin{cases} 1 & (i,j) \\in E \\\\ 0 & \\text{otherwise} \\end{cases},\\qquad D_{ii} = \\sum_j A_{ij},\\qquad L = D - A';
const NORM_TEX = 'L_{\\mathrm{sym}} = D^{-1/2} L\\, D^{-1/2} = I - D^{-1/2} A\\, D^{-1/2}';
const GAT_TEX = '\\alpha_{ij} = \\operatorname{softmax}_{j \\in \\mathcal{N}(i)}\\Big(\\operatorname{LeakyReLU}\\big(a^{\\top}[\\,W x_i \\,\\Vert\\, W x_j\\,]\\big)\\Big),\\qquad h\'_i = \\sum_{j \\in \\mathcal{N}(i)} \\alpha_{ij}\\, W x_j';
const KEYS = [[['Tab'], 'keys.tab'], [['←', '→'], 'keys.move'], [['Enter'], 'keys.enter'], [['N'], 'keys.add'],
  [['C'], 'keys.connect'], [['E'], 'keys.edges'], [['Delete'], 'keys.delete']];

export default {
  id: 'graphs',
  mount(el, ctx) {
    const { lab, t } = ctx;
    const v = { ...ctx.values };
    let g = graphFromValues(v);
    let sel = Math.min(v.node, g.n) - 1;

    const editor = createEditor({ t, onGraph: (ng, s) => setGraph(ng, s), onSelect: (i) => select(i) });
    const matrices = createMatrices({ lab, t });
    const norm = toggle({ label: t('normalized'), checked: v.normalized, onChange: (x) => change({ normalized: x }) });
    const gat = createGat({
      lab, t, values: v, initialStep: ctx.step, onStep: (i) => ctx.setStep(i), onSelect: (i) => select(i),
      onNeighbour: (j) => { v.nb = j + 1; ctx.setValues({ nb: v.nb }); }, onChange: (p) => change(p),
    });
    const compare = createCompare({ lab, t, values: v, onChange: (p) => change(p), onSelect: (i) => select(i) });
    const karateTrain = createKarateTrain({ lab, t, values: v, onChange: (p) => { Object.assign(v, p); ctx.setValues(p); } });
    gat.el.dataset.ex = 'gat';
    compare.el.dataset.ex = 'compare';
    const karate = h('p', { class: 'note' }, t('karateNote'));
    const keys = h('ul', { class: 'gr-keys' }, ...KEYS.map(([ks, key]) => h('li', {},
      ...ks.flatMap((k, q) => [q ? ' ' : '', h('kbd', {}, k)]), ' ', t(key))));

    el.append(
      prose(t('intro1'), t('intro2')),
      texNode(DEF_TEX, true, 'div'),
      h('h2', {}, t('editorHeading')),
      prose(t('editorText')),
      h('div', { class: 'panel', 'data-ex': 'editor' },
        editor.presets, karate,
        h('div', { class: 'gr-stage' }, editor.drawing,
          h('div', { class: 'gr-right' }, h('div', { class: 'controls' }, norm.el), matrices.el))),
      h('h3', { class: 'h-small' }, t('howHeading')),
      prose(t('mouseText'), t('keysText')),
      keys,
      prose(t('matricesText1'), t('matricesText2')),
      texNode(NORM_TEX, true, 'div'),
      h('h2', {}, t('spectrumHeading')),
      h('div', { 'data-ex': 'spectrumText' }, prose(t('spectrumText1'), t('spectrumText2'))),
      h('div', { class: 'panel', 'data-ex': 'spectrum' }, matrices.spectrumEl),
      h('h2', {}, t('gatHeading')),
      prose(t('gatText1'), t('gatText2')),
      texNode(GAT_TEX, true, 'div'),
      prose(t('gatText3')),
      gat.el,
      h('h2', {}, t('ktHeading')),
      prose(t('ktText1'), t('ktText2')),
      karateTrain.el,
      h('h2', {}, t('cmpHeading')),
      prose(t('cmpText1'), t('cmpText2')),
      compare.el,
      h('h2', {}, t('summaryHeading')),
      prose(t('summary1'), t('summary2')),
    );

    function setGraph(ng, s) {
      g = ng;
      sel = Math.max(0, Math.min(s, g.n - 1));
      Object.assign(v, valuesFromGraph(g), { node: sel + 1, nb: 0 });
      ctx.setValues({ ...valuesFromGraph(g), node: v.node, nb: 0 });
      update();
    }

    function select(i) {
      if (i === sel) return;
      sel = i;
      v.node = i + 1;
      v.nb = 0;
      ctx.setValues({ node: v.node, nb: 0 });
      update();
    }

    function change(patch) {
      Object.assign(v, patch);
      ctx.setValues(patch);
      update();
    }

    // Each part is redrawn only when what it shows changed (g is replaced,
    // never changed in place: state.js): the LeakyReLU slope redrew the
    // editor, the matrices and the karate panel too, which it does not
    // touch (about half of that update's time).
    const shown = {};
    const stale = (part, deps) => {
      const was = shown[part];
      if (was && was.every((x, k) => x === deps[k])) return false;
      shown[part] = deps;
      return true;
    };
    function update() {
      const A = adjacency(g);
      karate.hidden = g.preset !== 'karate';
      if (stale('editor', [g, sel, v.normalized])) {
        const comps = matrices.update({ g, Amat: A, normalized: v.normalized, sel });
        editor.render({ g, sel, comps });
      }
      // The attention panels are drawn when in view (or when input pauses):
      // the slope slider sits above the panel it changes, the comparison is
      // further down.
      if (stale('gat', [g, sel, v.nb, v.seed, v.selfLoops, v.slope, v.heads, v.concat])) {
        const st = { g, A, sel, nb: v.nb - 1, seed: v.seed, selfLoops: v.selfLoops, slope: v.slope, heads: v.heads, concat: v.concat };
        drawWhenShown(gat.el, () => gat.update(st));
      }
      if (stale('compare', [g, sel, v.seed, v.selfLoops, v.slope, v.compare, v.gatOn, v.mask])) {
        const st = { g, A, X: features(v.seed, g.n), sel, seed: v.seed, selfLoops: v.selfLoops, slope: v.slope,
          head: headWeights(v.seed, 0), compare: v.compare, gatOn: v.gatOn, mask: v.mask };
        drawWhenShown(compare.el, () => compare.update(st));
      }
      if (stale('karate', [v.kseed, v.kstep])) drawWhenShown(karateTrain.el, () => karateTrain.update(v));
    }

    update();
    return { destroy: () => { gat.destroy(); karateTrain.destroy(); } };
  },
};
