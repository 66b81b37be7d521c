// Lesson "The cost of attention": full O(n²d), sparse O(n·w·d) and low-rank
// O(n·r·d) attention: analytic counts from the core (complexity-counts.js),
// the same three timed live in the browser (complexity-timing.js), and the
// memory of the n x n matrix against what the tab can hold
// (complexity-memory.js). Inputs d, w, r live in the URL.
import { h } from '../../core/dom.js';
import { prose, select, fmtTex } from '../shared/kit.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createCountsPart } from './counts.js';
import { createTimingPart } from './timing.js';
import { createMemoryPart } from './memory.js';
import { createBarChart } from '../../plots/bar-chart.js';
import { KINDS, KIND_CLASS, kindOptions } from './kinds.js';

// Flops as 1.2 G: the bar labels must fit their bars.
const fmtFlops = (v) => { const e = Math.floor(Math.log10(v) / 3); const u = ['', 'k', 'M', 'G', 'T', 'P'][Math.min(5, Math.max(0, e))]; return `${fmt(v / 1000 ** Math.min(5, Math.max(0, e)), 3)} ${u}`.trim(); };
const D_OPTIONS = [8, 16, 32, 64, 128, 256];
const W_OPTIONS = [1, 4, 16, 64, 256];
const R_OPTIONS = [8, 16, 32, 64, 128, 256];

export default {
  id: 'complexity',
  mount(el, ctx) {
    const { t } = ctx;
    const p = { d: ctx.values.d, w: ctx.values.w, r: ctx.values.r };
    const opts = (list, v) => [...new Set([...list, v])].sort((a, b) => a - b).map((x) => [String(x), String(x)]);
    const mk = (key, list) => select({ label: t(`${key}Label`), value: String(p[key]), options: opts(list, p[key]),
      onChange: (v) => { p[key] = Number(v); ctx.setValues({ [key]: p[key] }); update(); } });
    const controls = h('div', { class: 'panel cx-controls' },
      h('div', { class: 'controls' }, mk('d', D_OPTIONS).el, mk('w', W_OPTIONS).el, mk('r', R_OPTIONS).el),
      h('p', { class: 'note' }, t('controlsNote')));
    const counts = createCountsPart(ctx);
    const timing = createTimingPart(ctx);
    const memory = createMemoryPart(ctx);
    // The three costs side by side, one step each, at n = 4096 (from the core).
    const N = 4096;
    const cost = (kind) => ctx.lab.attentionCost(N, p.d, { kind, window: p.w, rank: p.r });
    const player = createStepPlayer({
      t, initial: ctx.step,
      steps: [
        { id: 'full', title: t('st1.title'), text: t('st1.text'),
          formula: () => `\\underbrace{QK^\\top}_{n\\times n}:\\ O(n^2 d)\\quad n=${N},\\ d=${p.d}:\\ ${fmtTex(cost('full').flops, 3)}\\ \\text{flops}` },
        { id: 'sparse', title: t('st2.title'), text: t('st2.text'),
          formula: () => `O(n\\,(2w+1)\\,d)\\quad w=${p.w}:\\ ${fmtTex(cost('sparse').flops, 3)}\\ \\text{flops}` },
        { id: 'lowRank', title: t('st3.title'), text: t('st3.text'),
          formula: () => `O(n\\,r\\,d)\\quad r=${p.r}:\\ ${fmtTex(cost('lowRank').flops, 3)}\\ \\text{flops}` },
      ],
      onStep: (i) => { ctx.setStep(i); drawStep(); },
    });
    // Beside the steps: the three costs at n = 4096 on a log scale, the
    // current step's kind in full colour, the others faded.
    const stepBars = createBarChart({ ariaLabel: t('stepFigure', { n: N }), yLabel: t('flopsAxis'), height: 230, minWidth: 260,
      margin: { left: 54, right: 10, top: 18, bottom: 30 }, y: { scale: 'log' } });
    const stepFig = h('div', { class: 'cx-step-fig' }, h('h3', { class: 'h-small' }, t('stepFigure', { n: N })), stepBars.el);
    function drawStep() {
      const now = KINDS[player.index];
      const c = KINDS.map((kind) => ctx.lab.attentionCost(N, p.d, kindOptions(kind, p)));
      stepBars.set({
        items: KINDS.map((kind, i) => ({ label: t(`kind.${kind}`), bars: [{ value: c[i].flops, className: `${KIND_CLASS[kind]} ${kind === now ? 'cx-now' : 'cx-faded'}`,
          title: `${t(`kind.${kind}`)}: ${fmtFlops(c[i].flops)}` }] })),
        format: (v) => fmtFlops(v),
      });
    }

    player.el.removeAttribute('data-ex');  // the exercise goes after the player and its figure (the row)
    el.append(
      prose(t('intro1'), t('intro2')),
      controls,
      h('div', { class: 'row cx-step-row', 'data-ex': 'steps' }, player.el, stepFig),
      h('h2', {}, t('countsHeading')),
      h('div', { 'data-ex': 'counts-text' }, prose(t('countsText1'), t('countsText2'))),
      h('div', { 'data-ex': 'counts' }, counts.el),
      h('h2', {}, t('timeHeading')),
      prose(t('timeText1'), t('timeText2')),
      timing.el,
      h('h2', {}, t('memHeading')),
      prose(t('memText1'), t('memText2')),
      h('div', { 'data-ex': 'memory' }, memory.el),
      h('h2', {}, t('chapterHeading')),
      h('div', { 'data-ex': 'chapter' }, prose(t('chapter1'), t('chapter2'))),
    );

    function update() {
      counts.update(p);
      timing.update(p);
      memory.update(p);
      player.refresh();
      drawStep();
    }
    update();
    return { destroy: () => { timing.destroy(); player.destroy(); } };
  },
};
