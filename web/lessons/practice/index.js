// Lesson "Practice" (the chapter's closing section: NumPy implementation and
// visualization). The learner pastes their own Q (n x d_k), K (m x d_k) and
// V (m x d_v); the core computes attention (lab.attention); the page shows
// the weights heatmap (n x m), the output (n x d_v), a three-step
// walkthrough with the live numbers, and the NumPy code (and the JS call)
// that reproduce every number, ready to copy.
//
// URL state (params.js): Q, K, V, the causal mask, a custom scale, step.
import { h, clear, append } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createHeatmap } from '../../plots/heatmap.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { downloadMatrix, downloadPng, downloadSvg } from '../../ui/export.js';
import { encodeValue, parseValue } from '../../state/schema.js';
import { rng, randomMatrix } from '../../util/random.js';
import { parseNumber } from '../../lib/parse-matrix.js';
import PARAMS from './params.js';
import { prose, toggle, errorSlot, matTex, vecTex, fmtTex, coreMessage } from '../shared/kit.js';
import { createMatrixField } from './field.js';
import { createCodeBlock } from './code.js';
import { pyArray, pyNumber, jsArray, numpyStr } from './numpy.js';

const NAMES = ['Q', 'K', 'V'];
const SMALL = 5;  // up to 5 x 5, formulas show the numbers; beyond, shapes only

const clone = (m) => m.map((row) => row.slice());

