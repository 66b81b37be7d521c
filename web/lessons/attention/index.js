// Lesson "Scaled dot-product attention": Q K^T -> / sqrt(d_k) -> mask ->
// softmax -> x V, each step a matrix from the core (lab.attention), the
// arithmetic of any cell on hover/focus, the weights heatmap with exports,
// and multi-head attention.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { downloadMatrix, downloadPng, downloadSvg } from '../../core/export.js';
import { prose, toggle, guard, errorSlot, fmtTex } from '../shared/kit.js';
import { initialInputs, createEditors } from './inputs.js';
import { seeded, sizeSelect } from '../shared/inputs.js';
import { explainCell } from './arith.js';
import { createMultiHead } from './multihead.js';

const STEPS = ['scores', 'scale', 'mask', 'softmax', 'output', 'heatmap'];
const VIEW_OF_STEP = { scores: 'scores', scale: 'scaled', mask: 'scaled', softmax: 'weights', output: 'output', heatmap: 'weights' };

export default {
  id: 'attention',
  mount(el, ctx) {
    const { lab, t } = ctx;
    let { n, dk, dv, seed, causal } = ctx.values;
    let { Q, K, V } = initialInputs(ctx.values);
    let r = null;
    let focus = { name: 'output', i: 0, j: 0 };
    const scale = () => 1 / Math.sqrt(dk);

    const err = errorSlot();
    const editors = createEditors(t, (name, m) => { ({ Q, K, V } = { Q, K, V, [name]: m }); save(); update(); });
    const seedInput = h('input', { type: 'number', min: '0', max: '999999', value: String(seed), 'aria-label': t('common.seed'), class: 'seed' });
    seedInput.addEventListener('change', () => {
      const s = Number(seedInput.value);
      if (Number.isInteger(s) && s >= 0 && s <= 999999) { seed = s; regenerate(); } else seedInput.value = String(seed);
    });
    const randomize = h('button', { type: 'button', class: 'btn', onclick: () => { seed = (seed + 1) % 1000000; seedInput.value = String(seed); regenerate(); } }, t('common.randomize'));
    const causalToggle = toggle({ label: t('causal'), checked: causal, onChange: (v) => { causal = v; save(); update(); multi.render({ n, seed, causal }); } });

    const views = {};
    const panels = {};
    for (const name of ['scores', 'scaled', 'weights', 'output']) {
      views[name] = createMatrixView({
        caption: t(`view.${name}`), name, color: name === 'weights' ? 'weights' : 'signed', digits: 3,
        rowLabel: (i) => `${t('common.query')} ${i + 1}`, colLabel: (j) => (name === 'output' ? `d${j + 1}` : `${t('common.key')} ${j + 1}`),
        onCell: (i, j) => { focus = { name, i, j }; explain(); },
      });
      panels[name] = h('div', { class: 'panel pipeline-panel' }, views[name].el);
    }
    const arith = h('pre', { class: 'arith', 'aria-live': 'polite', 'aria-label': t('arithLabel') });
    const heatmap = createHeatmap({ title: t('heatmapTitle'), xLabel: t('common.keyPosition'), yLabel: t('common.queryPosition') });
    const exportName = h('select', { 'aria-label': t('exportWhich') },
      ...['Q', 'K', 'V', 'scores', 'scaled', 'weights', 'output'].map((m) => h('option', { value: m }, m)));
    const exportBtn = (fmtName) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadMatrix(`attention-${exportName.value}`, matrixByName(exportName.value), fmtName) }, t(`common.export${fmtName === 'csv' ? 'Csv' : 'Json'}`));

    const player = createStepPlayer({
      t, initial: ctx.step,
      steps: STEPS.map((id, k) => ({ id, title: t(`s${k + 1}.title`), text: t(`s${k + 1}.text`), formula: () => formula(id) })),
      onStep: (i) => { ctx.setStep(i); const v = VIEW_OF_STEP[STEPS[i]]; focus = { name: v, i: focus.i, j: v === 'output' ? Math.min(focus.j, dv - 1) : Math.min(focus.j, n - 1) }; markActive(); explain(); },
    });

    const multi = createMultiHead({ lab, t, heads: ctx.values.heads, onHeads: (k) => ctx.setValues({ heads: k }) });

    el.append(
      prose(t('intro1'), t('intro2')),
      h('div', { class: 'panel' },
        h('div', { class: 'controls' },
          sizeSelect(t('nLabel'), n, 1, 8, (v) => { n = v; regenerate(); }),
          sizeSelect(t('dkLabel'), dk, 1, 8, (v) => { dk = v; regenerate(); }),
          sizeSelect(t('dvLabel'), dv, 1, 8, (v) => { dv = v; regenerate(); }),
          h('label', {}, t('common.seed'), seedInput), randomize, causalToggle.el),
        h('p', { class: 'note' }, t('editHint')),
        h('div', { class: 'row' }, editors.Q.el, editors.K.el, editors.V.el), err),
      player.el,
      h('div', { class: 'pipeline', 'data-ex': 'pipeline' }, panels.scores, panels.scaled, panels.weights, panels.output),
      h('div', { class: 'panel', 'data-ex': 'arith' }, h('h2', { class: 'h-small' }, t('arithHeading')), arith, h('p', { class: 'note' }, t('arithHint'))),
      h('h2', {}, t('heatmapHeading')),
      prose(t('heatmapText')),
      h('div', { class: 'panel', 'data-ex': 'heatmap' }, heatmap.el,
        h('div', { class: 'controls' },
          h('span', {}, t('common.export')),
          h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadSvg('attention-weights', heatmap.svg) }, t('common.exportSvg')),
          h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadPng('attention-weights', heatmap.svg) }, t('common.exportPng')),
          h('label', {}, t('exportMatrix'), exportName), exportBtn('csv'), exportBtn('json'))),
      h('h2', {}, t('whyScaleHeading')),
      h('div', { 'data-ex': 'whyScale' }, prose(t('whyScale1'), t('whyScale2'))),
      h('h2', {}, t('mhHeading')),
      prose(t('mhText')),
      h('div', { class: 'panel' }, multi.el),
    );

    function matrixByName(name) {
      return ({ Q, K, V })[name] || (r ? r[name] : []);
    }

    function save() { ctx.setValues({ n, dk, dv, seed, causal, Q, K, V }); }

    function regenerate() {
      ({ Q, K, V } = seeded(seed, n, dk, dv));
      focus = { name: focus.name, i: 0, j: 0 };
      ctx.setValues({ n, dk, dv, seed, Q: null, K: null, V: null, causal });
      editors.Q.set(Q); editors.K.set(K); editors.V.set(V);
      update();
      multi.render({ n, seed, causal });
    }

    function update() {
      const options = { causal };
      window.__attnlabLesson = { Q, K, V, options };
      r = guard(err, t, () => lab.attention(Q, K, V, options));
      if (!r) { for (const v of Object.values(views)) v.set([]); return; }
      for (const [name, v] of Object.entries(views)) v.set(r[name]);
      heatmap.set(r.weights);
      markActive();
      explain();
    }

    function markActive() {
      const active = VIEW_OF_STEP[STEPS[player.index]];
      for (const [name, p] of Object.entries(panels)) p.classList.toggle('active', name === active);
    }

    function explain() {
      if (!r) { arith.textContent = ''; return; }
      const { name, i, j } = focus;
      const hl = name === 'output' ? { cells: [[i, j]], rows: [] } : { cells: [[i, j]] };
      for (const [k, v] of Object.entries(views)) v.mark(k === name ? hl : k === 'weights' && name === 'output' ? { rows: [i] } : null);
      heatmap.set(r.weights, { highlight: name === 'output' ? { rows: [i] } : { cells: [[i, j]] } });
      arith.textContent = explainCell(name, i, j, { Q, K, V, r, scale: scale(), t });
      player.refresh();
    }

    function formula(id) {
      if (!r) return '';
      const { i } = focus;
      const j = Math.min(focus.j, n - 1);
      const I = i + 1, J = j + 1;
      switch (id) {
        case 'scores': return `S = QK^\\top \\in \\mathbb{R}^{${n}\\times${n}},\\quad S_{${I}${J}} = q_{${I}}\\cdot k_{${J}} = ${fmtTex(r.scores[i][j])}`;
        case 'scale': return `\\tilde S = \\frac{S}{\\sqrt{d_k}} = \\frac{S}{\\sqrt{${dk}}},\\quad \\tilde S_{${I}${J}} = \\frac{${fmtTex(r.scores[i][j])}}{${fmtTex(Math.sqrt(dk))}} = ${fmtTex(r.scaled[i][j])}`;
        case 'mask': return causal
          ? `\\tilde S_{ij} = -\\infty \\ \\text{${t('forJgtI')}}\\ j > i \\quad(\\text{${t('causalShort')}})`
          : `\\text{${t('noMask')}}`;
        case 'softmax': return `\\alpha_{${I}j} = \\frac{\\exp(\\tilde S_{${I}j})}{\\sum_{k} \\exp(\\tilde S_{${I}k})},\\quad \\alpha_{${I}\\cdot} = \\begin{bmatrix}${r.weights[i].map((x) => fmtTex(x, 3)).join(' & ')}\\end{bmatrix},\\ \\sum_j \\alpha_{${I}j} = ${fmtTex(r.weights[i].reduce((a, b) => a + b, 0), 12)}`;
        case 'output': return `\\text{out}_{${I}} = \\sum_j \\alpha_{${I}j}\\, v_j = \\begin{bmatrix}${r.output[i].map((x) => fmtTex(x, 3)).join(' & ')}\\end{bmatrix}`;
        default: return `\\operatorname{Attention}(Q,K,V) = \\operatorname{softmax}\\!\\left(\\frac{QK^\\top}{\\sqrt{d_k}}\\right)V`;
      }
    }

    editors.Q.set(Q); editors.K.set(K); editors.V.set(V);
    update();
    multi.render({ n, seed, causal });
    return { destroy: () => { player.destroy(); delete window.__attnlabLesson; } };
  },
};

