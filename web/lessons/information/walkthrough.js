// The lesson's parts beside its step player (shared besidePlayer): the
// parts stand inside the player's column, so together they are one
// section; a part is drawn when what it reads changes, and the player's
// formula and its active panel follow every redraw.
import { h } from '../../ui/dom.js';
import { besidePlayer, partStepPlayer } from '../shared/kit.js';
import { PARTS, stepFormula } from './steps.js';

// parts: sections (builders), in page order.
export function walkthrough(parts) {
  return (api) => {
    const { t, values } = api;
    const built = parts.map((p) => p(api));
    let el = null;
    // The player finds its panels in el (made below, with the player in it).
    const root = { querySelector: (s) => el.querySelector(s), querySelectorAll: (s) => el.querySelectorAll(s) };
    const player = partStepPlayer({ ctx: { t, step: api.initialStep, setStep: api.setStep }, root,
      parts: PARTS, formula: (id) => stepFormula(id, { st: { P: values.pq.P, unit: values.unit }, res: values }) });
    el = besidePlayer(player, h('h2', {}, t('stepsHeading')), ...built.flatMap((p) => [].concat(p.el)));
    const drawn = built.filter((p) => p.draw);
    return {
      el,
      reads: [...new Set(drawn.flatMap((p) => p.reads))],
      draw(v, changed) {
        for (const p of drawn) if (!changed || p.reads.some((k) => changed.has(k))) p.draw(v, changed);
        player.refresh();
        player.markActive();
      },
      destroy: () => player.destroy(),
    };
  };
}
