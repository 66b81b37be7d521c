// Lesson "The cost of attention": full O(n²d), sparse O(n·w·d) and low-rank
// O(n·r·d) attention: analytic counts from the core (complexity-counts.js),
// the same three timed live in the browser (complexity-timing.js), and the
// memory of the n x n matrix against what the tab can hold
// (complexity-memory.js). Inputs d, w, r live in the URL.
import { h } from '../core/dom.js';
import { prose, select } from './kit.js';
import { createCountsPart } from './complexity-counts.js';
import { createTimingPart } from './complexity-timing.js';
import { createMemoryPart } from './complexity-memory.js';

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

    el.append(
      prose(t('intro1'), t('intro2')),
      controls,
      h('h2', {}, t('countsHeading')),
      prose(t('countsText1'), t('countsText2')),
      counts.el,
      h('h2', {}, t('timeHeading')),
      prose(t('timeText1'), t('timeText2')),
      timing.el,
      h('h2', {}, t('memHeading')),
      prose(t('memText1'), t('memText2')),
      memory.el,
      h('h2', {}, t('chapterHeading')),
      prose(t('chapter1'), t('chapter2')),
    );

    function update() {
      counts.update(p);
      timing.update(p);
      memory.update(p);
    }
    update();
    return { destroy: () => timing.destroy() };
  },
};
