// Lesson "Scaled dot-product attention", on a real sentence: tokens with
// named-feature embeddings X, one head's projections Q = X W_Q, K = X W_K,
// V = X W_V (lab.selfAttention), then Q K^T -> / sqrt(d_k) -> mask ->
// softmax -> x V, each step a matrix from the core with the query row and
// key column it multiplies highlighted, the arithmetic of any cell on
// hover/focus, the weights heatmap with exports, the √dₖ demonstration
// (scaling.js) and multi-head attention (multihead.js). The learner may
// instead type Q, K, V directly (src = 'numbers', as links from before the
// sentence do).
import { h } from '../../core/dom.js';
import { rich } from '../../core/rich-text.js';
import { drawWhenShown } from '../../core/draw-later.js';
import { fmt, sub } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { downloadMatrix, downloadPng, downloadSvg } from '../../core/export.js';
import { prose, toggle, select, guard, errorSlot, fmtTex, besidePlayer, revealFigure } from '../shared/kit.js';
import { initialInputs, sentenceInputs, isNumbers, createEditors } from './inputs.js';
import { seeded, sizeSelect } from '../shared/inputs.js';
import { explainCell } from './arith.js';
import { createMultiHead } from './multihead.js';
import { createScaling } from './scaling.js';
import { FEATURES, vocabulary, DEFAULT_SENTENCE, TWO_ANIMALS, MAX_TOKENS, embed, tokenize } from './sentence.js';
import schema from './params.js';

const STEPS = ['project', 'scores', 'scale', 'mask', 'softmax', 'output', 'heatmap'];
// The panel each step explains ('masked': the scaled scores, with the masked cells marked).
const VIEW_OF_STEP = { project: 'project', scores: 'scores', scale: 'scaled', mask: 'masked', softmax: 'weights', output: 'output', heatmap: 'weights' };
// Steps whose text tells the example sentence's story ("it" finds "cat"):
// a text that holds for any tokens when another sentence or typed numbers are shown.
const STORY_STEPS = ['scores', 'heatmap'];
const EXPORTS = ['X', 'Q', 'K', 'V', 'scores', 'scaled', 'weights', 'output'];
// TeX of a token name (letters and CJK only, see params.js text).
const texWord = (w) => `\\text{${String(w).replace(/[^A-Za-z\u4e00-\u9fff]/g, '')}}`;