export default {
  id: 'practice',
  mount(el, ctx) {
    const { lab, t } = ctx;
    const schema = PARAMS.params;
    const spec = (name) => schema[name];
    const mats = {};
    for (const name of NAMES) {
      const v = ctx.values[name];
      mats[name] = Array.isArray(v) && v.length && Array.isArray(v[0]) ? clone(v) : clone(spec(name).default);
    }
    let causal = typeof ctx.values.causal === 'boolean' ? ctx.values.causal : false;
    let scale = typeof ctx.values.scale === 'number' && ctx.values.scale > 0 ? ctx.values.scale : null;
    let res = null;  // the last result that could be computed, with its inputs

    // ---- inputs -----------------------------------------------------------
    const linkNote = h('p', { class: 'note pr-link-note', hidden: true });
    const tooLongForLink = new Set();
    const fields = {};
    for (const name of NAMES) {
      fields[name] = createMatrixField({
        label: t(`field.${name}`), value: mats[name], spec: spec(name), t,
        onChange: (m) => { mats[name] = m; save(name); update(); },
      });
    }

    // Puts a good matrix into the URL, if the link can hold it.
    function save(name) {
      const s = spec(name);
      const fits = !parseValue(encodeValue(mats[name], s), s).error;
      if (fits) { tooLongForLink.delete(name); ctx.setValues({ [name]: mats[name] }); } else tooLongForLink.add(name);
      linkNote.hidden = tooLongForLink.size === 0;
      linkNote.textContent = tooLongForLink.size ? t('linkNote', { names: [...tooLongForLink].join(', ') }) : '';
    }

    const causalToggle = toggle({ label: t('causal'), checked: causal,
      onChange: (v) => { causal = v; ctx.setValues({ causal }); update(); } });

    const scaleId = 'practice-scale';
    const scaleInput = h('input', { id: scaleId, type: 'text', inputmode: 'decimal', class: 'pr-scale', spellcheck: 'false', autocomplete: 'off',
      placeholder: t('scalePlaceholder'), 'aria-describedby': `${scaleId}-hint ${scaleId}-err` });
    scaleInput.value = scale === null ? '' : String(scale);
    const scaleErr = h('span', { class: 'field-error', id: `${scaleId}-err`, 'aria-live': 'polite' });
    const scaleHint = h('span', { class: 'note', id: `${scaleId}-hint` }, t('scaleHint'));
    let scaleTimer = null;
    const commitScale = () => {
      clearTimeout(scaleTimer);
      const text = scaleInput.value.trim();
      let v = null, msg = '';
      if (text !== '') {
        const r = parseNumber(text);
        if (!r.ok) msg = t('scaleBad', { text: text.slice(0, 24) });
        else if (!(r.value > 0)) msg = t('scalePositive');
        else if (schema.scale && ((schema.scale.min !== undefined && r.value < schema.scale.min) || (schema.scale.max !== undefined && r.value > schema.scale.max)))
          msg = t('scaleRange', { min: fmt(schema.scale.min, 6), max: fmt(schema.scale.max, 6) });
        else v = r.value;
      }
      if (msg) {
        scaleInput.setAttribute('aria-invalid', 'true');
        scaleErr.textContent = msg + t('sep') + t('scaleKeep');
        return;
      }
      scaleInput.removeAttribute('aria-invalid');
      scaleErr.textContent = '';
      if (v === scale) return;
      scale = v;
      ctx.setValues({ scale });
      update();
    };
    scaleInput.addEventListener('input', () => { clearTimeout(scaleTimer); scaleTimer = setTimeout(commitScale, 400); });
    scaleInput.addEventListener('change', commitScale);
    const scaleControl = h('span', { class: 'pr-scale-wrap' },
      h('label', { for: scaleId }, t('scaleLabel')), scaleInput, scaleHint, scaleErr);

    function setAll(next) {
      for (const name of NAMES) { mats[name] = clone(next[name]); fields[name].set(mats[name]); save(name); }
      update();
    }
    const resetBtn = h('button', { type: 'button', class: 'btn', onclick: () => setAll({ Q: spec('Q').default || fallback.Q, K: spec('K').default || fallback.K, V: spec('V').default || fallback.V }) },
      t('resetExample'));
    const randomBtn = h('button', { type: 'button', class: 'btn', onclick: () => {
      const next = rng(Math.floor(Math.random() * 1e9));
      const n = 3 + Math.floor(next() * 4), dk = 2 + Math.floor(next() * 3), dv = 2 + Math.floor(next() * 2);
      setAll({ Q: randomMatrix(next, n, dk), K: randomMatrix(next, n, dk), V: randomMatrix(next, n, dv) });
    } }, t('randomExample'));

    const err = errorSlot();

    // ---- results ----------------------------------------------------------
    const summary = h('p', { class: 'pr-summary', 'data-ex': 'scale' });
    const heatmap = createHeatmap({ title: t('heatmapTitle'), xLabel: t('common.keyPosition'), yLabel: t('common.queryPosition'), ariaLabel: t('heatmapAlt') });
    const weightsView = createMatrixView({ caption: '', color: 'weights', digits: 4, name: 'weights',
      rowLabel: (i) => `q${i + 1}`, colLabel: (j) => `k${j + 1}` });
    const outputView = createMatrixView({ caption: '', color: 'signed', digits: 4, name: 'output', rowLabel: (i) => `o${i + 1}` });
    // Wide tables scroll inside their own box: focusable, so the keyboard can scroll them.
    for (const v of [weightsView, outputView]) { v.el.tabIndex = 0; v.el.setAttribute('role', 'group'); }
    const exportGroup = (label, ...buttons) => h('div', { class: 'pr-export', role: 'group', 'aria-label': label },
      h('span', { class: 'pr-export-label', 'aria-hidden': 'true' }, label), ...buttons);
    const btn = (text, label, onclick) => h('button', { type: 'button', class: 'btn btn-small', 'aria-label': `${label}: ${text}`, onclick }, text);
    const heatmapExport = exportGroup(t('exportHeatmap'),
      btn('SVG', t('exportHeatmap'), () => downloadSvg('attention-heatmap', heatmap.svg)),
      btn('PNG', t('exportHeatmap'), () => downloadPng('attention-heatmap', heatmap.svg)));
    const weightsExport = exportGroup(t('exportWeights'),
      btn(t('common.exportCsv'), t('exportWeights'), () => res && downloadMatrix('attention-weights', res.weights, 'csv')),
      btn(t('common.exportJson'), t('exportWeights'), () => res && downloadMatrix('attention-weights', res.weights, 'json')));
    const outputExport = exportGroup(t('exportOutput'),
      btn(t('common.exportCsv'), t('exportOutput'), () => res && downloadMatrix('attention-output', res.output, 'csv')),
      btn(t('common.exportJson'), t('exportOutput'), () => res && downloadMatrix('attention-output', res.output, 'json')));

    const pyBlock = createCodeBlock({ title: t('codeTitle'), t });
    const printsId = 'practice-prints';
    const prints = h('pre', { class: 'code pr-prints', tabindex: '0', 'aria-labelledby': `${printsId}-title` });
    const jsBlock = createCodeBlock({ title: t('jsTitle'), t });

    const results = h('section', { class: 'pr-results', 'data-ex': 'results', 'aria-labelledby': 'practice-results-h' },
      h('h2', { id: 'practice-results-h' }, t('resultsHeading')),
      summary,
      h('div', { class: 'pr-figures' },
        h('div', { class: 'pr-heatmap' }, heatmap.el, heatmapExport),
        h('div', { class: 'pr-table' }, weightsView.el, weightsExport),
        h('div', { class: 'pr-table' }, outputView.el, outputExport)));
    const codeGrid = h('div', { class: 'pr-code-grid' },
      pyBlock.el,
      h('div', { class: 'pr-prints-box' },
        h('h3', { id: `${printsId}-title`, class: 'pr-code-title' }, t('printsTitle')),
        prints,
        h('p', { class: 'note' }, t('printsNote'))));
    const codeSection = h('section', { class: 'pr-numpy', 'data-ex': 'numpy', 'aria-labelledby': 'practice-numpy-h' },
      h('h2', { id: 'practice-numpy-h' }, t('numpyHeading')),
      h('p', {}, t('numpyIntro')),
      h('p', { class: 'note pr-fix' }, h('strong', {}, t('softmaxNoteLead')), ' ', t('softmaxNote')),
      codeGrid);

    // ---- walkthrough ------------------------------------------------------
    const steps = [
      { id: 'scores', title: t('s1.title'), text: '', formula: () => formulaScores() },
      { id: 'softmax', title: t('s2.title'), text: '', formula: () => formulaSoftmax() },
      { id: 'output', title: t('s3.title'), text: '', formula: () => formulaOutput() },
    ];
    const player = createStepPlayer({ t, steps, initial: ctx.step, onStep: (i) => { ctx.setStep(i); highlight(); } });

    el.append(
      prose(t('intro1'), t('intro2')),
      h('h2', {}, t('inputsHeading')),
      h('div', { class: 'panel', 'data-ex': 'inputs' },
        h('div', { class: 'pr-inputs' }, ...NAMES.map((n) => fields[n].el)),
        h('p', { class: 'note' }, t('formats', { max: Math.min(spec('Q').maxRows || 16, spec('Q').maxCols || 16), min: fmt(spec('Q').min, 6), lim: fmt(spec('Q').max, 6) })),
        h('div', { class: 'controls' }, causalToggle.el, scaleControl),
        h('div', { class: 'controls' }, resetBtn, randomBtn),
        linkNote),
      err,
      results,
      codeSection,
      h('h2', {}, t('walkHeading')),
      player.el,
      h('h2', {}, t('jsHeading')),
      prose(t('jsIntro')),
      jsBlock.el,
    );

    // ---- computing --------------------------------------------------------
    const shapeOf = (m) => [m.length, m[0].length];

    function hintFor(Q, K, V) {
      if (K[0].length !== Q[0].length) return t('shape.kCols', { q: Q[0].length, k: K[0].length });
      if (V.length !== K.length) return t('shape.vRows', { k: K.length, v: V.length });
      return '';
    }

    function update() {
      const { Q, K, V } = mats;
      const options = {};
      if (causal) options.causal = true;
      if (scale !== null) options.scale = scale;
      let r;
      try {
        r = lab.attention(Q, K, V, options);
      } catch (e) {
        clear(err);
        err.hidden = false;
        // In the page's language first (the shape hint, else the shared
        // translation of the core's message); the core's English after it.
        const hint = hintFor(Q, K, V);
        const cm = coreMessage(e, t);
        append(err, [h('span', {}, t('common.error'), ' ', hint || cm.text),
          res ? [t('sep'), h('span', { class: 'pr-hint' }, t('staleNote'))] : null,
          cm.detail ? h('span', { class: 'error-detail', lang: 'en' }, h('code', {}, cm.detail)) : null]);
        results.classList.add('pr-stale');
        codeSection.classList.add('pr-stale');
        return;
      }
      clear(err);
      err.hidden = true;
      results.classList.remove('pr-stale');
      codeSection.classList.remove('pr-stale');
      res = { Q: clone(Q), K: clone(K), V: clone(V), causal, scale, ...r };
      render();
    }

    function render() {
      const { Q, K, V, weights, output } = res;
      const [n, dk] = shapeOf(Q), m = K.length, dv = V[0].length;
      const c = res.scale === null ? 1 / Math.sqrt(dk) : res.scale;
      summary.textContent = (res.scale === null
        ? t('summaryAuto', { n, m, dk, dv, c: fmt(c, 4) })
        : t('summaryCustom', { n, m, dk, dv, c: fmt(c, 6) })) + (res.causal ? t('sep') + t('causalOn') : '');
      weightsView.el.querySelector('table').id = 'practice-weights-table';
      weightsView.set(weights);
      weightsView.el.querySelector('caption').textContent = t('weightsCaption', { n, m });
      weightsView.el.setAttribute('aria-label', t('weightsCaption', { n, m }));
      outputView.set(output);
      outputView.el.querySelector('caption').textContent = t('outputCaption', { n, dv });
      outputView.el.setAttribute('aria-label', t('outputCaption', { n, dv }));
      pyBlock.set(pythonCode(res, t));
      prints.textContent = `${t('py.weights')}\n${numpyStr(weights)}\n${t('py.output')}\n${numpyStr(output)}`;
      // Wide printouts go below the code instead of beside it.
      codeGrid.classList.toggle('pr-stack', Math.max(...prints.textContent.split('\n').map((l) => l.length)) > 44);
      jsBlock.set(jsCode(res, t));
      const big = Math.max(n, m, dk, dv) > SMALL;
      steps[0].text = [t('s1.text'), res.scale !== null ? t('s1.custom') : '', res.causal ? t('s1.causal') : '', big ? t('s1.big') : ''].filter(Boolean).join(t('sep'));
      steps[1].text = t('s2.text');
      steps[2].text = [t('s3.text'), big ? '' : t('s3.rowOne')].filter(Boolean).join(t('sep'));
      player.refresh();
      highlight();
    }

    function highlight() {
      if (!res) return;
      const i = player.index;
      const hl = i >= 1 ? { rows: [0] } : null;
      heatmap.set(res.weights, { highlight: hl || undefined });
      weightsView.mark(hl);
      outputView.mark(i === 2 ? { rows: [0] } : null);
    }

    // ---- formulas -----------------------------------------------------------
    function dims() {
      const { Q, K, V } = res;
      return { n: Q.length, dk: Q[0].length, m: K.length, dv: V[0].length };
    }
    const R = (a, b) => `\\mathbb{R}^{${a}\\times ${b}}`;
    const isSmall = () => { const d = dims(); return Math.max(d.n, d.m, d.dk, d.dv) <= SMALL; };

    function formulaScores() {
      if (!res) return '';
      const { n, dk, m } = dims();
      const lhs = res.scale === null ? `S = \\frac{QK^\\top}{\\sqrt{d_k}}` : `S = c\\,QK^\\top`;
      const mask = res.causal ? `,\\quad S_{ij} = -\\infty \\text{ for } j > i` : '';
      if (!isSmall())
        return `Q \\in ${R(n, dk)},\\; K \\in ${R(m, dk)} \\;\\Rightarrow\\; ${lhs} \\in ${R(n, m)}${mask}`;
      const factor = res.scale === null ? `\\frac{1}{\\sqrt{${dk}}}` : `${fmtTex(res.scale, 4)}\\cdot`;
      return `${lhs} = ${factor}${matTex(res.scores)} = ${matTex(res.scaled)}`;
    }

    function formulaSoftmax() {
      if (!res) return '';
      const { n, m } = dims();
      const W = res.weights;
      const dev = Math.max(...W.map((row) => Math.abs(row.reduce((a, b) => a + b, 0) - 1)));
      const def = `A_{ij} = \\frac{e^{S_{ij}}}{\\sum_{l=1}^{${m}} e^{S_{il}}}`;
      const check = `\\max_i \\Bigl|\\textstyle\\sum_j A_{ij} - 1\\Bigr| = ${fmtTex(dev, 2)}`;
      if (!isSmall()) return `${def},\\quad A \\in ${R(n, m)},\\quad ${check}`;
      const sums = W.map((row) => [row.reduce((a, b) => a + b, 0)]);
      return `\\begin{gathered}${def},\\qquad A = ${matTex(W)},\\qquad \\textstyle\\sum_j A_{ij} = ${matTex(sums, 12)} \\\\ ${check}\\end{gathered}`;
    }

    function formulaOutput() {
      if (!res) return '';
      const { n, dv } = dims();
      const { weights: W, V, output: O } = res;
      const def = `O = AV,\\quad o_i = \\sum_j A_{ij}\\, v_j`;
      if (!isSmall()) return `${def},\\quad O \\in ${R(n, dv)}`;
      const terms = V.map((v, j) => `${fmtTex(W[0][j])}\\,${vecTex(v)}`).join(' + ');
      return `\\begin{gathered}O = AV = ${matTex(W)}${matTex(V)} = ${matTex(O)} \\\\ o_1 = ${terms} = ${vecTex(O[0])}\\end{gathered}`;
    }

    // Initial state: the matrices from the URL.
    update();

    return {
      destroy() {
        player.destroy();
        clearTimeout(scaleTimer);
        for (const name of NAMES) fields[name].destroy();
        pyBlock.destroy();
        jsBlock.destroy();
      },
    };
  },
};

