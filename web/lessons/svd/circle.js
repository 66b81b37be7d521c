// Part 1 of the svd lesson: a 2 x 2 matrix M the learner edits, seen as
// rotate (V^T) -> stretch (Sigma) -> rotate (U) acting on the unit circle.
// The SVD comes from the core (lab.svdSteps, which also reports the Jacobi
// rotations it used); every stage's points are mapped by lab.matmul, and
// the last stage is checked against M x computed directly.
import { h } from '../../core/dom.js';
import { fmt } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createUnitCircle } from '../../plots/unit-circle.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { guard, errorSlot, matTex, vecTex, fmtTex } from '../shared/kit.js';

export const CSTEPS = ['circle', 'vt', 'sigma', 'u', 'whole'];
const LIM = 3;
const N_PTS = 120;
const DEFAULT_M = [[1.5, 1], [-0.5, 1]];
const PRESETS = {
  shear: [[1, 1], [0, 1]],
  rotation: [[0.8, -0.6], [0.6, 0.8]],
  diagonal: [[2, 0], [0, 0.5]],
  reflection: [[0, 1], [1, 0]],
  rankOne: [[1, 2], [0.5, 1]],
};
const clampM = (x) => Math.max(-LIM, Math.min(LIM, x));
const transpose2 = (m) => m[0].map((_, j) => m.map((row) => row[j]));

// Circle points as the columns of a 2 x (N + 2) matrix; the last two columns
// are the right singular vectors v1, v2 (the rows of Vt).
function inputPoints(Vt) {
  const xs = [], ys = [];
  for (let i = 0; i < N_PTS; i++) { const a = (2 * Math.PI * i) / N_PTS; xs.push(Math.cos(a)); ys.push(Math.sin(a)); }
  xs.push(Vt[0][0], Vt[1][0]);
  ys.push(Vt[0][1], Vt[1][1]);
  return [xs, ys];
}

