// Lesson "Training attention": a one-head, attention-only model
// (H = softmax(scale (X Wq)(X Wk)^T, causal) (X Wv), logits = H Wo) trained
// by the core (lab.trainAttention) on toy tasks whose right attention
// pattern a learner can predict. Play trains it live, one core call per
// frame continuing the run (live.js); step trains one update, the scrubber
// moves through the updates done so far. A new setting starts a new run and
// plays it; a longer run plays on from where it is. Then one weight through
// Adam (adam.js), three optimizers
// from the same start and a rate too large (compare.js), two heads and what
// a trained "previous token" head's weights mean (heads.js).
import { h } from '../../core/dom.js';
import { fmt, full } from '../../core/format.js';
import { texNode } from '../../core/tex.js';
import { drawWhenShown } from '../../core/draw-later.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { prose, slider, select, guard, errorSlot, partStepPlayer, fmtTex } from '../shared/kit.js';
import { rateField } from '../shared/rate-field.js';
import schema from './params.js';
import { TOKENS, V, B, TASK_IDS, posLabels, taskData, HELD_OUT } from './tasks.js';
import { DEFAULT_LR, heldOut } from './run.js';
import { createLiveRun } from './live.js';
import { createAdam } from './adam.js';
import { createCompare } from './compare.js';
import { createHeads } from './heads.js';

const MODEL_TEX = 'H = \\operatorname{softmax}\\!\\Big(\\tfrac{1}{\\sqrt{d_k}}\\,(XW_Q)(XW_K)^{\\top} + M\\Big)\\,XW_V,\\qquad \\text{logits} = H\\,W_O,\\qquad L = -\\frac{1}{Bn}\\sum_{b,i} \\log \\operatorname{softmax}(\\text{logits}_{b,i})_{y_{b,i}}';
const P = schema.params;

