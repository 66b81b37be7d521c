// The losses of the three runs on a log scale (symlog on the saddle, where
// f goes negative), the step shown as a vertical line, and the status table
// of how each run ended (status.js). A demo of a rate too large asks for
// the verdict (askVerdict): the table is brought into view and focused.
import { h } from '../../ui/dom.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { pow10Label } from '../../plots/svg.js';
import { METHODS, TOGGLE, PRESETS } from './problems.js';
import { createStatus } from './status.js';

export function lossSection({ t, lab, values }) {
  const chart = createXyChart({ ariaLabel: t('lossFigure'), xLabel: t('stepAxis'), yLabel: 'f(xₖ)', width: 640, height: 230, margin: { left: 58, right: 14, top: 10 } });
  const scaleNote = h('p', { class: 'note' });
  const status = createStatus({ t });
  let asked = values.askVerdict;
  return {
    el: h('div', { class: 'panel' }, chart.el, scaleNote, status.el),
    // Far below the controls: drawn when in view, or when the learner pauses a drag.
    later: true,
    reads: ['runs', 'at', 'steps', 'problem', 'askVerdict', ...Object.values(TOGGLE)],
    draw(v) {
      if (!v.runs) return;
      const log = v.problem !== 'saddle';
      const { yTicks } = chart.set({
        series: METHODS.filter((m) => v[TOGGLE[m]]).map((m) => ({ points: v.runs[m].loss.map((y, i) => [i, y]), className: `m-${m}`, label: t(`m.${m}.name`) })),
        yScale: log ? 'log' : 'symlog', vlines: [{ x: v.at }], xDomain: [0, v.steps],
      });
      // The caption names the factor between the labelled lines (10, 10³, 10²⁰ ...).
      const decades = yTicks.length > 1 ? Math.round(Math.log10(yTicks[1] / yTicks[0])) : 1;
      scaleNote.textContent = log ? t('scaleLog', { factor: pow10Label(decades) }) : t('scaleSymlog');
      status.set({ runs: v.runs, values: v, lab });
      if (v.askVerdict === asked) return;
      asked = v.askVerdict;
      status.el.scrollIntoView({ block: 'center' });
      status.el.focus({ preventScroll: true });
    },
  };
}

// Buttons that put a learning rate too large, and a safe one, on the bowl.
export function rateDemos({ t, values, set }) {
  const demo = ({ lr, steps }) => set({ problem: 'quadratic', kappa: 10, x0: PRESETS.quadratic.x0, lr, steps, gd: true, askVerdict: values.askVerdict + 1 });
  return {
    el: h('div', { class: 'controls', 'data-ex': 'rate' },
      h('button', { type: 'button', class: 'btn', onclick: () => demo({ lr: 0.5, steps: 300 }) }, t('tooLarge')),
      h('button', { type: 'button', class: 'btn', onclick: () => demo({ lr: 0.15, steps: 100 }) }, t('safeAgain'))),
  };
}
