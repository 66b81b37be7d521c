// Proofs lesson, part 1: softmax is Lipschitz. Two editable logit vectors
// z and z' (bars and text), the ratio ||softmax(z/T) - softmax(z'/T)||_2 /
// ||z - z'||_2 (lab.lipschitzRatio, with numerator and denominator from
// lab.norm / lab.sub / lab.softmax), the spectral norm of the Jacobian
// along the segment z + s (z' - z), s in [0, 1] (lab.jacobianSpectralNorm)
// and the bound 1 / (2T) (lab.lipschitzBound).
import { h, clear } from '../../core/dom.js';
import { fmt, sub } from '../../core/format.js';
import { setTexList } from '../../core/tex.js';
import { createBars } from '../../plots/bars.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { slider, vectorField, guard, errorSlot, fmtTex } from '../shared/kit.js';
import { sizeSelect } from '../shared/inputs.js';

const SAMPLES = 101;  // points s = 0, 0.01, ..., 1 on the segment
const RANGE = [-6, 6];
const LIMIT = 50;  // typed entries are clamped to the URL schema's range

// v cut or padded (with zeros) to n entries.
export const fit = (v, n) => Array.from({ length: n }, (_, i) => (i < v.length ? v[i] : 0));

export function createLipschitzSection({ lab, t, onChange }) {
  let st = null;
  const err = errorSlot();
  const tSlider = slider({ label: t('temperature'), min: 0.1, max: 5, step: 0.05, value: 1, onInput: (T) => onChange({ T }) });
  const nWrap = h('span');
  const btn = (key, f) => h('button', { type: 'button', class: 'btn btn-small', onclick: f }, t(key));
  const presets = h('div', { class: 'controls' },
    btn('presetWorst', () => { const n = st.z.length; const z = Array.from({ length: n }, (_, i) => (i < 2 ? 3 : -3)); onChange({ z, zp: z.map((x, i) => x + (i === 0 ? 0.05 : i === 1 ? -0.05 : 0)) }); }),
    btn('presetFar', () => { const n = st.z.length; onChange({ z: Array.from({ length: n }, (_, i) => (i === 0 ? 4 : 0)), zp: Array.from({ length: n }, (_, i) => (i === 1 ? 4 : 0)) }); }),
    btn('presetShift', () => onChange({ zp: st.z.map((x) => x + 1) })));
  const editor = (name, key, cls) => {
    const bars = createBars({ ariaLabel: t('logitFigure', { name }), labels: (i) => `${name}${sub(i + 1)}`, editable: true, step: 0.25, min: RANGE[0], max: RANGE[1],
      color: `var(--c-${cls})`, height: 200, onChange: (v) => onChange({ [key]: v }) });
    const probs = createBars({ ariaLabel: t('probFigure', { name }), labels: (i) => `p${sub(i + 1)}`, min: 0, max: 1, color: `var(--c-${cls})`, height: 120 });
    const field = vectorField({ label: `${name} =`, value: [], t, maxLength: 8, onChange: (v) => onChange({ [key]: v.map((x) => Math.min(LIMIT, Math.max(-LIMIT, x))) }) });
    const el = h('div', { class: `pf-vec ${cls}` }, h('h3', { class: 'h-small' }, t('logitHeading', { name })), bars.el, field.el,
      h('p', { class: 'note' }, t('probCaption', { name })), probs.el);
    return { el, bars, probs, field };
  };
  const ez = editor('z', 'z', 'p');
  const ezp = editor("z′", 'zp', 'q');
  const chart = createXyChart({ ariaLabel: t('segmentFigure'), xLabel: t('segmentX'), yLabel: t('segmentY'), width: 520, height: 250 });
  const formulas = h('div', { class: 'info-formula', tabindex: '0' });
  const check = h('p', { class: 'check' });
  formulas.dataset.hl = 'claim';
  check.dataset.hl = 'claim';
  chart.el.dataset.hl = 'segment';
  const el = h('div', { class: 'panel', dataset: { part: 'lipschitz' } },
    h('div', { class: 'controls' }, tSlider.el, nWrap), presets,
    h('div', { class: 'pf-vecs' }, ez.el, ezp.el), h('p', { class: 'note' }, t('dragHint')), err,
    formulas, check, chart.el);

  function update(state) {
    st = state;
    const { z, zp, T } = state;
    const n = z.length;
    tSlider.set(T);
    clear(nWrap).appendChild(sizeSelect(t('entries'), n, 2, 8, (k) => onChange({ z: fit(st.z, k), zp: fit(st.zp, k) })));
    ez.bars.set(z, { range: RANGE });
    ezp.bars.set(zp, { range: RANGE });
    ez.field.set(z);
    ezp.field.set(zp);
    const r = guard(err, t, () => {
      const p = lab.softmax(z, { temperature: T }), pp = lab.softmax(zp, { temperature: T });
      const out = { p, pp, bound: lab.lipschitzBound({ temperature: T }) };
      out.dz = lab.norm(lab.sub(z, zp));
      out.dp = lab.norm(lab.sub(p, pp));
      const d = z.map((x, i) => zp[i] - x);
      out.path = Array.from({ length: SAMPLES }, (_, k) => {
        const s = k / (SAMPLES - 1);
        return [s, lab.jacobianSpectralNorm(z.map((x, i) => x + s * d[i]), { temperature: T })];
      });
      out.ratio = out.dz > 0 ? lab.lipschitzRatio(z, zp, { temperature: T }) : NaN;
      return out;
    });
    if (!r) { clear(formulas); return null; }
    ez.probs.set(r.p, { range: [0, 1] });
    ezp.probs.set(r.pp, { range: [0, 1] });
    let best = r.path[0];
    for (const q of r.path) if (q[1] > best[1]) best = q;
    r.maxJ = best[1];
    const same = !(r.dz > 0);
    chart.set({
      series: [{ points: r.path, className: 'c-jac', label: t('jacSeries') }, { points: [best], className: 'c-jac', noLine: true, r: 4.5 }],
      hlines: [
        { y: r.bound, className: 'c-bound', text: `1/(2T) = ${fmt(r.bound, 4)}`, label: t('boundSeries') },
        ...(same ? [] : [{ y: r.ratio, className: 'c-ratio', text: t('ratioText', { r: fmt(r.ratio, 4) }), label: t('ratioSeries') }]),
      ],
      xDomain: [0, 1], yDomain: [0, r.bound * 1.15],
    });
    if (same) {
      check.className = 'check';
      check.textContent = t('sameVectors');
      clear(formulas);
      return r;
    }
    setTexList(formulas, [
      [`\\frac{\\lVert \\operatorname{softmax}(z/T) - \\operatorname{softmax}(z'/T)\\rVert_2}{\\lVert z - z'\\rVert_2} = \\frac{${fmtTex(r.dp, 5)}}{${fmtTex(r.dz, 5)}} = ${fmtTex(r.ratio, 5)}`, true, 'div'],
      [`${fmtTex(r.ratio, 5)} \\;\\le\\; \\max_{s\\in[0,1]} \\big\\lVert J\\big(z + s(z'-z)\\big)\\big\\rVert_2 = ${fmtTex(r.maxJ, 5)} \\;\\le\\; \\frac{1}{2T} = ${fmtTex(r.bound, 5)}`, true, 'div']]);
    const holds = r.ratio <= r.maxJ && r.maxJ <= r.bound;
    check.className = `check ${holds ? 'good' : 'bad'}`;
    check.textContent = holds ? t('chainHolds', { s: fmt(best[0], 2), pct: fmt((100 * r.ratio) / r.bound, 4) }) : t('chainFails');
    return r;
  }

  return { el, update };
}