export default {
  id: 'training',
  mount(el, ctx) {
    const { lab, t } = ctx;
    const v = { ...ctx.values };
    let run = null;      // the live run for the current task, method, rate and seed (live.js)
    let runKey = '';
    let raf = 0;         // animation frame of the player
    let destroyed = false;

    // The data.
    const err = errorSlot();
    const taskSel = select({ label: t('task'), value: v.task, options: TASK_IDS.map((k) => [k, t(`tasks.${k}`)]), onChange: (x) => change({ task: x }) });
    const seqSel = select({ label: t('sequence'), value: String(v.seq), options: Array.from({ length: B }, (_, b) => [String(b + 1), String(b + 1)]), onChange: (x) => change({ seq: Number(x) }) });
    const tokensLine = h('p', { class: 'tr-tokens', 'aria-live': 'polite' });
    const taskText = h('p', { class: 'note' });
    const xView = createMatrixView({ caption: t('xCaption'), name: 'X', color: 'none', digits: 1,
      rowLabel: (i) => t('posToken', { i: i + 1, tok: TOKENS[taskData(v.task).tokens[v.seq - 1][i]] }),
      colLabel: (j) => (j < V ? TOKENS[j] : t('posCol', { i: j - V + 1 })) });

    // The run and its player.
    const methodSel = select({ label: t('method'), value: v.method, options: ['gd', 'momentum', 'adam'].map((m) => [m, t(`m.${m}`)]),
      onChange: (m) => { lrField.set(DEFAULT_LR[m]); change({ method: m, lr: DEFAULT_LR[m] }); } });
    const lrField = rateField({ label: t('lr'), value: v.lr, min: P.lr.min, max: P.lr.max, t, onChange: (x) => change({ lr: x }) });
    const stepsSl = slider({ label: t('steps'), min: P.steps.min, max: P.steps.max, step: 10, value: v.steps, format: (x) => String(x), onInput: (x) => change({ steps: x }) });
    const seedId = `tr-seed-${Math.random().toString(36).slice(2, 7)}`;
    const seedIn = h('input', { id: seedId, type: 'number', min: '0', max: '999999', value: String(v.seed), class: 'seed' });
    seedIn.addEventListener('change', () => {
      const s = Number(seedIn.value);
      if (Number.isInteger(s) && s >= 0 && s <= 999999) change({ seed: s }); else seedIn.value = String(v.seed);
    });
    const reseed = h('button', { type: 'button', class: 'btn btn-small', onclick: () => { seedIn.value = String((v.seed + 1) % 1000000); change({ seed: (v.seed + 1) % 1000000 }); } }, t('common.randomize'));
    const playBtn = h('button', { type: 'button', class: 'btn btn-primary', 'aria-pressed': 'false', dataset: { act: 'play' }, onclick: () => (raf ? pause() : play()) }, t('play'));
    const stepBtn = h('button', { type: 'button', class: 'btn', dataset: { act: 'step' }, onclick: () => { pause(); show(Math.min(v.at + 1, last())); commitAt(); } }, t('stepOne'));
    // Back to the initial weights: the run is trained afresh (live) from there.
    const resetBtn = h('button', { type: 'button', class: 'btn', dataset: { act: 'reset' }, onclick: () => { pause(); runKey = ''; v.at = 0; ensureRun(); show(0); commitAt(); } }, t('reset'));
    const scrubId = `tr-scrub-${Math.random().toString(36).slice(2, 7)}`;
    const scrub = h('input', { id: scrubId, type: 'range', min: '0', max: String(v.steps), step: '1', value: String(v.at), class: 'tr-scrub' });
    // The update shown is state of the URL as the scrub moves (a copied link shows it).
    scrub.addEventListener('input', () => { pause(); show(Number(scrub.value)); commitAt(); });
    const status = h('p', { class: 'tr-status', 'aria-live': 'polite', dataset: { name: 'status' } });
    const held = h('p', { class: 'tr-status tr-held', dataset: { name: 'held-out' } });
    let heldKey = '';
    const lossChart = createXyChart({ ariaLabel: t('lossFigure'), xLabel: t('stepAxis'), yLabel: t('lossAxis'), width: 440, height: 220, y: { scale: 'log' }, margin: { left: 58 } });
    const accChart = createXyChart({ ariaLabel: t('accFigure'), xLabel: t('stepAxis'), yLabel: t('accAxis'), width: 440, height: 220 });
    const heat = createHeatmap({ title: t('heatTitle'), xLabel: t('keyAxis'), yLabel: t('queryAxis'), ariaLabel: t('heatFigure') });

    const adam = createAdam({ lab, t, values: v, onChange: (p) => change(p) });
    const cmp = createCompare({ lab, t, values: v, onChange: (p) => change(p) });
    const heads = createHeads({ lab, t });

    // One training step, walked through: each step marks the panel it explains.
    const PARTS = { embed: ['embed'], attend: ['attend'], loss: ['loss'], grad: ['grad'], methods: ['methods'], meaning: ['meaning'] };
    adam.el.dataset.part = 'grad';
    cmp.el.dataset.part = 'methods';
    heads.el.dataset.part = 'meaning';
    for (const e of [adam.el, cmp.el, heads.el]) e.classList.add('tr-part');
    const player = partStepPlayer({ ctx, root: el, parts: PARTS, formula: (id) => stepFormula(id) });
    function stepFormula(id) {
      const k = run ? Math.min(v.at, run.loss.length - 1) : 0;
      switch (id) {
        case 'embed': return 'x_i = \\big[\\, e_{\\text{token}(i)} \\;\\Vert\\; e_{i} \\,\\big] \\in \\{0, 1\\}^{V + n}';
        case 'attend': return 'H = \\operatorname{softmax}\\!\\Big(\\tfrac{(X W_Q)(X W_K)^{\\top}}{\\sqrt{d_k}} + M_{\\text{causal}}\\Big)\\, X W_V,\\qquad \\text{logits} = H\\, W_O';
        case 'loss': return run ? `L = -\\tfrac{1}{Bn} \\sum_{b,i} \\log p_{b,i}\\big[y_{b,i}\\big] = ${fmtTex(run.loss[k], 4)}\\quad (\\text{${t('afterUpdates', { k })}})` : 'L';
        case 'grad': return '\\frac{\\partial L}{\\partial\\, \\text{logits}} = \\frac{p - y}{Bn},\\quad \\frac{\\partial L}{\\partial W_O} = H^{\\top} \\frac{\\partial L}{\\partial\\, \\text{logits}},\\ \\dots';
        case 'methods': return 'm_t = \\beta_1 m_{t-1} + (1 - \\beta_1) g_t,\\quad v_t = \\beta_2 v_{t-1} + (1 - \\beta_2) g_t^2,\\quad \\theta_t = \\theta_{t-1} - \\eta\\, \\frac{\\hat m_t}{\\sqrt{\\hat v_t} + \\epsilon}';
        default: return '(W_Q W_K^{\\top})_{ij}\\ \\text{large where}\\ j = i - 1';
      }
    }

    el.append(
      prose(t('intro1'), t('intro2')),
      texNode(MODEL_TEX, true, 'div'),
      prose(t('modelText')),
      h('h2', {}, t('dataHeading')),
      prose(t('dataText1'), t('dataText2')),
      player.el,
      h('div', { class: 'panel', 'data-ex': 'data', 'data-part': 'embed' },
        h('div', { class: 'controls' }, taskSel.el, seqSel.el),
        tokensLine, taskText, h('div', { class: 'tr-scroll' }, xView.el)),
      h('h2', {}, t('trainHeading')),
      prose(t('trainText1'), t('trainText2')),
      h('div', { class: 'panel', 'data-ex': 'train', dataset: { name: 'train' } },
        h('div', { class: 'controls' }, methodSel.el, lrField.el, stepsSl.el,
          h('span', { class: 'tr-seed' }, h('label', { for: seedId }, t('common.seed')), ' ', seedIn, ' ', reseed)),
        err,
        h('div', { class: 'controls tr-player' }, playBtn, stepBtn, resetBtn,
          h('label', { for: scrubId, class: 'tr-scrub-label' }, t('scrub'), scrub)),
        status, held,
        h('div', { class: 'row tr-charts tr-part', 'data-part': 'loss' }, h('div', {}, lossChart.el), h('div', {}, accChart.el)),
        h('div', { class: 'tr-scroll tr-part', 'data-part': 'attend' }, heat.el),
        h('p', { class: 'note' }, t('heatNote'))),
      h('h2', {}, t('lossHeading')),
      prose(t('lossText1'), t('lossText2')),
      h('div', { 'data-ex': 'loss' }),
      h('h2', {}, t('adamHeading')),
      prose(t('adamText1'), t('adamText2')),
      adam.el,
      h('h2', {}, t('cmpHeading')),
      prose(t('cmpText1'), t('cmpText2')),
      cmp.el,
      h('h2', {}, t('headsHeading')),
      prose(t('headsText1'), t('headsText2')),
      heads.el,
      h('h2', {}, t('summaryHeading')),
      prose(t('summary1'), t('summary2')),
    );

    // The last update a run can show: its length, or where it diverged.
    const last = () => (!run ? 0 : run.diverged ? run.trained() : v.steps);

    // A new run (task, method, rate, seed) starts from its initial weights
    // and trains live, as does a longer run from where it is: what the
    // change was for is watched as it happens, one update per frame (each
    // frame one short core call, never one long one).
    const RUN_KEYS = ['task', 'method', 'lr', 'seed'];
    function change(patch) {
      const restart = RUN_KEYS.some((key) => key in patch);
      if (restart) patch = { ...patch, at: 0 };
      Object.assign(v, patch);
      ctx.setValues(patch);
      const at = v.at;
      update();
      if (v.at !== at) commitAt();  // a shorter run moved the update shown
      if ((restart || 'steps' in patch) && v.at < last() && !destroyed) {
        // Without motion: the run's end at once (one core call).
        if (window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches) { show(last()); commitAt(); } else play();
      }
    }

    function commitAt() { ctx.setValues({ at: v.at }); }

    // One update per animation frame until the end of the run.
    function play() {
      if (!run || raf) return;
      if (v.at >= last()) show(0);
      playBtn.textContent = t('pause');
      playBtn.setAttribute('aria-pressed', 'true');
      const tick = () => {
        if (destroyed) return;
        if (v.at >= last()) { pause(); return; }
        show(v.at + 1);
        if (raf) raf = requestAnimationFrame(tick);  // show() pauses when the core call fails
      };
      raf = requestAnimationFrame(tick);
    }
    function pause() {
      if (raf) cancelAnimationFrame(raf);
      const was = raf;
      raf = 0;
      playBtn.textContent = t('play');
      playBtn.setAttribute('aria-pressed', 'false');
      if (was) commitAt();
    }

    function drawData() {
      const d = taskData(v.task);
      const toks = d.tokens[v.seq - 1], tg = d.targets[v.seq - 1];
      const name = (c) => (v.task === 'match' ? t('posName', { i: c + 1 }) : TOKENS[c]);
      tokensLine.textContent = t('tokensLine', { tokens: toks.map((x) => TOKENS[x]).join(' '), targets: tg.map(name).join(' ') });
      taskText.textContent = t(`taskText.${v.task}`);
      xView.set(d.X[v.seq - 1]);
    }

    // The run for the current settings (the number of updates is not one of
    // them: a run is extended as far as it is shown).
    function ensureRun() {
      const key = [v.task, v.method, v.lr, v.seed].join('|');
      if (key === runKey && run) return run;
      pause();
      run = guard(err, t, () => createLiveRun(lab, { task: v.task, method: v.method, lr: v.lr, seed: v.seed }));
      runKey = run ? key : '';
      return run;
    }

    function update() {
      drawData();
      ensureRun();
      show(Math.min(v.at, last()));
      drawWhenShown(adam.el, () => adam.update(v));
      cmp.update(v);
      heads.update(v);
    }

    // The figures at update k of the run, training up to it first.
    function show(k) {
      k = Math.min(k, last());
      // A failed call (shown in err) ends play: it would fail again every frame.
      if (run && k > run.trained() && guard(err, t, () => run.advance(k)) === null) pause();
      if (run) k = Math.min(k, run.trained());
      v.at = k;
      scrub.max = String(run ? Math.min(run.trained(), last()) : 0);  // the updates done so far
      scrub.value = String(k);
      if (!run) return;
      const loss = run.loss[k], acc = run.accuracy[k];
      status.dataset.step = String(k);
      status.dataset.trained = String(run.trained());  // updates the core has done in this run
      status.dataset.last = String(last());
      status.dataset.loss = full(loss);
      status.dataset.accuracy = full(acc);
      let text = t('status', { k, steps: v.steps, loss: fmt(loss, 4), acc: fmt(100 * acc, 3) });
      if (run.diverged) text += ` ${t('divergedRun', { k: run.divergedAt, last: last() })}`;
      status.textContent = text;
      status.classList.toggle('bad', run.diverged);
      // Held-out accuracy of the weights trained so far (one core call per new update count).
      const hk = `${runKey}|${run.trained()}`;
      if (hk !== heldKey && !run.diverged) {
        const r = guard(err, t, () => heldOut(lab, v.task, run.params));
        heldKey = hk;
        held.textContent = r ? t('heldOut', { n: HELD_OUT, k: run.trained(), acc: fmt(100 * r.accuracy, 3), loss: fmt(r.loss, 4) }) : '';
        held.dataset.accuracy = r ? full(r.accuracy) : '';
      } else if (run.diverged) { held.textContent = ''; heldKey = ''; }
      const upTo = (arr) => arr.slice(0, k + 1).map((y, i) => [i, y]);
      const yLoss = run.loss.filter((x) => Number.isFinite(x) && x > 0);
      lossChart.set({ series: [{ points: upTo(run.loss), className: `m-${v.method}`, label: t(`m.${v.method}`) }],
        xDomain: [0, v.steps], yDomain: [Math.max(1e-6, Math.min(...yLoss)), Math.max(...yLoss)], vlines: [{ x: k, className: 'c-now', text: String(k) }] });
      accChart.set({ series: [{ points: upTo(run.accuracy), className: `m-${v.method}`, label: t(`m.${v.method}`) }],
        xDomain: [0, v.steps], yDomain: [0, 1], vlines: [{ x: k, className: 'c-now', text: String(k) }] });
      const labels = posLabels(run.d.tokens[v.seq - 1]);
      heat.set(run.weights[k][v.seq - 1], { rowLabels: labels, colLabels: labels });
      heat.el.dataset.step = String(k);
      player.refresh();
      player.markActive();
    }

    update();
    return { destroy: () => { destroyed = true; pause(); cmp.destroy(); heads.destroy(); } };
  },
};

