// Numbers meet hardware: the scores' softmax computed in a low-precision
// format (lab.softmaxInFormat rounds every step): the naive formula
// exp(z) / Σ exp(z) overflows in float16 once a score passes ln 65504 ≈
// 11.09, the max-subtracted one does not; and a long row's running sum l
// kept in float16 stops growing at 2048 (adding 1 to 2048 is a tie that
// rounds back), which is why FlashAttention keeps m and l in float32.
import { h, clear } from '../../ui/dom.js';
import { fmt, sub } from '../../util/format.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { vectorField, errorSlot, showCoreError } from '../shared/kit.js';
import schema from './params.js';

export const FORMATS = schema.params.format.values;
export const LEN_OPTIONS = [16, 256, 1024, 2048, 4096, 8192];

// The derived value `rounded`: the scores' softmax in the format, naive and max-subtracted.
export const roundedSoftmax = (lab, { pz, format }) => ({
  info: lab.formatInfo(format),
  naive: lab.softmaxInFormat(pz, { format, subtractMax: false }),
  safe: lab.softmaxInFormat(pz, { format, subtractMax: true }),
});

// The derived value `longSum`: len equal scores, exps in float16, the
// running sum in sumFormat and, for comparison, in float32.
export function longSum(lab, { len, sumFormat }) {
  const z = new Float64Array(len);
  const run = (f) => lab.softmaxInFormat(z, { format: 'float16', sumFormat: f });
  return { chosen: run(sumFormat), float32: run('float32') };
}

// At most about 256 points of a running sum for the chart.
const thin = (sums) => {
  const step = Math.max(1, Math.floor(sums.length / 256));
  const pts = [];
  for (let i = 0; i < sums.length; i += step) pts.push([i + 1, sums[i]]);
  if (pts[pts.length - 1][0] !== sums.length) pts.push([sums.length, sums[sums.length - 1]]);
  return pts;
};

export function precisionSection({ t, values, set, control, error }) {
  const err = errorSlot();
  const fmtCtl = control('format', { label: t('formatLabel'), options: FORMATS.map((f) => [f, t(`format.${f}`)]) });
  const zField = vectorField({ label: t('pzLabel'), value: values.pz, t, spec: schema.params.pz, onChange: (v) => set({ pz: v.slice() }) });
  const info = h('p', { class: 'note' });
  const table = h('div', { class: 'matrix-wrap' });
  const verdict = h('p', { class: 'check' });

  function draw({ pz, format, rounded: r }) {
    info.textContent = t('formatInfo', { max: fmt(r.info.max, 5), eps: fmt(r.info.epsilon, 3), over: fmt(r.info.expOverflow, 4), f: t(`format.${format}`) });
    clear(table);
    const rows = [[t('rowNaiveExp'), r.naive.exps], [t('rowNaiveP'), r.naive.weights], [t('rowSafeShift'), r.safe.shifted],
      [t('rowSafeExp'), r.safe.exps], [t('rowSafeP'), r.safe.weights]];
    table.appendChild(h('table', { class: 'matrix' }, h('caption', {}, t('precisionCaption', { f: t(`format.${format}`) })),
      h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), ...pz.map((x, i) => h('th', { scope: 'col' }, `z${sub(i + 1)} = ${fmt(x, 4)}`)))),
      h('tbody', {}, ...rows.map(([name, v]) => h('tr', {}, h('th', { scope: 'row' }, name),
        ...v.map((x) => h('td', { class: Number.isFinite(x) ? '' : 'nonfinite' }, fmt(x, 4))))))));
    const broken = r.naive.weights.some((x) => !Number.isFinite(x));
    verdict.className = `check ${broken ? 'bad' : 'good'}`;
    verdict.textContent = broken ? t('naiveBroken', { f: t(`format.${format}`) }) : t('naiveFine', { f: t(`format.${format}`) });
  }

  return {
    el: h('div', { class: 'panel', 'data-ex': 'precision' }, h('div', { class: 'controls' }, fmtCtl.el, zField.el), err, info, table, verdict),
    reads: ['pz', 'format', 'rounded'],
    draw(v, changed) {
      if (!changed || changed.has('pz')) zField.set(v.pz);
      if (error('rounded')) { showCoreError(err, t, error('rounded')); return; }
      err.textContent = '';
      err.hidden = true;
      draw(v);
    },
  };
}

export function sumSection({ t, control, error }) {
  const err = errorSlot();
  const lenCtl = control('len', { label: t('lenLabel'), options: LEN_OPTIONS.map((v) => [v, String(v)]) });
  const sumCtl = control('sumFormat', { label: t('sumFormatLabel'), options: schema.params.sumFormat.values.map((f) => [f, t(`format.${f}`)]) });
  const chart = createXyChart({ ariaLabel: t('sumFigure'), xLabel: t('sumAxisX'), yLabel: t('sumAxisY'), width: 560, height: 260, margin: { left: 58, right: 16 }, grid: true });
  const line = h('p', { class: 'check' });
  return {
    el: h('div', { class: 'panel', 'data-ex': 'sum' }, h('div', { class: 'controls' }, lenCtl.el, sumCtl.el), err, chart.el, line),
    reads: ['len', 'sumFormat', 'longSum'],
    draw({ len, sumFormat, longSum: r }) {
      if (error('longSum')) { showCoreError(err, t, error('longSum')); return; }
      err.textContent = '';
      err.hidden = true;
      const name = t(`format.${sumFormat}`);
      chart.set({ series: [
        { points: thin(r.float32.sums), className: 'fl-f32', label: t('sumSeries', { f: t('format.float32') }) },
        { points: thin(r.chosen.sums), className: 'fl-low', label: t('sumSeries', { f: name }) },
      ], xDomain: [1, len] });
      const l = r.chosen.sums[len - 1], total = r.chosen.weights.reduce((a, b) => a + b, 0);
      line.className = `check ${l === len ? 'good' : 'bad'}`;
      line.textContent = t(l === len ? 'sumRight' : 'sumWrong', { f: name, l: fmt(l, 6), n: len, total: fmt(total, 4) });
    },
  };
}
