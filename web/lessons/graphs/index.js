// Lesson "Graphs and graph attention": build a graph with the mouse or the
// keyboard (editor.js) and watch A, D, L = D - A (matrices.js) and the
// Laplacian's eigenvalues (spectrum.js) follow; then graph attention, one
// node's update step by step and all nodes and heads at once (gat.js,
// heads.js); the karate club trained live (karate-train.js); then
// transformer self-attention as attention on the complete graph
// (compare.js). State in the URL (params.js), the graph model in state.js,
// the values derived from it in model.js. Every number comes from the core.
import { h } from '../../ui/dom.js';
import { texNode } from '../../math/tex.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { derive } from './model.js';
import { editorSection } from './editor-panel.js';
import { spectrumSection } from './spectrum.js';
import { gatSection } from './gat.js';
import { karateSection } from './karate-train.js';
import { compareSection } from './compare.js';

const DEF_TEX = 'A_{ij} = \\begin{cases} 1 & (i,j) \\in E \\\\ 0 & \\text{otherwise} \\end{cases},\\qquad D_{ii} = \\sum_j A_{ij},\\qquad L = D - A';
const NORM_TEX = 'L_{\\mathrm{sym}} = D^{-1/2} L\\, D^{-1/2} = I - D^{-1/2} A\\, D^{-1/2}';
const GAT_TEX = '\\alpha_{ij} = \\operatorname{softmax}_{j \\in \\mathcal{N}(i)}\\Big(\\operatorname{LeakyReLU}\\big(a^{\\top}[\\,W x_i \\,\\Vert\\, W x_j\\,]\\big)\\Big),\\qquad h\'_i = \\sum_{j \\in \\mathcal{N}(i)} \\alpha_{ij}\\, W x_j';
const KEYS = [[['Tab'], 'keys.tab'], [['←', '→'], 'keys.move'], [['Enter'], 'keys.enter'], [['N'], 'keys.add'],
  [['C'], 'keys.connect'], [['E'], 'keys.edges'], [['Delete'], 'keys.delete']];

export default defineLesson({
  id: 'graphs',
  schema,
  state: { edited: null },  // the editor's last graph (model.js)
  derive,
  sections: [
    ({ t }) => ({ el: [prose(t('intro1'), t('intro2')), texNode(DEF_TEX, true, 'div'), h('h2', {}, t('editorHeading')), prose(t('editorText'))] }),
    editorSection,
    ({ t }) => ({ el: [
      h('h3', { class: 'h-small' }, t('howHeading')),
      prose(t('mouseText'), t('keysText')),
      h('ul', { class: 'gr-keys' }, ...KEYS.map(([ks, key]) => h('li', {}, ...ks.flatMap((k, q) => [q ? ' ' : '', h('kbd', {}, k)]), ' ', t(key)))),
      prose(t('matricesText1'), t('matricesText2')),
      texNode(NORM_TEX, true, 'div'),
      h('h2', {}, t('spectrumHeading')),
      h('div', { 'data-ex': 'spectrumText' }, prose(t('spectrumText1'), t('spectrumText2'))),
    ] }),
    spectrumSection,
    ({ t }) => ({ el: [h('h2', {}, t('gatHeading')), prose(t('gatText1'), t('gatText2')), texNode(GAT_TEX, true, 'div'), prose(t('gatText3'))] }),
    gatSection,
    ({ t }) => ({ el: [h('h2', {}, t('ktHeading')), prose(t('ktText1'), t('ktText2'))] }),
    karateSection,
    ({ t }) => ({ el: [h('h2', {}, t('cmpHeading')), prose(t('cmpText1'), t('cmpText2'))] }),
    compareSection,
    ({ t }) => ({ el: [h('h2', {}, t('summaryHeading')), prose(t('summary1'), t('summary2'))] }),
  ],
});