export default {
  id: 'attention',
  mount(el, ctx) {
    const { lab, t, lang } = ctx;
    let { n, dk, dv, seed, causal } = ctx.values;
    let numbers = isNumbers(ctx.values);
    let sent = sentenceInputs(ctx.values, lang);
    let num = initialInputs(ctx.values);
    let Q, K, V, r = null;
    let focus = { name: 'output', i: 0, j: 0 };
    const scale = () => 1 / Math.sqrt(dk);
    const feat = (j) => t(`feature.${FEATURES[j]}`);
    // Typed numbers have no words: their rows are "token 1", "token 2", ...
    const word = (i) => (!numbers && sent.tokens[i]) || `${t('token')} ${i + 1}`;
    const tok = (i) => `${word(i)}${sub(i + 1)}`;
    const labels = () => Array.from({ length: n }, (_, i) => word(i));

    // A cell pointed at (hover, tap, focus) is the one explained, except
    // while a step scrolls its panel into view (until quietUntil).
    let quietUntil = 0;
    const pointAt = (name) => (i, j) => { if (performance.now() < quietUntil) return; focus = { name, i, j }; explain(); };
    const err = errorSlot();
    const sentErr = h('p', { class: 'error-box', role: 'alert', hidden: true });

    // Source of Q, K, V.
    const srcSelect = select({
      label: t('srcLabel'), value: numbers ? 'numbers' : 'sentence',
      options: [['sentence', t('srcSentence')], ['numbers', t('srcNumbers')]],
      // num keeps its own sizes: n, dk, dv were the sentence's (10 × 2) here,
      // and numbers drawn at those sizes disagreed with the selectors.
      onChange: (v) => { numbers = v === 'numbers'; focus = { name: focus.name, i: numbers ? 0 : defaultQuery(), j: 0 }; save(); showSource(); update(); },
    });

    // The sentence: a text field, the vocabulary as buttons, X and one head's W.
    const textInput = h('input', { type: 'text', class: 'sentence-input', value: sent.text, maxlength: '120', spellcheck: 'false', autocomplete: 'off', 'aria-describedby': 'att-sentence-msg' });
    sentErr.id = 'att-sentence-msg';
    const applyText = (text) => {
      const clean = text.replace(/[^A-Za-z\u4e00-\u9fff ,.，。]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120);
      textInput.value = clean;
      const { tokens, unknown } = tokenize(clean, lang);
      if (!tokens.length) { showSentErr(t('sentenceEmpty')); return; }
      sent = sentenceInputs({ text: clean, X: null, Wq: sent.Wq, Wk: sent.Wk, Wv: sent.Wv }, lang);
      showSentErr(unknown.length ? t('sentenceUnknown', { words: unknown.join(lang === 'zh-Hans' ? '、' : ', ') }) : sent.tooLong ? t('sentenceTooLong', { n: MAX_TOKENS }) : '');
      focus = { name: focus.name, i: defaultQuery(), j: 0 };
      save(); update();
    };
    textInput.addEventListener('change', () => applyText(textInput.value));
    textInput.addEventListener('keydown', (e) => { if (e.key === 'Enter') applyText(textInput.value); });
    const vocab = h('div', { class: 'vocab', role: 'group', 'aria-label': t('vocabLabel') },
      ...vocabulary(lang).map(([w]) => h('button', {
        type: 'button', class: 'btn btn-small vocab-word', title: embed([w], lang)[0].map((v, f) => (v ? feat(f) : '')).filter(Boolean).join(' · '),
        onclick: () => applyText(`${textInput.value}${lang === 'zh-Hans' ? '' : ' '}${w}`),
      }, w)));
    const resetText = h('button', { type: 'button', class: 'btn btn-small', onclick: () => applyText(DEFAULT_SENTENCE[lang] || DEFAULT_SENTENCE.en) }, t('sentenceReset'));
    const twoAnimals = h('button', { type: 'button', class: 'btn btn-small preset-two', onclick: () => applyText(TWO_ANIMALS[lang] || TWO_ANIMALS.en) }, t('presetTwo'));
    const clearText = h('button', { type: 'button', class: 'btn btn-small', onclick: () => { textInput.value = ''; textInput.focus(); } }, t('sentenceClear'));
    const xEditor = createMatrixEditor({ label: t('Xlabel'), t, rowLabel: (i) => word(i), colLabel: feat, spec: schema.params.X, onChange: (m) => { sent = { ...sent, X: m }; save(); update(); } });
    const wEditors = Object.fromEntries(['Wq', 'Wk', 'Wv'].map((name) => [name, createMatrixEditor({
      label: t(`${name}label`), t, rowLabel: feat, spec: schema.params[name], onChange: (m) => { sent = { ...sent, [name]: m }; save(); update(); },
    })]));
    const resetX = h('button', { type: 'button', class: 'btn btn-small', onclick: () => { sent = { ...sent, X: embed(sent.tokens, lang) }; xEditor.set(sent.X); save(); update(); } }, t('resetX'));
    const projViews = Object.fromEntries(['Q', 'K', 'V'].map((name) => [name, createMatrixView({
      caption: t(`proj.${name}`), name: `proj-${name}`, color: 'signed', digits: 3, rowLabel: (i) => word(i),
      onCell: pointAt('project'),
    })]));

    // Typed numbers: sizes (their <label>s, each holding its <select>), seed, Q, K, V editors.
    const sizes = {};
    const editors = createEditors(t, (i) => word(i), (name, m) => { num = { ...num, [name]: m }; save(); update(); });
    const seedInput = h('input', { type: 'number', min: '0', max: '999999', value: String(seed), 'aria-label': t('common.seed'), class: 'seed' });
    seedInput.addEventListener('change', () => {
      const s = Number(seedInput.value);
      if (Number.isInteger(s) && s >= 0 && s <= 999999) { seed = s; regenerate(); } else seedInput.value = String(seed);
    });
    const randomize = h('button', { type: 'button', class: 'btn', onclick: () => { seed = (seed + 1) % 1000000; seedInput.value = String(seed); regenerate(); } }, t('common.randomize'));
    const causalToggle = toggle({ label: t('causal'), checked: causal, onChange: (v) => { causal = v; save(); update(); } });

    const sentencePart = h('div', { class: 'sentence-part' },
      h('label', { class: 'sentence-label' }, t('sentenceLabel'), textInput),
      h('div', { class: 'controls' }, resetText, twoAnimals, clearText),
      sentErr,
      h('p', { class: 'note' }, t('vocabHint')), vocab,
      h('div', { class: 'positions-note' }, prose(t('positionsText'))),
      h('h2', { class: 'h-small' }, t('embHeading')),
      prose(t('embText')),
      h('div', { class: 'scroll-x' }, xEditor.el), h('div', { class: 'controls' }, resetX));
    const numbersPart = h('div', { class: 'numbers-part' },
      h('div', { class: 'controls' },
        sizes.n = sizeSelect(t('nLabel'), num.Q.length, 1, 8, (v) => resize({ n: v })),
        sizes.dk = sizeSelect(t('dkLabel'), num.Q[0].length, 1, 8, (v) => resize({ dk: v })),
        sizes.dv = sizeSelect(t('dvLabel'), num.V[0].length, 1, 8, (v) => resize({ dv: v })),
        h('label', {}, t('common.seed'), seedInput), randomize),
      h('p', { class: 'note' }, t('editHint')),
      h('div', { class: 'row' }, editors.Q.el, editors.K.el, editors.V.el));

    const projSentence = h('div', { class: 'proj-sentence' },
      prose(t('projText')),
      h('p', { class: 'note' }, t('editHint')),
      h('div', { class: 'row' }, wEditors.Wq.el, wEditors.Wk.el, wEditors.Wv.el),
      h('div', { class: 'row' }, projViews.Q.el, projViews.K.el, projViews.V.el));
    const projNumbers = h('p', { class: 'note proj-numbers' }, t('projNumbers'));
    const projPanel = h('div', { class: 'panel pipeline-panel proj-panel', 'data-ex': 'project' },
      h('h2', { class: 'h-small' }, t('projHeading')), projSentence, projNumbers);

    // The pipeline: Q, Kᵀ, V, then every intermediate of lab.attention.
    const views = {};
    const panels = {};
    const qkViews = {
      Q: createMatrixView({ caption: t('qk.Q'), name: 'qk-Q', color: 'signed', digits: 3, rowLabel: (i) => word(i) }),
      Kt: createMatrixView({ caption: t('qk.Kt'), name: 'qk-Kt', color: 'signed', digits: 3, colLabel: (j) => word(j) }),
      V: createMatrixView({ caption: t('qk.V'), name: 'qk-V', color: 'signed', digits: 3, rowLabel: (i) => word(i) }),
    };
    // Read-only views that may scroll: reachable by keyboard.
    for (const v of Object.values(qkViews)) { v.el.tabIndex = 0; v.el.setAttribute('role', 'group'); }
    qkViews.Q.el.setAttribute('aria-label', t('qk.Q')); qkViews.Kt.el.setAttribute('aria-label', t('qk.Kt')); qkViews.V.el.setAttribute('aria-label', t('qk.V'));
    panels.qk = h('div', { class: 'panel pipeline-panel qk-panel' }, h('div', { class: 'row' }, qkViews.Q.el, qkViews.Kt.el, qkViews.V.el));
    for (const name of ['scores', 'scaled', 'weights', 'output']) {
      views[name] = createMatrixView({
        caption: t(`view.${name}`), name, color: name === 'weights' ? 'weights' : 'signed', digits: 3,
        rowLabel: (i) => word(i), colLabel: (j) => (name === 'output' ? `d${sub(j + 1)}` : word(j)),
        onCell: pointAt(name),
      });
      panels[name] = h('div', { class: 'panel pipeline-panel' }, views[name].el);
    }
    const arith = h('pre', { class: 'arith', 'aria-live': 'polite', 'aria-label': t('arithLabel') });
    const heatmap = createHeatmap({ title: t('heatmapTitle'), xLabel: t('keyWord'), yLabel: t('queryWord') });
    const exportName = h('select', { 'aria-label': t('exportWhich') },
      ...EXPORTS.map((m) => h('option', { value: m }, t(`export.${m}`))));
    const exportBtn = (fmtName) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadMatrix(`attention-${exportName.value}`, matrixByName(exportName.value), fmtName) }, t(`common.export${fmtName === 'csv' ? 'Csv' : 'Json'}`));

    let pipeline = null;
    const player = createStepPlayer({
      t, initial: ctx.step,
      // Read at each render: typed numbers have no words to project, and only
      // the example sentence has the "it" → "cat" the texts follow.
      steps: STEPS.map((id, k) => ({
        id, formula: () => formula(id),
        get title() { return t(`s${k + 1}.${numbers && id === 'project' ? 'titleNumbers' : 'title'}`); },
        get text() {
          const story = !numbers && sent.text === (DEFAULT_SENTENCE[lang] || DEFAULT_SENTENCE.en);
          return t(`s${k + 1}.${numbers && id === 'project' ? 'textNumbers' : !story && STORY_STEPS.includes(id) ? 'textGeneric' : 'text'}`);
        },
      })),
      onStep: (i) => {
        ctx.setStep(i);
        const v = VIEW_OF_STEP[STEPS[i]];
        const cols = v === 'output' ? dv : v === 'project' ? dk : n;
        focus = { name: v, i: Math.min(focus.i, n - 1), j: Math.min(v === 'output' || v === 'project' ? focus.j : pickKey(focus.i), cols - 1) };
        markActive(); explain(); showMarkedColumns();
        // The page scrolls under a mouse that stays on the Next button: the
        // cell it then hovers must not take the step's focus.
        if (revealFigure(activePanel())) quietUntil = performance.now() + 1500;
      },
    });

    const multi = createMultiHead({ lab, t, heads: ctx.values.heads, onHeads: (k) => ctx.setValues({ heads: k }) });
    const scaling = createScaling({ lab, t, dk: ctx.values.sdk, unscaled: ctx.values.unscaled, onChange: (patch) => ctx.setValues(patch) });

    el.append(
      prose(t('intro1'), t('intro2')),
      h('div', { class: 'panel att-input' },
        h('div', { class: 'controls' }, srcSelect.el, causalToggle.el),
        sentencePart, numbersPart, err),
      // The player beside (sticky, at desktop width) the panels its steps
      // highlight: above them it sat ~2,400 px from the output step's matrices.
      besidePlayer(player, null,
        projPanel,
        pipeline = h('div', { class: 'pipeline', 'data-ex': 'pipeline' }, panels.qk, panels.scores, panels.scaled, panels.weights, panels.output),
        h('div', { class: 'panel', 'data-ex': 'arith' }, h('h2', { class: 'h-small' }, t('arithHeading')), arith, h('p', { class: 'note pointer-hint' }, t('arithHint')))),
      h('h2', {}, t('heatmapHeading')),
      prose(t('heatmapText')),
      h('div', { class: 'panel', 'data-ex': 'heatmap' }, h('div', { class: 'scroll-x' }, heatmap.el),
        h('div', { class: 'controls' },
          h('span', {}, t('common.export')),
          h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadSvg('attention-weights', heatmap.svg) }, t('common.exportSvg')),
          h('button', { type: 'button', class: 'btn btn-small', onclick: () => downloadPng('attention-weights', heatmap.svg) }, t('common.exportPng')),
          h('label', {}, t('exportMatrix'), exportName), exportBtn('csv'), exportBtn('json'))),
      h('h2', {}, t('whyScaleHeading')),
      h('div', { 'data-ex': 'whyScale' }, prose(t('whyScale1'), t('whyScale2'))),
      scaling.el,
      h('h2', {}, t('mhHeading')),
      prose(t('mhText')),
      h('div', { class: 'panel' }, multi.el),
      h('h2', {}, t('summaryHeading')),
      h('ul', { class: 'summary-list' }, ...[1, 2, 3, 4, 5].map((k) => h('li', {}, rich(t(`summary${k}`))))),
    );

    function matrixByName(name) {
      if (name === 'X') return numbers ? [] : sent.X;
      return ({ Q, K, V })[name] || (r ? r[name] : []);
    }

    // The query shown first: the pronoun ("it"), whose row tells the story.
    function defaultQuery() {
      const k = sent.tokens.findIndex((w) => w === 'it' || w === '它');
      return k >= 0 ? k : 0;
    }
    // The key a query attends to most (from the core's weights).
    function pickKey(i) {
      if (!r || !r.weights[i]) return 0;
      const w = r.weights[i];
      return w.indexOf(Math.max(...w));
    }

    function showSentErr(msg) { sentErr.textContent = msg; sentErr.hidden = !msg; }

    function showSource() {
      sentencePart.hidden = numbers;
      numbersPart.hidden = !numbers;
      projSentence.hidden = numbers;
      projNumbers.hidden = !numbers;
      srcSelect.select.value = numbers ? 'numbers' : 'sentence';
    }

    function save() {
      const [nn, nk, nv] = [num.Q.length, num.Q[0].length, num.V[0].length];
      // Numbers the seed gives stay out of the link (it stays short).
      const drawn = JSON.stringify(num) === JSON.stringify(seeded(seed, nn, nk, nv));
      const textValue = sent.text === (DEFAULT_SENTENCE[lang] || DEFAULT_SENTENCE.en) ? null : sent.text;
      const dfltX = JSON.stringify(embed(sent.tokens, lang));
      const common = { causal, text: textValue, X: JSON.stringify(sent.X) === dfltX ? null : sent.X, Wq: sent.Wq, Wk: sent.Wk, Wv: sent.Wv };
      ctx.setValues(numbers
        ? { ...common, src: 'numbers', n: nn, dk: nk, dv: nv, seed, Q: drawn ? null : num.Q, K: drawn ? null : num.K, V: drawn ? null : num.V }
        : { ...common, src: 'sentence', Q: null, K: null, V: null });
    }

    // A new seed: new numbers at the current sizes.
    function regenerate() {
      num = seeded(seed, num.Q.length, num.Q[0].length, num.V[0].length);
      focus = { name: focus.name, i: 0, j: 0 };
      save(); update();
    }

    // A new size keeps every entry that still fits, row by row (redrawing
    // from the seed at the new size re-flowed Q's last rows into K and V,
    // and lost what was typed); only new entries come from the seed.
    function resize(patch) {
      const want = { n: num.Q.length, dk: num.Q[0].length, dv: num.V[0].length, ...patch };
      const fresh = seeded(seed, want.n, want.dk, want.dv);
      const keep = (M, F) => F.map((row, i) => row.map((x, j) => (M[i] && j < M[i].length ? M[i][j] : x)));
      num = { Q: keep(num.Q, fresh.Q), K: keep(num.K, fresh.K), V: keep(num.V, fresh.V) };
      save(); update();
    }

    function update() {
      const options = { causal };
      if (numbers) {
        ({ Q, K, V } = num);
        n = Q.length; dk = Q[0].length; dv = V[0].length;
        r = guard(err, t, () => lab.attention(Q, K, V, options));
      } else {
        const sa = guard(err, t, () => lab.selfAttention(sent.X, sent.Wq, sent.Wk, sent.Wv, options));
        if (sa) { ({ Q, K, V } = sa); r = sa; n = Q.length; dk = Q[0].length; dv = V[0].length; } else r = null;
      }
      window.__attnlabLesson = { Q, K, V, options, tokens: labels(), source: numbers ? 'numbers' : 'sentence' };
      if (numbers) {
        editors.Q.set(Q); editors.K.set(K); editors.V.set(V);
        for (const [k, v] of Object.entries({ n, dk, dv })) sizes[k].querySelector('select').value = String(v);
      } else {
        xEditor.set(sent.X); for (const [name, e] of Object.entries(wEditors)) e.set(sent[name]);
      }
      focus.i = Math.min(focus.i, n - 1);
      if (!r) { for (const v of Object.values(views)) v.set([]); return; }
      if (!numbers) for (const name of ['Q', 'K', 'V']) projViews[name].set(r[name]);
      qkViews.Q.set(Q); qkViews.Kt.set(lab.transpose(K)); qkViews.V.set(V);
      for (const [name, v] of Object.entries(views)) v.set(r[name]);
      pipeline.classList.toggle('wide', n > 6);  // n × n matrices of many words get the full width
      markActive();
      explain();
      drawWhenShown(multi.el, () => multi.render({ X: sent.X, tokens: sent.tokens, causal }));
      drawWhenShown(scaling.el, () => scaling.render({ tokens: sent.tokens, seed }));
    }

    // A matrix wider than its box scrolls sideways: a step brings the column
    // it highlights (a key, a value column, one cell) into the box's view.
    function showMarkedColumns() {
      for (const w of pipeline.querySelectorAll('.matrix-wrap')) {
        const on = [...w.querySelectorAll('td.hl')];
        if (!on.length || new Set(on.map((td) => td.dataset.j)).size !== 1 || w.scrollWidth <= w.clientWidth) continue;
        const a = on[0].getBoundingClientRect(), b = w.getBoundingClientRect();
        if (a.right > b.right) w.scrollLeft += a.right - b.right + 16;
        else if (a.left < b.left) w.scrollLeft -= b.left - a.left + 16;
      }
    }

    // The panel the current step is about (the heatmap step: the weights).
    function activePanel() {
      const active = VIEW_OF_STEP[STEPS[player.index]];
      return active === 'project' ? projPanel : panels[active === 'masked' ? 'scaled' : active];
    }

    function markActive() {
      const active = VIEW_OF_STEP[STEPS[player.index]];
      for (const [name, p] of Object.entries(panels)) p.classList.toggle('active', name === active || (name === 'scaled' && active === 'masked') || (name === 'qk' && (active === 'scores' || active === 'output')));
      projPanel.classList.toggle('active', active === 'project');
    }

    // Highlights what the focused cell is made of: the query row and key
    // column multiplied for a score, the row normalized for a weight, the
    // weights row and the value column for an output.
    function explain() {
      if (!r) { arith.textContent = ''; return; }
      const { name, i } = focus;
      const j = Math.min(focus.j, (name === 'output' ? dv : name === 'project' ? dk : n) - 1);
      const none = null;
      const marks = {
        project: { proj: { cells: [[i, j]] }, qkQ: { rows: [i] } },
        scores: { qkQ: { rows: [i] }, qkKt: { cols: [j] }, scores: { cells: [[i, j]] } },
        scaled: { scores: { cells: [[i, j]] }, scaled: { cells: [[i, j]] } },
        // The cells the mask sets to −∞ (every j > i when causal), else the row that keeps all of its keys.
        masked: { scaled: causal ? { cells: Array.from({ length: n }, (_, a) => Array.from({ length: n - a - 1 }, (_, k) => [a, a + 1 + k])).flat() } : { rows: [i] } },
        weights: { scaled: { rows: [i] }, weights: { cells: [[i, j]] } },
        output: { weights: { rows: [i] }, qkV: { cols: [j] }, output: { cells: [[i, j]] } },
      }[name] || {};
      qkViews.Q.mark(marks.qkQ || none); qkViews.Kt.mark(marks.qkKt || none); qkViews.V.mark(marks.qkV || none);
      for (const [k, v] of Object.entries(views)) v.mark(marks[k] || none);
      for (const v of Object.values(projViews)) v.mark(marks.proj ? { rows: [i] } : none);
      heatmap.set(r.weights, { rowLabels: labels(), colLabels: labels(), highlight: name === 'output' ? { rows: [i] } : name === 'project' ? null : { cells: [[i, j]] } });
      arith.textContent = name === 'project'
        ? projArith(i, j)
        : explainCell(name === 'masked' ? 'scaled' : name, i, j, { Q, K, V, r, scale: scale(), t, tok });
      player.refresh();
    }

    function projArith(i, j) {
      if (numbers) return t('projNumbers');
      const x = sent.X[i];
      const line = (M) => `${M}[${tok(i)}, ${j + 1}] = Σ_f X[${tok(i)}, f]·W${M}[f, ${j + 1}] = ${x.map((v, f) => `${fmt(v, 3)}×${fmt(sent[`W${M.toLowerCase()}`][f][j], 3)}`).join(' + ')}\n        = ${fmt(r[M][i][j], 6)}`;
      return ['Q', 'K', 'V'].map((M) => line(M)).join('\n');
    }

    function formula(id) {
      if (!r) return '';
      const { i } = focus;
      const j = Math.min(id === 'output' ? focus.j : focus.name === 'output' || focus.name === 'project' ? pickKey(i) : focus.j, n - 1);
      const a = `${texWord(word(i))}_{${i + 1}}`, b = `${texWord(word(j))}_{${j + 1}}`;
      const row = (v, d = 3) => `\\begin{bmatrix}${v.map((x) => fmtTex(x, d)).join(' & ')}\\end{bmatrix}`;
      switch (id) {
        case 'project': return numbers
          ? `Q \\in \\mathbb{R}^{${n}\\times${dk}},\\ K \\in \\mathbb{R}^{${n}\\times${dk}},\\ V \\in \\mathbb{R}^{${n}\\times${dv}}`
          : `\\begin{aligned} &q_{${a}} = x_{${a}} W_Q = ${row(sent.X[i], 2)} W_Q = ${row(r.Q[i])} \\\\ &k_{${a}} = ${row(r.K[i])},\\quad v_{${a}} = ${row(r.V[i])} \\end{aligned}`;
        case 'scores': return `S = QK^\\top \\in \\mathbb{R}^{${n}\\times${n}},\\quad S_{${a},\\,${b}} = q_{${a}}\\cdot k_{${b}} = ${fmtTex(r.scores[i][j])}`;
        case 'scale': return `\\tilde S = \\frac{S}{\\sqrt{d_k}} = \\frac{S}{\\sqrt{${dk}}},\\quad \\tilde S_{${a},\\,${b}} = \\frac{${fmtTex(r.scores[i][j])}}{${fmtTex(Math.sqrt(dk))}} = ${fmtTex(r.scaled[i][j])}`;
        case 'mask': return causal
          ? `\\tilde S_{ij} = -\\infty \\ \\text{${t('forJgtI')}}\\ j > i \\quad(\\text{${t('causalShort')}})`
          : `\\text{${t('noMask')}}`;
        // Rows, left-aligned: the beside-player column is narrow (about 320 px); each part starts in view.
        case 'softmax': return `\\begin{aligned} &\\alpha_{${a},\\,j} = \\frac{\\exp(\\tilde S_{${a},\\,j})}{\\sum_{k} \\exp(\\tilde S_{${a},\\,k})} \\\\ &\\alpha_{${a},\\,\\cdot} = ${row(r.weights[i])} \\\\ &\\sum_j \\alpha_{${a},\\,j} = ${fmtTex(r.weights[i].reduce((x, y) => x + y, 0), 12)} \\end{aligned}`;
        case 'output': return `\\text{out}_{${a}} = \\sum_j \\alpha_{${a},\\,j}\\, v_j = ${row(r.output[i])}`;
        default: return `\\operatorname{Attention}(Q,K,V) = \\operatorname{softmax}\\!\\left(\\frac{QK^\\top}{\\sqrt{d_k}}\\right)V`;
      }
    }

    if (sent.dropped) showSentErr(t('sentenceFallback', { text: sent.dropped.slice(0, 40) }));
    else if (sent.unknown.length) showSentErr(t('sentenceUnknown', { words: sent.unknown.join(lang === 'zh-Hans' ? '、' : ', ') }));
    else if (sent.tooLong) showSentErr(t('sentenceTooLong', { n: MAX_TOKENS }));
    focus = { name: VIEW_OF_STEP[STEPS[player.index]] || 'output', i: numbers ? 0 : defaultQuery(), j: 0 };
    showSource();
    update();
    if (!numbers && r) { focus.j = focus.name === 'output' || focus.name === 'project' ? 0 : pickKey(focus.i); explain(); }
    return { destroy: () => { player.destroy(); multi.destroy(); delete window.__attnlabLesson; delete window.__attnlabScale; } };
  },
};
