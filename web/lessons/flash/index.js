// Lesson "Attention at scale: exact and approximate": online softmax
// (online.js), FlashAttention's tiles with their running m, l and O
// (tiles.js), the memory traffic that tiling saves (traffic.js), what low
// precision does to softmax and to the running sum (precision.js), and
// linear attention's two orders of multiplication (linear.js). Every number
// comes from the core.
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { demoQkv } from './demo.js';
import { onlineSection } from './online.js';
import { tilesSection } from './tiles.js';
import { trafficSection, trafficAt, paperCounts } from './traffic.js';
import { precisionSection, sumSection, roundedSoftmax, longSum } from './precision.js';
import { linearSection } from './linear.js';

const tiledOf = (lab, { n, br, bc, causal, block }) => {
  const { Q, K, V } = demoQkv(n);
  return lab.tiledAttention(Q, K, V, { blockRows: br, blockCols: bc, causal, traceBlock: Math.min(block, Math.ceil(n / br)) - 1 });
};
const standardOf = (lab, { n, causal }) => { const { Q, K, V } = demoQkv(n); return lab.attention(Q, K, V, { causal }); };
const linearOf = (lab, { n, causal }) => { const { Q, K, V } = demoQkv(n); return lab.linearAttention(Q, K, V, { causal }); };

const heading = (key, ...paras) => ({ t }) => ({ el: [h('h2', {}, t(key)), prose(...paras.map((p) => t(p)))] });

export default defineLesson({
  id: 'flash',
  schema,
  derive: (lab) => ({
    online: { from: ['z'], compute: ({ z }) => lab.onlineSoftmax(z) },
    exact: { from: ['z'], compute: ({ z }) => lab.softmax(z) },
    tiled: { from: ['n', 'br', 'bc', 'causal', 'block'], compute: (p) => tiledOf(lab, p) },
    standard: { from: ['n', 'causal'], compute: (p) => standardOf(lab, p) },
    linear: { from: ['n', 'causal'], compute: (p) => linearOf(lab, p) },
    traffic: { from: ['N', 'hd', 'M'], compute: (p) => trafficAt(lab, p) },
    paper: { from: ['M'], compute: (p) => paperCounts(lab, p) },
    rounded: { from: ['pz', 'format'], compute: (p) => roundedSoftmax(lab, p) },
    longSum: { from: ['len', 'sumFormat'], compute: (p) => longSum(lab, p) },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    heading('onlineHeading', 'onlineText'),
    onlineSection,
    heading('tilesHeading', 'tilesText1', 'tilesText2'),
    tilesSection,
    heading('trafficHeading', 'trafficText1', 'trafficText2'),
    trafficSection,
    heading('precisionHeading', 'precisionText1', 'precisionText2'),
    precisionSection,
    heading('sumHeading', 'sumText'),
    sumSection,
    heading('linearHeading', 'linearText1', 'linearText2'),
    linearSection,
    ({ t }) => ({ el: [h('h2', {}, t('summaryHeading')), h('div', { 'data-ex': 'summary' }, prose(t('summary1'), t('summary2')))] }),
  ],
});
