// The same pair in a real model: the course's character model of the page's
// language (trained on real text by npm run train-models; loaded when the
// learner asks), run on a passage of its held-out text written twice. Its
// previous-token head and its induction head are found by the scores the
// core computes (headScores) and drawn beside the learner's pair at the
// checkpoint shown. What the text says follows the scores: a model without
// a clear induction head is said to have none.
import { h } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { modelParams, encodeText } from '../shared/text-model.js';
import { MODEL_KB } from '../shared/text-model-sizes.js';
import { tokenName } from './setting.js';
import { bestHead } from './checkpoint.js';

// The passage's length, written twice: 2 x HALF tokens, as long as the learner's sequences (their maps side by side).
const HALF = 10;
// A head "is" one of the pair from this score on (the learner's model reaches 0.4 and more).
const FOUND = 0.3;
const LANGS = ['en', 'zh-Hans'];

const showChar = (c) => (c === ' ' ? '␣' : c === '\n' ? '↵' : c);

// The real model's pair: the best previous-token head outside the last layer,
// and the best prefix-match head in a later layer.
export function realPair(scores) {
  let prev = null;
  scores.previousToken.slice(0, -1).forEach((layer, l) => layer.forEach((v, k) => { if (!prev || v > prev.value) prev = { l, k, value: v }; }));
  let ind = null;
  scores.prefixMatch.forEach((layer, l) => {
    if (l <= prev.l) return;
    layer.forEach((v, k) => { if (!ind || v > ind.value) ind = { l, k, value: v }; });
  });
  return { prev, ind: { ...ind, previous: scores.previousToken[ind.l][ind.k] }, prevMatch: scores.prefixMatch[prev.l][prev.k], found: prev.value >= FOUND && ind.value >= FOUND };
}

// The passage: HALF characters of the model's held-out text from the start of
// a word or phrase (after its first space or punctuation; line breaks as spaces), twice.
export function passage(model) {
  const chars = Array.from(model.heldout.replace(/\n/g, ' '));
  const cut = chars.findIndex((c) => /[\s，。、；：！？]/.test(c));
  const from = cut >= 0 && cut + 1 + HALF <= chars.length ? cut + 1 : 0;
  const half = chars.slice(from, from + HALF).join('');
  return half + half;
}

export function realPairSection({ lab, t, lang, loadData }) {
  const which = LANGS.includes(lang) ? lang : 'en';
  const status = h('p', { class: 'note ci-real-status', role: 'status' });
  const verdict = h('p', { class: 'ci-real-verdict' });
  const map = (title) => {
    const m = createHeatmap({ title, xLabel: t('keys'), yLabel: t('queries') });
    m.caption = h('p', { class: 'ci-head-scores' });
    return m;
  };
  const mine = { prev: map(t('realMinePrev')), ind: map(t('realMineInd')) };
  const cell = (m) => h('div', { class: 'ci-head' }, m.el, m.caption);
  const passageLine = h('p', { class: 'ci-tokens' });
  const realGrid = h('div', { class: 'ci-grid' });
  const body = h('div', { class: 'ci-real-body', hidden: true },
    passageLine, verdict, realGrid,
    h('h3', { class: 'h-small' }, t('realMineHeading')),
    h('div', { class: 'ci-grid' }, cell(mine.prev), cell(mine.ind)));
  const button = h('button', { type: 'button', class: 'btn btn-primary ci-real-load', 'aria-expanded': 'false', onclick: () => load() },
    t('realLoad', { kb: MODEL_KB[which] }));
  const el = h('div', { class: 'panel ci-real', 'data-ex': 'real-pair', dataset: { state: 'idle' } }, button, status, body);

  function drawReal(model) {
    const text = passage(model);
    const tokens = encodeText(model, text);
    const { attention } = lab.transformerForward([tokens], modelParams(model));
    const scores = lab.headScores([tokens], attention);
    const pair = realPair(scores);
    const names = Array.from(text, showChar);
    passageLine.textContent = t('realPassage', { text: text.slice(0, HALF), n: HALF });
    realGrid.replaceChildren(...[['realPrev', pair.prev], ['realInd', pair.ind]].map(([title, head]) => {
      const m = map(t(title, { l: head.l + 1, h: head.k + 1 }));
      m.set(attention[0][head.l][head.k], { rowLabels: names, colLabels: names });
      m.caption.textContent = t('scores', { prev: fmt(scores.previousToken[head.l][head.k], 2), pm: fmt(scores.prefixMatch[head.l][head.k], 2) });
      m.el.dataset.head = `${head.l}.${head.k}`;
      return cell(m);
    }));
    const vars = { pl: pair.prev.l + 1, ph: pair.prev.k + 1, il: pair.ind.l + 1, ih: pair.ind.k + 1, prev: fmt(pair.prev.value, 2), pm: fmt(pair.ind.value, 2) };
    verdict.textContent = t(pair.found ? 'realFound' : 'realNotFound', vars);
    el.dataset.found = String(pair.found);
  }

  function load() {
    status.textContent = t('realLoading');
    button.disabled = true;
    el.dataset.state = 'loading';
    loadData(`model-${which}`).then((model) => {
      status.textContent = '';
      drawReal(model);
      body.hidden = false;
      button.hidden = true;
      button.setAttribute('aria-expanded', 'true');
    }, () => {
      status.textContent = `${t('realFailed')} lessons/model-${which}.js`;
    }).finally(() => { button.disabled = false; el.dataset.state = 'idle'; });
  }

  return {
    el,
    reads: ['shown', 'seq'],
    // The learner's pair at the checkpoint shown, on the held-out sequence picked above.
    draw(v) {
      if (!v.run) return;
      const c = v.shown;
      const b = Math.min(v.seq, v.run.test.tokens.length) - 1;
      const tokens = v.run.test.tokens[b];
      const names = tokens.map(tokenName);
      const p = bestHead(c.two.previousToken[0]).h, q = bestHead(c.two.prefixMatch[1]).h;
      const { attention } = lab.transformerForward([tokens], c.two.params);
      for (const [m, l, k] of [[mine.prev, 0, p], [mine.ind, 1, q]]) {
        m.set(attention[0][l][k], { rowLabels: names, colLabels: names });
        m.caption.textContent = t('scores', { prev: fmt(c.two.previousToken[l][k], 2), pm: fmt(c.two.prefixMatch[l][k], 2) });
      }
    },
  };
}