export function createCirclePart(ctx) {
  const { lab, t } = ctx;
  const is2x2 = (m) => m && m.length === 2 && m.every((row) => row.length === 2);
  if (!is2x2(ctx.values.M)) console.warn('Attention Lab: URL parameter "M" ignored (M must be 2 x 2); using the default.');
  let M = (is2x2(ctx.values.M) ? ctx.values.M : DEFAULT_M).map((row) => row.slice());
  let r = null;

  const err = errorSlot();
  const clampNote = h('p', { class: 'note', 'aria-live': 'polite' });
  const editor = createMatrixEditor({
    label: t('Mlabel'), t, onChange: (m) => {
      const c = m.map((row) => row.map(clampM));
      const clamped = c.some((row, i) => row.some((v, j) => v !== m[i][j]));
      M = c;
      if (clamped) editor.set(M);
      clampNote.textContent = clamped ? t('clampNote', { lim: LIM }) : '';
      changed();
    },
  });
  const presets = h('div', { class: 'controls', role: 'group', 'aria-label': t('presetsLabel') }, h('span', {}, t('presetsLabel')),
    ...Object.entries(PRESETS).map(([k, P]) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => {
      M = P.map((row) => row.slice()); editor.set(M); clampNote.textContent = ''; changed();
    } }, t(`preset.${k}`))));
  const view = createUnitCircle({ ariaLabel: t('circleFigure'), size: 340 });
  const legend = h('ul', { class: 'lc-legend sv-legend' },
    h('li', { class: 'sv-c1' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), t('legendV1')),
    h('li', { class: 'sv-c2' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), t('legendV2')),
    h('li', { class: 'sv-ghostkey' }, h('span', { class: 'lc-swatch', 'aria-hidden': 'true' }), t('legendGhost')));
  const facts = h('div', { class: 'sv-facts' });
  const jacobi = h('p', { class: 'note' });

  const player = createStepPlayer({
    t, initial: ctx.step,
    steps: CSTEPS.map((id) => ({ id, title: t(`c.${id}.title`), text: t(`c.${id}.text`), formula: () => (r ? formula(id) : '') })),
    onStep: (i) => { ctx.setStep(i); animateTo(i); },
  });
  let shownStep = player.index;  // the step the figure shows (or moves towards)
  let frame = 0;                 // requestAnimationFrame id of a running move

  const el = h('div', { class: 'panel sv-circle-panel' },
    h('div', { class: 'sv-circle-top' },
      h('div', { class: 'sv-circle-inputs' }, editor.el, clampNote, facts),
      h('div', { class: 'sv-circle-fig' }, view.el, legend)),
    presets, err, jacobi, player.el);

  function changed() {
    ctx.setValues({ M });
    update();
  }

  function update() {
    r = guard(err, t, () => {
      const sv = lab.svdSteps(M);
      const P0 = inputPoints(sv.Vt);
      const P1 = lab.matmul(sv.Vt, P0);
      const P2 = lab.matmul([[sv.S[0], 0], [0, sv.S[1]]], P1);
      const P3 = lab.matmul(sv.U, P2);
      const direct = lab.matmul(M, P0);
      const gap = lab.norm(lab.sub(P3.flat(), direct.flat()), { p: Infinity });
      const recon = lab.matmul(lab.matmul(sv.U, [[sv.S[0], 0], [0, sv.S[1]]]), sv.Vt);
      return { sv, stages: [P0, P1, P2, P3], gap, recon, detU: lab.det(sv.U), detV: lab.det(sv.Vt), det: lab.det(M) };
    });
    if (r) {
      const rot = r.sv.sweeps.reduce((a, sw) => a + sw.rotations.length, 0);
      const first = r.sv.sweeps.find((sw) => sw.rotations.length);
      jacobi.textContent = t('jacobiNote', { rot, sweeps: r.sv.sweeps.length,
        angle: first ? fmt((first.rotations[0].angle * 180) / Math.PI, 4) : '0', off: fmt(r.sv.sweeps[r.sv.sweeps.length - 1].offNorm, 2) });
      facts.replaceChildren(
        h('p', {}, `σ₁ = ${fmt(r.sv.S[0], 4)}, σ₂ = ${fmt(r.sv.S[1], 4)}`),
        h('p', {}, `|det M| = ${fmt(Math.abs(r.det), 4)} = σ₁σ₂`),
        h('p', { class: 'note' }, r.sv.S[1] < 1e-12 ? t('singularNote') : t('areaNote')));
    } else { jacobi.textContent = ''; facts.replaceChildren(); }
    cancelAnimationFrame(frame);
    shownStep = player.index;
    draw();
    player.refresh();
  }

  function orient(Q) {
    const d = Q === 'U' ? r.detU : r.detV;
    const m = Q === 'U' ? r.sv.U : r.sv.Vt;
    const deg = fmt((Math.atan2(m[1][0], m[0][0]) * 180) / Math.PI, 4);
    return d > 0 ? t('rotationBy', { deg }) : t('reflectionAt', { deg: fmt((Math.atan2(m[1][0], m[0][0]) * 90) / Math.PI, 4) });
  }

  function formula(id) {
    const { sv } = r;
    const V = transpose2(sv.Vt);
    const Sig = `\\begin{bmatrix}${fmtTex(sv.S[0])} & 0 \\\\ 0 & ${fmtTex(sv.S[1])}\\end{bmatrix}`;
    switch (id) {
      case 'circle': return `M = ${matTex(M)},\\quad \\|x\\| = 1,\\quad v_1 = ${vecTex(V.map((row) => row[0]))}^{\\!\\top},\\ v_2 = ${vecTex(V.map((row) => row[1]))}^{\\!\\top}`;
      case 'vt': return `V^\\top = ${matTex(sv.Vt)}\\ (\\text{${orient('V')}}),\\quad V^\\top v_1 = e_1,\\ V^\\top v_2 = e_2`;
      case 'sigma': return `\\Sigma = ${Sig},\\quad \\Sigma e_1 = \\sigma_1 e_1,\\ \\Sigma e_2 = \\sigma_2 e_2`;
      case 'u': return `U = ${matTex(sv.U)}\\ (\\text{${orient('U')}}),\\quad U(\\sigma_i e_i) = \\sigma_i u_i = M v_i`;
      default: return `M = U\\Sigma V^\\top = ${matTex(sv.U)} ${Sig} ${matTex(sv.Vt)} = ${matTex(r.recon, 4)},\\quad \\max|U\\Sigma V^\\top x - Mx| = ${fmtTex(r.gap, 2)}`;
    }
  }

  // The matrix that takes stage a to stage a + 1 part of the way (s in
  // [0, 1]): a rotation turned by s of its angle (a reflection, which no
  // turn reaches, blended linearly), or the stretch 1 + s (sigma_i - 1).
  function partial(a, s) {
    const Q = a === 0 ? r.sv.Vt : a === 2 ? r.sv.U : null;
    if (!Q) return [[1 + s * (r.sv.S[0] - 1), 0], [0, 1 + s * (r.sv.S[1] - 1)]];
    if ((a === 0 ? r.detV : r.detU) > 0) {
      const th = s * Math.atan2(Q[1][0], Q[0][0]);
      return [[Math.cos(th), -Math.sin(th)], [Math.sin(th), Math.cos(th)]];
    }
    return [[1 - s + s * Q[0][0], s * Q[0][1]], [s * Q[1][0], 1 - s + s * Q[1][1]]];
  }

  // Steps 1 -> 2 -> 3 -> 4 (and back) move the curve from one stage to the
  // next, in about half a second; other jumps, reduced motion and new
  // inputs draw the step at once.
  function animateTo(k) {
    cancelAnimationFrame(frame);
    const from = shownStep;
    shownStep = k;
    const reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!r || reduce || Math.abs(k - from) !== 1 || Math.max(k, from) > 3) { draw(); return; }
    const a = Math.min(k, from);  // the move is between stages a and a + 1
    const t0 = performance.now(), ms = 550;
    const tick = (now) => {
      const u = Math.min(1, (now - t0) / ms);
      const e = u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u);  // ease in and out
      const s = k > from ? e : 1 - e;
      if (u >= 1) { draw(); return; }
      draw({ stage: a, moving: lab.matmul(partial(a, s), r.stages[a]) });
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
  }

  function draw(move = null) {
    if (!r) { view.set({}); return; }
    const k = player.index;
    const stage = Math.min(k, 3);
    const pts = (P) => P[0].slice(0, N_PTS).map((x, i) => [x, P[1][i]]);
    const vecs = (P) => [[P[0][N_PTS], P[1][N_PTS]], [P[0][N_PTS + 1], P[1][N_PTS + 1]]];
    const names = [['v₁', 'v₂'], ['e₁', 'e₂'], ['σ₁e₁', 'σ₂e₂'], ['σ₁u₁', 'σ₂u₂']][stage];
    // Moving: the curve part of the way from stage a to a + 1, the ghost at stage a.
    const P = move ? move.moving : r.stages[stage];
    const cur = vecs(P);
    // The ghost: the stage before (none on step 5, the whole map at once).
    const prev = move ? r.stages[move.stage] : stage > 0 && k < 4 ? r.stages[stage - 1] : null;
    const domain = Math.max(1.4, Math.ceil(r.sv.S[0] * 1.15 * 2) / 2);
    view.set({
      domain, curve: pts(P), ghost: prev ? pts(prev) : null,
      vectors: [{ v: cur[0], className: 'sv-c1', label: names[0] }, { v: cur[1], className: 'sv-c2', label: names[1] }],
      ghostVectors: prev ? vecs(prev).map((v, i) => ({ v, className: i ? 'sv-c2' : 'sv-c1' })) : [],
      description: t('circleDesc', { step: t(`c.${CSTEPS[k]}.title`) }),
    });
    legend.lastChild.hidden = !prev;  // CSS: .sv-legend li[hidden] keeps its place
  }

  editor.set(M);
  update();
  return { el, destroy: () => { cancelAnimationFrame(frame); player.destroy(); } };
}
