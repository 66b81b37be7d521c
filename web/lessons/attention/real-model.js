// "A real model": the attention lesson's character-level models (models/,
// trained by npm run train-models) on the learner's own text. Collapsed
// behind one button: the weights (dist/lessons/model-<lang>.js, about
// 43 / 103 KB gzip) are loaded only when the learner asks (the lesson
// api's loadData: lessons/loader.js). What is computed: real-model-derive.js
// (every number the core's); the text: real-model-text.js; the figures:
// real-model-view.js. Each part below draws what it reads.
import { h, nextId } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { prose, select, showCoreError } from '../shared/kit.js';
import { modelParams } from '../shared/text-model.js';
import { MODEL_KB } from '../shared/text-model-sizes.js';
import { DEFAULT_TEXT, showChar } from './real-model-text.js';
import { drawMaps, headName, predictionTable, rankingTable } from './real-model-view.js';

const LANGS = ['en', 'zh-Hans'];
// Typing is read once the keys pause (a run of the model and two losses per key held a fast typist back).
const TYPING_MS = 120;

// The model picker and the learner's text, with what the model makes of it.
function textPart({ t, values, set, error, root }) {
  const textId = nextId('rm-text');
  const modelSel = select({ label: t('rmModel'), value: values.rmModel ? values.rmModel.lang : 'en', options: [['en', t('rmModelEn')], ['zh-Hans', t('rmModelZh')]], onChange: (l) => root.load(l) });
  modelSel.select.classList.add('rm-model');
  let timer = 0;
  const setText = (text) => { clearTimeout(timer); set({ rmText: { ...values.rmText, [values.rmModel.lang]: text } }); root.el.dataset.state = 'idle'; };
  const typed = () => {
    root.el.dataset.state = 'pending';
    clearTimeout(timer);
    timer = setTimeout(() => setText(area.value), TYPING_MS);
  };
  const area = h('textarea', { id: textId, class: 'rm-text', rows: 2, spellcheck: 'false', oninput: typed });
  const label = h('label', { for: textId });
  const counter = h('span', { class: 'note rm-count', 'aria-live': 'polite' });
  const reset = h('button', { type: 'button', class: 'btn btn-small', onclick: () => { area.value = DEFAULT_TEXT[values.rmModel.lang]; setText(area.value); } }, t('rmDefault'));
  const msg = h('p', { class: 'error-box rm-msg', role: 'alert', hidden: true });
  const note = h('p', { class: 'note rm-note', role: 'status' });
  let lang = null;
  return {
    el: [h('div', { class: 'controls' }, modelSel.el), h('div', { class: 'rm-text-row' }, label, area, h('div', { class: 'rm-text-foot' }, counter, reset)), msg, note],
    select: modelSel.select,
    focus: () => area.focus(),
    reads: ['rmModel', 'rmRead', 'rmRun'],
    draw(v) {
      if (!v.rmModel) return;
      const { model } = v.rmModel, P = model.sizes.P;
      if (lang !== v.rmModel.lang) {  // another model: its own text
        lang = modelSel.select.value = area.lang = v.rmModel.lang;
        area.value = v.rmText[lang];
        label.textContent = t('rmText', { n: P });
      }
      const read = v.rmRead;
      counter.textContent = t('rmCount', { n: Array.from(area.value).length, max: P });
      area.setAttribute('aria-invalid', read.error ? 'true' : 'false');
      msg.hidden = !read.error && !error('rmRun');
      if (read.error) msg.textContent = t(read.error, { count: read.count, max: P });
      else if (error('rmRun')) showCoreError(msg, t, error('rmRun'));
      const unknown = (read.unknown || []).map(showChar);
      note.textContent = read.error ? '' : !unknown.length ? (read.lowered ? t('rmLowerNote') : '')
        : t(model.other ? 'rmOtherNote' : 'rmDroppedNote', { count: unknown.length, v: model.vocab.length, chars: unknown.join(model.other ? '' : ' ') });
    },
    destroy: () => clearTimeout(timer),
  };
}

// Every head's pattern as a small map, the head picked drawn large.
function patternsPart({ t, set }) {
  const grid = h('div', { class: 'rm-grid' });
  const title = h('h4', { class: 'rm-big-title' });
  const big = createHeatmap({ xLabel: t('rmKey'), yLabel: t('rmQuery'), ariaLabel: t('rmPatterns') });
  return {
    el: [h('h3', {}, t('rmPatterns')), prose(t('rmPatternsText')), grid, title, h('div', { class: 'scroll-x' }, big.el)],
    reads: ['rmRun', 'rmPick'],
    draw({ rmRun: r, rmPick: [l, k] }) {
      if (!r) return;
      const A = r.fwd.attention[0];
      drawMaps(grid, { t, attention: A, scores: r.scores, picked: [l, k], onPick: (lh) => set({ rmPick: lh }) });
      title.textContent = t('rmSelected', { head: headName(t, l, k) });
      const labels = r.read.chars.map(showChar);
      big.set(A[l][k], { rowLabels: labels, colLabels: labels });
    },
  };
}

