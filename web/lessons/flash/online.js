// Online softmax, step by step: the scores read one at a time, a running
// maximum m and a running sum l of exp(zᵢ − m) rescaled by exp(m_old − m_new)
// whenever the maximum grows; one pass, and the weights equal softmax's.
// Figure: the scores read so far, and a table of m, l and the rescaling
// factor after each score (lab.onlineSoftmax).
import { h, clear } from '../../ui/dom.js';
import { fmt, sub } from '../../util/format.js';
import { createStepPlayer } from '../../ui/step-player.js';
import { createBars } from '../../plots/bars.js';
import { vectorField, errorSlot, showCoreError, fmtTex, besidePlayer } from '../shared/kit.js';
import schema from './params.js';

const STEPS = ['first', 'newmax', 'rest', 'divide', 'check'];

// The score the step is at (1-based): the first, the first that raises the
// maximum (the second when none does), the last.
export function stepElement(id, z) {
  if (id === 'first') return 1;
  if (id === 'newmax') {
    let m = z[0];
    for (let k = 1; k < z.length; k++) { if (z[k] > m) return k + 1; m = Math.max(m, z[k]); }
    return 2;
  }
  return z.length;
}

const maxDiff = (a, b) => a.reduce((s, x, i) => Math.max(s, Math.abs(x - b[i])), 0);

export function onlineSection({ t, values, set, error, setStep, initialStep }) {
  const err = errorSlot();
  const zField = vectorField({ label: t('zLabel'), value: values.z, t, spec: schema.params.z, onChange: (v) => set({ z: v.slice() }) });
  const bars = createBars({ ariaLabel: t('zFigure'), labels: (i) => `z${sub(i + 1)}`, min: -4, max: 4, height: 200, fill: true, color: 'var(--accent)' });
  const table = h('div', { class: 'matrix-wrap fl-run' });
  const o = () => values.online;
  const k = () => stepElement(STEPS[player.index], values.z);
  const player = createStepPlayer({
    t, initial: initialStep,
    steps: [
      { id: 'first', title: t('s1.title'), text: t('s1.text'),
        formula: () => `m_1 = z_1 = ${fmtTex(values.z[0])},\\quad l_1 = e^{z_1 - m_1} = 1` },
      { id: 'newmax', title: t('s2.title'), text: t('s2.text'), formula: () => {
        const j = k() - 1, m0 = o().m[j - 1], m1 = o().m[j];
        return `m_{${j + 1}} = \\max(${fmtTex(m0)}, ${fmtTex(values.z[j])}) = ${fmtTex(m1)},\\quad l_{${j + 1}} = ${fmtTex(o().l[j - 1])}\\,e^{${fmtTex(m0)} - ${fmtTex(m1)}} + e^{${fmtTex(values.z[j])} - ${fmtTex(m1)}} = ${fmtTex(o().l[j], 5)}`;
      } },
      { id: 'rest', title: t('s3.title'), text: t('s3.text'), formula: () => {
        const n = values.z.length;
        return `m_{${n}} = \\max_i z_i = ${fmtTex(o().m[n - 1])},\\quad l_{${n}} = \\sum_i e^{z_i - m_{${n}}} = ${fmtTex(o().l[n - 1], 6)}`;
      } },
      { id: 'divide', title: t('s4.title'), text: t('s4.text'),
        formula: () => `p_i = \\frac{e^{z_i - m}}{l}:\\quad p = \\begin{bmatrix}${o().weights.map((x) => fmtTex(x, 3)).join(' & ')}\\end{bmatrix}` },
      { id: 'check', title: t('s5.title'), text: t('s5.text'),
        formula: () => `\\max_i \\left|p_i - \\operatorname{softmax}(z)_i\\right| = ${fmtTex(maxDiff(o().weights, values.exact), 2)}` },
    ],
    onStep: setStep,
  });

  function drawTable(z, r, upto, id) {
    clear(table);
    const cell = (i, x) => h('td', { class: i < upto ? (i === upto - 1 ? 'hl' : '') : 'fl-later' }, i < upto ? fmt(x, 4) : '·');
    const factor = (i) => (i === 0 ? 1 : Math.exp(r.m[i - 1] - r.m[i]));
    const rows = [['z', z], ['m', r.m], ['l', r.l], [t('rescaleRow'), z.map((_, i) => factor(i))]];
    if (id === 'divide' || id === 'check') rows.push(['p', r.weights]);
    if (id === 'check') rows.push(['softmax', values.exact]);
    table.appendChild(h('table', { class: 'matrix' }, h('caption', {}, t('runCaption', { k: upto })),
      h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), ...z.map((_, i) => h('th', { scope: 'col' }, `i = ${i + 1}`)))),
      h('tbody', {}, ...rows.map(([name, v], r0) => h('tr', {}, h('th', { scope: 'row' }, name),
        ...v.map((x, i) => (r0 >= 4 ? h('td', {}, fmt(x, 4)) : cell(i, x))))))));
  }

  const el = besidePlayer(player, null, h('div', { class: 'panel', 'data-ex': 'online' },
    h('div', { class: 'controls' }, zField.el), err, bars.el, table));
  return {
    el,
    reads: ['z', 'online', 'exact', 'step'],
    draw(v, changed) {
      if (!changed || changed.has('z')) zField.set(v.z);
      if (error('online')) { showCoreError(err, t, error('online')); return; }
      err.textContent = '';
      err.hidden = true;
      const id = STEPS[player.index], upto = stepElement(id, v.z);
      const lim = Math.max(4, ...v.z.map(Math.abs)) * 1.1;
      bars.set(v.z, { highlight: Array.from({ length: upto }, (_, i) => i), range: [Math.min(0, -lim), lim],
        classes: (i) => (i >= upto ? 'fl-unread' : i === upto - 1 ? 'fl-current' : '') });
      drawTable(v.z, v.online, upto, id);
      player.refresh();
    },
    destroy: () => player.destroy(),
  };
}