// ---- the code to copy -------------------------------------------------------

function pythonCode(res, t) {
  const opts = res.causal || res.scale !== null;
  const L = [
    'import numpy as np',
    'import matplotlib.pyplot as plt',
    '',
    '',
    'def softmax(z):',
    `    # ${t('py.softmax1')}`,
    `    # ${t('py.softmax2')}`,
    '    exp_z = np.exp(z - np.max(z, axis=-1, keepdims=True))',
    '    return exp_z / np.sum(exp_z, axis=-1, keepdims=True)',
    '',
  ];
  if (!opts) {
    L.push(
      'def attention_weights(Q, K):',
      '    scores = np.dot(Q, K.T) / np.sqrt(K.shape[1])',
      '    return softmax(scores)',
      '',
      'def attention(Q, K, V):',
      '    weights = attention_weights(Q, K)',
      '    return np.dot(weights, V)',
    );
  } else {
    L.push(
      'def attention_weights(Q, K, scale=None, causal=False):',
      '    if scale is None:',
      `        scale = 1 / np.sqrt(K.shape[1])  # ${t('py.scaleDefault')}`,
      '    scores = np.dot(Q, K.T) * scale',
      '    if causal:',
      `        # ${t('py.causal')}`,
      '        allowed = np.tril(np.ones(scores.shape, dtype=bool))',
      '        scores = np.where(allowed, scores, -np.inf)',
      '    return softmax(scores)',
      '',
      'def attention(Q, K, V, **options):',
      '    weights = attention_weights(Q, K, **options)',
      '    return np.dot(weights, V)',
    );
  }
  L.push(
    '',
    'def plot_attention_matrix(attention_weights, title="Attention Matrix"):',
    '    plt.figure(figsize=(10, 8))',
    "    plt.imshow(attention_weights, cmap='Blues', vmin=0, vmax=1)",
    '    plt.colorbar()',
    '    plt.title(title)',
    "    plt.xlabel('Key Position')",
    "    plt.ylabel('Query Position')",
    '    plt.show()',
    '',
    '',
    `# ${t('py.data')}`,
    pyArray('Q', res.Q),
    pyArray('K', res.K),
    pyArray('V', res.V),
    '',
  );
  const args = [];
  if (res.scale !== null) args.push(`scale=${pyNumber(res.scale)}`);
  if (res.causal) args.push('causal=True');
  const extra = args.length ? `, ${args.join(', ')}` : '';
  L.push(
    `weights = attention_weights(Q, K${extra})`,
    `output = attention(Q, K, V${extra})`,
    '',
    'np.set_printoptions(precision=6, suppress=True)',
    `print(${pyString(t('py.weights'))})`,
    'print(weights)',
    `print(${pyString(t('py.output'))})`,
    'print(output)',
    '',
    'plot_attention_matrix(weights)',
  );
  return L.join('\n') + '\n';
}

// A Python string literal (the labels are plain text without quotes, but be safe).
const pyString = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function jsCode(res, t) {
  const opts = [];
  if (res.causal) opts.push('causal: true');
  if (res.scale !== null) opts.push(`scale: ${String(res.scale)}`);
  const extra = opts.length ? `, { ${opts.join(', ')} }` : '';
  return [
    `// ${t('js.load')}`,
    'const lab = await AttnLab.load();',
    jsArray('Q', res.Q),
    jsArray('K', res.K),
    jsArray('V', res.V),
    `const r = lab.attention(Q, K, V${extra});`,
    `// ${t('js.result')}`,
    'console.log(r.weights, r.output);',
  ].join('\n') + '\n';
}
