// Part 1 of the svd lesson: a 2 x 2 matrix M the learner edits (or picks
// from presets), seen as rotate -> stretch -> rotate acting on the unit
// circle (circle-stages.js), a step of the player per stage. Stepping to
// a neighbouring stage morphs the curve there (layout/animate.js).
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createUnitCircle } from '../../plots/unit-circle.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { animate } from '../../layout/animate.js';
import { errorSlot } from '../shared/kit.js';
import { showError } from '../shared/error-box.js';
import { N_PTS, partial } from './circle-stages.js';
import { CSTEPS, circleFormula } from './circle-formula.js';
import PARAMS from './params.js';

const { min: LO, max: HI } = PARAMS.params.M;
const PRESETS = {
  shear: [[1, 1], [0, 1]],
  rotation: [[0.8, -0.6], [0.6, 0.8]],
  diagonal: [[2, 0], [0, 0.5]],
  reflection: [[0, 1], [1, 0]],
  rankOne: [[1, 2], [0.5, 1]],
};
const MOVE_MS = 550;
const ease = (u) => (u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u));  // in and out
const copy = (m) => m.map((row) => row.slice());

// Matrices the learner typed, kept within the bounds of M (params.js); the
// note says when an entry was changed.
function editorWithClamp(t, set) {
  const clampNote = h('p', { class: 'note', 'aria-live': 'polite' });
  const editor = createMatrixEditor({
    label: t('Mlabel'), t, onChange: (m) => {
      const c = m.map((row) => row.map((x) => Math.max(LO, Math.min(HI, x))));
      const clamped = c.some((row, i) => row.some((v, j) => v !== m[i][j]));
      if (clamped) editor.set(c);
      clampNote.textContent = clamped ? t('clampNote', { lim: HI }) : '';
      set({ M: c });
    },
  });
  const pick = (P) => { editor.set(P); clampNote.textContent = ''; set({ M: copy(P) }); };
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, P]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => pick(P) }, t(`preset.${k}`))));
  return { editor, clampNote, presets };
}

export function circleSection({ lab, t, values, set, setStep, initialStep, error }) {
  const { editor, clampNote, presets } = editorWithClamp(t, set);
  const err = errorSlot();
  const view = createUnitCircle({ ariaLabel: t('circleFigure'), size: 340 });
  const legend = h('ul', { class: 'lc-legend sv-legend' },
    h('li', { class: 'sv-c1' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), t('legendV1')),
    h('li', { class: 'sv-c2' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), t('legendV2')),
    h('li', { class: 'sv-ghostkey' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), t('legendGhost')));
  const facts = h('div', { class: 'sv-facts' });
  const jacobi = h('p', { class: 'note' });
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: CSTEPS.map((id) => ({ id, title: t(`c.${id}.title`), text: t(`c.${id}.text`), formula: () => (values.circle ? circleFormula(id, values.circle, t) : '') })),
    onStep: setStep,
  });
  let shownStep = player.index;  // the step the figure shows (or moves towards)
  let stop = () => {};           // stops a running move

  // The figure at the player's step; move: the curve part of the way from stage move.stage to the next.
  function drawFigure(move = null) {
    const c = values.circle;
    if (!c) { view.set({}); return; }
    const k = player.index;
    const stage = Math.min(k, 3);
    const pts = (P) => P[0].slice(0, N_PTS).map((x, i) => [x, P[1][i]]);
    const vecs = (P) => [[P[0][N_PTS], P[1][N_PTS]], [P[0][N_PTS + 1], P[1][N_PTS + 1]]];
    const names = [['v₁', 'v₂'], ['e₁', 'e₂'], ['σ₁e₁', 'σ₂e₂'], ['σ₁u₁', 'σ₂u₂']][stage];
    const P = move ? move.moving : c.stages[stage];
    const cur = vecs(P);
    // The ghost: the stage before (none on step 5, the whole map at once); while moving, the stage it left.
    const prev = move ? c.stages[move.stage] : stage > 0 && k < 4 ? c.stages[stage - 1] : null;
    const domain = Math.max(1.4, Math.ceil(c.sv.S[0] * 1.15 * 2) / 2);
    view.set({
      domain, curve: pts(P), ghost: prev ? pts(prev) : null,
      vectors: [{ v: cur[0], className: 'sv-c1', label: names[0] }, { v: cur[1], className: 'sv-c2', label: names[1] }],
      ghostVectors: prev ? vecs(prev).map((v, i) => ({ v, className: i ? 'sv-c2' : 'sv-c1' })) : [],
      description: t('circleDesc', { step: t(`c.${CSTEPS[k]}.title`) }),
    });
    legend.lastChild.hidden = !prev;  // CSS: .sv-legend li[hidden] keeps its place
  }

  // Steps 1 -> 2 -> 3 -> 4 (and back) move the curve from one stage to the
  // next; other jumps (and reduced motion) draw the step at once.
  function moveTo(k) {
    stop();
    const from = shownStep;
    shownStep = k;
    const c = values.circle;
    if (!c || Math.abs(k - from) !== 1 || Math.max(k, from) > 3) { drawFigure(); return; }
    const a = Math.min(k, from);  // the move is between stages a and a + 1
    stop = animate({ duration: MOVE_MS, frame: (u) => {
      if (u >= 1) { drawFigure(); return; }
      const s = k > from ? ease(u) : 1 - ease(u);
      drawFigure({ stage: a, moving: lab.matmul(partial(c, a, s), c.stages[a]) });
    } });
  }

  function drawFacts(c) {
    if (!c) { jacobi.textContent = ''; facts.replaceChildren(); return; }
    const rot = c.sv.sweeps.reduce((acc, sw) => acc + sw.rotations.length, 0);
    const first = c.sv.sweeps.find((sw) => sw.rotations.length);
    jacobi.textContent = t('jacobiNote', { rot, sweeps: c.sv.sweeps.length,
      angle: first ? fmt((first.rotations[0].angle * 180) / Math.PI, 4) : '0', off: fmt(c.sv.sweeps[c.sv.sweeps.length - 1].offNorm, 2) });
    facts.replaceChildren(
      h('p', {}, `σ₁ = ${fmt(c.sv.S[0], 4)}, σ₂ = ${fmt(c.sv.S[1], 4)}`),
      h('p', {}, `|det M| = ${fmt(Math.abs(c.det), 4)} = σ₁σ₂`),
      h('p', { class: 'note' }, c.sv.S[1] < 1e-12 ? t('singularNote') : t('areaNote')));
  }

  editor.set(values.mat);
  return {
    el: h('div', { class: 'panel sv-circle-panel', 'data-ex': 'circle' },
      h('div', { class: 'sv-circle-top' },
        h('div', { class: 'sv-circle-inputs' }, editor.el, clampNote, facts),
        h('div', { class: 'sv-circle-fig' }, view.el, legend)),
      presets, err, jacobi, player.el),
    reads: ['circle', 'step'],
    draw(v, changed) {
      if (changed && !changed.has('circle')) { moveTo(player.index); return; }
      showError(err, t, error('circle'));
      drawFacts(v.circle);
      // New numbers: the step shown at once, its formula again.
      stop();
      shownStep = player.index;
      drawFigure();
      player.refresh();
    },
    destroy: () => { stop(); player.destroy(); },
  };
}
