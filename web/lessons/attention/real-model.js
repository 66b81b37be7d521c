// "A real model": the attention lesson's character-level models (models/,
// trained by npm run train-models) on the learner's own text. Collapsed
// behind one button: the weights (dist/lessons/model-<lang>.js, about
// 43 / 103 KB gzip) are loaded only when the learner asks (the lesson
// api's loadData: lessons/loader.js). Every number is the core's: the patterns (transformerForward),
// the heads' scores (headScores), the next-character probabilities
// (softmax with the temperature rmT) and the loss with and without a head
// (transformerLoss, ablate). The text: real-model-text.js; the figures:
// real-model-view.js.
import { h, nextId } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { prose, select, showCoreError } from '../shared/kit.js';
import { modelParams } from './models/load.js';
import { MODEL_KB } from './models/sizes.js';
import { DEFAULT_TEXT, readText, showChar } from './real-model-text.js';
import { drawMaps, headName, predictionTable, rankingTable } from './real-model-view.js';

const LANGS = ['en', 'zh-Hans'];
const bits = (nats) => nats / Math.LN2;

export function realModelSection({ lab, t, lang, control, values, loadData }) {
  const models = {};  // lang -> {model, params}
  const texts = { ...DEFAULT_TEXT };  // what the learner typed, per model
  let which = LANGS.includes(lang) ? lang : 'en';
  let shown = null;  // the last good drawing: {model, params, read, fwd, scores, base}
  let picked = [1, 0];
  // Typing redraws once the keys pause (a run of the model and two losses
  // per key held a fast typist back); data-state says when the drawing is the text's.
  let timer = 0;
  const later = () => { root.dataset.state = 'pending'; clearTimeout(timer); timer = setTimeout(update, 120); };

  const bodyId = nextId('rm'), textId = nextId('rm-text');
  const status = h('p', { class: 'note rm-status', role: 'status' });
  const loadBtn = h('button', { type: 'button', class: 'btn btn-primary rm-load', 'aria-expanded': 'false', 'aria-controls': bodyId, onclick: open },
    t('rmLoad', { kb: MODEL_KB[which] }));
  const modelSel = select({ label: t('rmModel'), value: which, options: [['en', t('rmModelEn')], ['zh-Hans', t('rmModelZh')]], onChange: switchModel });
  modelSel.select.classList.add('rm-model');
  const area = h('textarea', { id: textId, class: 'rm-text', rows: 2, spellcheck: 'false', oninput: () => { texts[which] = area.value; later(); } });
  const textLabel = h('label', { for: textId });
  const counter = h('span', { class: 'note rm-count', 'aria-live': 'polite' });
  const reset = h('button', { type: 'button', class: 'btn btn-small', onclick: () => { area.value = texts[which] = DEFAULT_TEXT[which]; update(); } }, t('rmDefault'));
  const msg = h('p', { class: 'error-box rm-msg', role: 'alert', hidden: true });
  const note = h('p', { class: 'note rm-note', role: 'status' });
  const grid = h('div', { class: 'rm-grid' });
  const bigTitle = h('h4', { class: 'rm-big-title' });
  const big = createHeatmap({ xLabel: t('rmKey'), yLabel: t('rmQuery'), ariaLabel: t('rmPatterns') });
  const rankBox = h('div', { class: 'scroll-x' });
  const predText = h('p', {});
  const predBox = h('div', { class: 'rm-pred-box' });
  const temp = control('rmT', { label: t('rmTemp'), format: (v) => fmt(v, 3) });
  const headSel = h('select', { class: 'rm-ablate', onchange: () => pick(headSel.value.split('.').map(Number)) });
  const lossBox = h('dl', { class: 'rm-loss' });
  const body = h('div', { id: bodyId, class: 'panel rm-body', hidden: true },
    h('div', { class: 'controls' }, modelSel.el),
    h('div', { class: 'rm-text-row' }, textLabel, area, h('div', { class: 'rm-text-foot' }, counter, reset)),
    msg, note,
    h('h3', {}, t('rmPatterns')), prose(t('rmPatternsText')), grid,
    bigTitle, h('div', { class: 'scroll-x' }, big.el),
    h('h3', {}, t('rmRanking')), prose(t('rmRankingText')), rankBox,
    h('h3', {}, t('rmPredHeading')), predText, h('div', { class: 'controls' }, temp.el), predBox,
    h('h3', {}, t('rmAblHeading')), prose(t('rmAblText')), h('div', { class: 'controls' }, h('label', {}, t('rmAblHead'), headSel)), lossBox);
  const root = h('section', { class: 'real-model', 'aria-labelledby': `${bodyId}-h` },
    h('h2', { id: `${bodyId}-h` }, t('rmHeading')), prose(t('rmIntro')), loadBtn, status, body);

  const ensure = (l) => (models[l] ? Promise.resolve(models[l])
    : loadData(`model-${l}`).then((model) => (models[l] = { model, params: modelParams(model) })));

  function withModel(l, then) {
    status.textContent = t('rmLoading');
    loadBtn.disabled = modelSel.select.disabled = true;
    return ensure(l).then(() => { status.textContent = ''; then(); }, () => {
      status.textContent = `${t('rmFailed')} lessons/model-${l}.js`;
      modelSel.select.value = which;
    }).finally(() => { loadBtn.disabled = modelSel.select.disabled = false; });
  }

  function open() {
    withModel(which, () => {
      body.hidden = false;
      loadBtn.hidden = true;
      loadBtn.setAttribute('aria-expanded', 'true');
      showModel();
      area.focus();
    });
  }

  function switchModel(l) {
    withModel(l, () => { which = l; showModel(); });
  }

  function showModel() {
    const { model } = models[which];
    modelSel.select.value = which;
    area.value = texts[which];
    area.lang = which;
    textLabel.textContent = t('rmText', { n: model.sizes.P });
    shown = null;
    update();
  }

  function update() {
    clearTimeout(timer);
    try { run(); } finally { root.dataset.state = 'idle'; }
  }

  // The text read and run through the model; a text that cannot be drawn says why and keeps the last drawing.
  function run() {
    const { model, params } = models[which];
    const P = model.sizes.P;
    counter.textContent = t('rmCount', { n: Array.from(area.value).length, max: P });
    const read = readText(model, area.value);
    area.setAttribute('aria-invalid', read.error ? 'true' : 'false');
    msg.hidden = !read.error;
    if (read.error) { msg.textContent = t(read.error, { count: read.count, max: P }); return; }
    const v = model.vocab.length;
    note.textContent = !read.unknown.length ? (read.lowered ? t('rmLowerNote') : '')
      : t(model.other ? 'rmOtherNote' : 'rmDroppedNote', { count: read.unknown.length, v, chars: read.unknown.map(showChar).join(model.other ? '' : ' ') });
    try {
      const fwd = lab.transformerForward([read.tokens], params);
      const scores = lab.headScores([read.tokens], fwd.attention);
      const targets = [read.tokens.slice(1).concat([-1])];
      const base = read.tokens.length > 1 ? lab.transformerLoss({ tokens: [read.tokens], targets }, params).loss : null;
      shown = { model, params, read, fwd, scores, base, targets };
    } catch (e) {
      msg.hidden = false;
      showCoreError(msg, t, e);
      return;
    }
    drawAll();
  }

  function drawAll() {
    const { fwd, scores } = shown;
    headSel.replaceChildren(...fwd.attention[0].flatMap((layer, l) => layer.map((_, k) => h('option', { value: `${l}.${k}` }, headName(t, l, k)))));
    rankBox.replaceChildren(rankingTable(t, scores));
    drawPredictions(values.rmT);
    drawPicked();
  }

  function drawPicked() {
    const { fwd, scores, read } = shown;
    const [l, k] = picked;
    drawMaps(grid, { t, attention: fwd.attention[0], scores, picked, onPick: pick });
    headSel.value = `${l}.${k}`;
    bigTitle.textContent = t('rmSelected', { head: headName(t, l, k) });
    const labels = read.chars.map(showChar);
    big.set(fwd.attention[0][l][k], { rowLabels: labels, colLabels: labels });
    drawLoss();
  }

  function pick(lh) {
    picked = lh;
    if (shown) drawPicked();
  }

  function drawPredictions(T) {
    const { model, fwd, read } = shown;
    const logits = fwd.logits[0];
    const probs = lab.softmax(logits[logits.length - 1], { temperature: T });
    predText.textContent = t('rmPredText', { last: showChar(read.chars[read.chars.length - 1]) });
    predBox.replaceChildren(predictionTable(t, model, probs));
  }

  function drawLoss() {
    const { base, params, read, targets } = shown;
    if (base === null) { lossBox.replaceChildren(h('dd', {}, t('rmLossShort'))); return; }
    const without = lab.transformerLoss({ tokens: [read.tokens], targets }, params, { ablate: [picked] }).loss;
    const row = (name, text, cls) => [h('dt', {}, name), h('dd', { class: cls }, text)];
    const d = bits(without) - bits(base);
    lossBox.replaceChildren(
      ...row(t('rmLossAll'), t('rmBits', { x: fmt(bits(base), 4) }), 'rm-loss-all'),
      ...row(t('rmLossWithout', { head: headName(t, ...picked) }), t('rmBits', { x: fmt(bits(without), 4) }), 'rm-loss-without'),
      ...row(t('rmLossChange'), t('rmBits', { x: `${d >= 0 ? '+' : ''}${fmt(d, 3)}` }), 'rm-loss-change'));
  }

  return {
    el: root,
    reads: ['rmT'],
    draw(v) { if (shown) drawPredictions(v.rmT); },
    destroy: () => clearTimeout(timer),
  };
}