// The heads ranked by what they do (headScores).
function rankingPart({ t }) {
  const box = h('div', { class: 'scroll-x' });
  return {
    el: [h('h3', {}, t('rmRanking')), prose(t('rmRankingText')), box],
    reads: ['rmRun'],
    draw({ rmRun: r }) { if (r) box.replaceChildren(rankingTable(t, r.scores)); },
  };
}

// The next character's probabilities, with the temperature.
function predictionsPart({ t, control }) {
  const text = h('p', {});
  const box = h('div', { class: 'rm-pred-box' });
  const temp = control('rmT', { label: t('rmTemp'), format: (v) => fmt(v, 3) });
  return {
    el: [h('h3', {}, t('rmPredHeading')), text, h('div', { class: 'controls' }, temp.el), box],
    reads: ['rmRun', 'rmProbs'],
    draw({ rmRun: r, rmProbs }) {
      if (!r || !rmProbs) return;
      text.textContent = t('rmPredText', { last: showChar(r.read.chars[r.read.chars.length - 1]) });
      box.replaceChildren(predictionTable(t, r.model, rmProbs));
    },
  };
}

// The loss on the learner's text with and without the head picked.
function ablationPart({ t, set }) {
  const pick = h('select', { class: 'rm-ablate', onchange: () => set({ rmPick: pick.value.split('.').map(Number) }) });
  const loss = h('dl', { class: 'rm-loss' });
  const row = (name, x, cls) => [h('dt', {}, name), h('dd', { class: cls }, t('rmBits', { x }))];
  return {
    el: [h('h3', {}, t('rmAblHeading')), prose(t('rmAblText')), h('div', { class: 'controls' }, h('label', {}, t('rmAblHead'), pick)), loss],
    reads: ['rmRun', 'rmPick', 'rmLoss'],
    draw({ rmRun: r, rmPick, rmLoss: L }) {
      if (!r) return;
      pick.replaceChildren(...r.fwd.attention[0].flatMap((layer, l) => layer.map((_, k) => h('option', { value: `${l}.${k}` }, headName(t, l, k)))));
      pick.value = rmPick.join('.');
      if (!L) { loss.replaceChildren(h('dd', {}, t('rmLossShort'))); return; }
      loss.replaceChildren(
        ...row(t('rmLossAll'), fmt(L.all, 4), 'rm-loss-all'),
        ...row(t('rmLossWithout', { head: headName(t, ...rmPick) }), fmt(L.without, 4), 'rm-loss-without'),
        ...row(t('rmLossChange'), `${L.change >= 0 ? '+' : ''}${fmt(L.change, 3)}`, 'rm-loss-change'));
    },
  };
}

// The part's frame: the heading, the load button and the parts, shown once a model is in.
export function realModelSection(api) {
  const { t, lang, set, loadData } = api;
  const bodyId = nextId('rm');
  const loaded = {};  // lang -> {lang, model, params}
  const status = h('p', { class: 'note rm-status', role: 'status' });
  const first = LANGS.includes(lang) ? lang : 'en';
  const button = h('button', { type: 'button', class: 'btn btn-primary rm-load', 'aria-expanded': 'false', 'aria-controls': bodyId, onclick: () => root.load(first) },
    t('rmLoad', { kb: MODEL_KB[first] }));
  const root = { el: null, load: null };
  const text = textPart({ ...api, root });
  const parts = [text, patternsPart(api), rankingPart(api), predictionsPart(api), ablationPart(api)];
  const body = h('div', { id: bodyId, class: 'panel rm-body', hidden: true }, ...parts.flatMap((p) => p.el));
  root.el = h('section', { class: 'real-model', 'aria-labelledby': `${bodyId}-h`, dataset: { state: 'idle' } },
    h('h2', { id: `${bodyId}-h` }, t('rmHeading')), prose(t('rmIntro')), button, status, body);
  // A model's script, once; a failure leaves the part (and the menu) as it was.
  root.load = (l) => {
    status.textContent = t('rmLoading');
    root.el.dataset.state = 'loading';
    button.disabled = text.select.disabled = true;
    const ready = loaded[l] ? Promise.resolve(loaded[l]) : loadData(`model-${l}`).then((model) => (loaded[l] = { lang: l, model, params: modelParams(model) }));
    return ready.then((m) => {
      status.textContent = '';
      const opening = body.hidden;
      body.hidden = false;
      button.hidden = true;
      button.setAttribute('aria-expanded', 'true');
      set({ rmModel: m });
      if (opening) text.focus();
    }, () => {
      status.textContent = `${t('rmFailed')} lessons/model-${l}.js`;
      if (api.values.rmModel) text.select.value = api.values.rmModel.lang;
    }).finally(() => { button.disabled = text.select.disabled = false; root.el.dataset.state = 'idle'; });
  };
  return [{ el: root.el }, ...parts];
}
