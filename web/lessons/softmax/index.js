// Lesson "Softmax": logits -> probabilities, step by step (max shift, exp,
// sum, divide), temperature, the naive formula's overflow, and the Jacobian
// diag(p) - p p^T. Every number comes from the core (lab.softmaxSteps etc.).
import { h, clear } from '../../core/dom.js';
import { fmt, sub } from '../../core/format.js';
import { createStepPlayer } from '../../core/step-player.js';
import { createBars } from '../../plots/bars.js';
import { createMatrixView } from '../../plots/matrix-view.js';
import { texNode } from '../../core/tex.js';
import { prose, slider, toggle, vectorField, guard, errorSlot, vecTex, fmtTex } from '../shared/kit.js';
import schema from './params.js';
import { createChain } from './chain.js';

const OVERFLOW = [1000, 1001, 1002];

export default {
  id: 'softmax',
  mount(el, ctx) {
    const { lab, t } = ctx;
    let z = ctx.values.z.slice();
    let T = ctx.values.T;
    let showNaive = ctx.values.naive;
    let r = null;  // latest core results

    const err = errorSlot();
    const zField = vectorField({ label: t('zLabel'), value: z, t, spec: schema.params.z, onChange: (v) => setZ(v) });
    const tSlider = slider({ label: t('temperature'), min: 0.05, max: 5, step: 0.05, value: T, onInput: (v) => { T = v; update(); } });
    const presetOverflow = h('button', { type: 'button', class: 'btn', onclick: () => setZ(OVERFLOW) }, t('tryOverflow'));
    const presetReset = h('button', { type: 'button', class: 'btn', onclick: () => { T = 1; tSlider.set(1); setZ([2, 1, 0.1, -1]); } }, t('resetInputs'));
    const logits = createBars({ ariaLabel: t('logitsFigure'), labels: (i) => `z${sub(i + 1)}`, editable: true, step: 0.5, min: -6, max: 6,
      color: 'var(--muted)', height: 220, fill: true, onChange: (v) => setZ(v) });
    // The right chart follows the steps: p, then (z - m)/T, e_i, the e_i
    // with their sum S, p_i = e_i / S, and the Jacobian's diagonal.
    const probs = createBars({ ariaLabel: t('probsFigure'), labels: (i) => `p${sub(i + 1)}`, min: 0, max: 1, height: 220, fill: true });
    const stepHeading = h('h2', { 'aria-live': 'polite' }, t('probsHeading'));
    let J = null;  // latest Jacobian (its diagonal is the last step's chart)

    const player = createStepPlayer({
      t, initial: ctx.step,
      steps: [
        { id: 'scores', title: t('s1.title'), text: t('s1.text'), formula: () => `z = ${vecTex(z)}` },
        { id: 'shift', title: t('s2.title'), text: t('s2.text'),
          formula: () => `m = \\max_j z_j = ${fmtTex(r.max)},\\quad \\frac{z - m}{T} = ${vecTex(r.shifted)}` },
        { id: 'exp', title: t('s3.title'), text: t('s3.text'),
          formula: () => `e_i = \\exp\\!\\left(\\frac{z_i - m}{T}\\right):\\quad e = ${vecTex(r.exps)}` },
        { id: 'sum', title: t('s4.title'), text: t('s4.text'),
          formula: () => `S = \\sum_j e_j = ${r.exps.map((x) => fmtTex(x)).join(' + ')} = ${fmtTex(r.sum)}` },
        { id: 'divide', title: t('s5.title'), text: t('s5.text'),
          formula: () => `p_i = \\frac{e_i}{S} = \\frac{\\exp(z_i/T)}{\\sum_j \\exp(z_j/T)}:\\quad p = ${vecTex(r.probs)},\\ \\sum_i p_i = ${fmtTex(r.probs.reduce((a, b) => a + b, 0), 12)}` },
        { id: 'jacobian', title: t('s6.title'), text: t('s6.text'),
          formula: () => `\\frac{\\partial p_i}{\\partial z_j} = \\frac{1}{T}\\,p_i(\\delta_{ij} - p_j),\\qquad J = \\frac{1}{T}\\left(\\operatorname{diag}(p) - p\\,p^\\top\\right)` },
      ],
      onStep: (i) => { ctx.setStep(i); highlight(); },
    });

    // Naive vs stable, side by side.
    const naiveToggle = toggle({ label: t('showNaive'), checked: showNaive, onChange: (v) => { showNaive = v; ctx.setValues({ naive: v }); update(); } });
    const compare = h('div', { class: 'matrix-wrap' });
    const jac = createMatrixView({ caption: t('jacobianCaption'), rowLabel: (i) => `p${sub(i + 1)}`, colLabel: (j) => `z${sub(j + 1)}`, color: 'signed', digits: 3, name: 'jacobian' });
    const jacCheck = h('p', { class: 'check' });
    let target = ctx.values.y;
    const chain = createChain({ lab, t, onTarget: (y) => { target = y; ctx.setValues({ y }); chain.update(z, T, target); } });

    el.append(
      prose(t('intro1'), t('intro2')),
      h('div', { class: 'panel', 'data-ex': 'inputs' },
        h('div', { class: 'controls' }, zField.el, tSlider.el, presetOverflow, presetReset),
        err,
        h('div', { class: 'row sm-charts' },
          h('div', {}, h('h2', {}, t('logitsHeading')), logits.el, h('p', { class: 'note' }, t('dragHint'))),
          h('div', { class: 'sm-step-chart' }, stepHeading, probs.el)),
        // The steps right under the charts they redraw.
        player.el),
      h('h2', {}, t('temperatureHeading')),
      h('div', { 'data-ex': 'temperature' }, prose(t('temperatureText'))),
      h('h2', {}, t('stabilityHeading')),
      prose(t('stabilityText')),
      h('div', { class: 'panel', 'data-ex': 'stability' }, h('div', { class: 'controls' }, naiveToggle.el), compare),
      h('h2', {}, t('jacobianHeading')),
      prose(t('jacobianText')),
      h('div', { class: 'panel', 'data-ex': 'jacobian' }, jac.el, jacCheck),
      h('h2', {}, t('chainHeading')),
      prose(t('chainText1')),
      chain.formulas[0],
      prose(t('chainText2')),
      chain.formulas[1],
      chain.el,
      h('h2', {}, t('propertiesHeading')),
      prose(t('properties1'), t('properties2')),
    );

    function setZ(v) {
      z = v.slice();
      zField.set(z);
      ctx.setValues({ z });
      update();
    }

    function highlight() {
      const id = ['scores', 'shift', 'exp', 'sum', 'divide', 'jacobian'][player.index];
      const arg = r ? z.indexOf(Math.max(...z)) : -1;
      logits.set(z, { highlight: id === 'shift' ? [arg] : id === 'scores' ? z.map((_, i) => i) : [], range: [-6, 6] });
      if (!r) { probs.set([], {}); return; }
      const all = z.map((_, i) => i);
      const n = z.length;
      const lab_ = (name) => (i) => `${name}${sub(i + 1)}`;
      let v, opts;
      if (id === 'shift') {
        const lo = Math.min(-1, ...r.shifted) * 1.1;
        v = r.shifted; opts = { range: [lo, 0], labels: (i) => `(z${sub(i + 1)}−m)/T`, highlight: [arg] };
      } else if (id === 'exp') {
        v = r.exps; opts = { range: [0, 1], labels: lab_('e'), highlight: [arg] };
      } else if (id === 'sum') {
        v = [...r.exps, r.sum];
        opts = { range: [0, r.sum * 1.12], labels: (i) => (i < n ? `e${sub(i + 1)}` : 'S'), highlight: [n], classes: (i) => (i === n ? 'bar-total' : '') };
      } else if (id === 'divide') {
        v = r.probs; opts = { range: [0, 1], labels: lab_('p'), highlight: all };
      } else if (id === 'jacobian' && J) {
        v = J.map((row, i) => row[i]);
        opts = { range: [0, Math.max(...v, 1e-12) * 1.12], labels: (i) => `∂p${sub(i + 1)}/∂z${sub(i + 1)}`, highlight: [v.indexOf(Math.max(...v))] };
      } else {
        v = r.probs; opts = { range: [0, 1], labels: lab_('p') };
      }
      stepHeading.textContent = t(id === 'scores' || (id === 'jacobian' && !J) ? 'probsHeading' : `stepChart.${id}`);
      probs.set(v, opts);
    }

    function update() {
      ctx.setValues({ T });
      r = guard(err, t, () => lab.softmaxSteps(z, { temperature: T }));
      if (!r) return;
      J = lab.softmaxJacobian(z, { temperature: T });
      highlight();
      player.refresh();
      renderCompare();
      jac.set(J);
      chain.update(z, T, target);
      const worst = Math.max(...J.map((row) => Math.abs(row.reduce((a, b) => a + b, 0))));
      const symmetric = J.every((row, i) => row.every((x, j) => x === J[j][i]));
      jacCheck.className = `check ${worst < 1e-12 && symmetric ? 'good' : 'bad'}`;
      jacCheck.textContent = t('jacobianCheck', { worst: fmt(worst, 2) }) + (symmetric ? ` ${t('symmetric')}` : '');
    }

    function renderCompare() {
      clear(compare);
      const stable = r.probs;
      const rows = [[t('colStable'), stable]];
      if (showNaive) rows.push([t('colNaive'), lab.softmaxNaive(z, { temperature: T })]);
      rows.push([t('colLog'), lab.logSoftmax(z, { temperature: T })]);
      const table = h('table', { class: 'matrix' }, h('caption', {}, t('compareCaption')),
        h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), ...z.map((_, i) => h('th', { scope: 'col' }, `z${sub(i + 1)} = ${fmt(z[i], 4)}`)))),
        h('tbody', {}, ...rows.map(([name, v]) => h('tr', {}, h('th', { scope: 'row' }, name),
          ...v.map((x) => h('td', { class: Number.isFinite(x) ? '' : 'nonfinite' }, fmt(x, 4)))))));
      compare.appendChild(table);
      if (showNaive) {
        const naive = rows[1][1];
        const broken = naive.some((x) => !Number.isFinite(x));
        compare.appendChild(h('p', { class: `check ${broken ? 'bad' : 'good'}` }, broken ? t('naiveBroken') : t('naiveFine')));
        if (broken) compare.appendChild(texNode(`e^{${fmtTex(Math.max(...z) / T)}} = \\infty \\;\\Rightarrow\\; \\frac{\\infty}{\\infty} = \\text{NaN}`, true, 'div'));
      }
    }

    update();
    return { destroy: () => player.destroy() };
  },
};

