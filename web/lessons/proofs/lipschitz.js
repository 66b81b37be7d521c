// Proofs lesson, part 1: softmax is Lipschitz. Two editable logit vectors
// z and z' (bars and text), the ratio ||softmax(z/T) - softmax(z'/T)||_2 /
// ||z - z'||_2 (lab.lipschitzRatio, with numerator and denominator from
// lab.norm / lab.sub / lab.softmax), the spectral norm of the Jacobian
// along the segment z + s (z' - z), s in [0, 1] (lab.jacobianSpectralNorm)
// and the bound 1 / (2T) (lab.lipschitzBound): `lip`, derived once per
// change of z, z' or T.
import { h, clear } from '../../ui/dom.js';
import { fmt, sub } from '../../util/format.js';
import { setTexList } from '../../math/tex.js';
import { createBars } from '../../plots/bars.js';
import { createXyChart } from '../../plots/xy-chart.js';
import { vectorField, guard, errorSlot, fmtTex } from '../shared/kit.js';
import { sizeSelect } from '../shared/inputs.js';
import schema from './params.js';

const SAMPLES = 101;  // points s = 0, 0.01, ..., 1 on the segment
const RANGE = [-6, 6];
const Z = schema.params.z;  // z and z' alike: entries, their range

// v cut or padded (with zeros) to n entries.
export const fit = (v, n) => Array.from({ length: n }, (_, i) => (i < v.length ? v[i] : 0));

// The core's numbers for z, z' at temperature T.
export function computeLipschitz(lab, z, zp, T) {
  const p = lab.softmax(z, { temperature: T }), pp = lab.softmax(zp, { temperature: T });
  const r = { p, pp, bound: lab.lipschitzBound({ temperature: T }) };
  r.dz = lab.norm(lab.sub(z, zp));
  r.dp = lab.norm(lab.sub(p, pp));
  const d = z.map((x, i) => zp[i] - x);
  r.path = Array.from({ length: SAMPLES }, (_, k) => {
    const s = k / (SAMPLES - 1);
    return [s, lab.jacobianSpectralNorm(z.map((x, i) => x + s * d[i]), { temperature: T })];
  });
  r.ratio = r.dz > 0 ? lab.lipschitzRatio(z, zp, { temperature: T }) : NaN;
  r.best = r.path[0];
  for (const q of r.path) if (q[1] > r.best[1]) r.best = q;
  r.maxJ = r.best[1];
  return r;
}

// A new z or z' of another length brings the other one to its length (zq:
// z' at the length of z, as shown).
export function withLengths(patch, { z, zq: zp }) {
  const p = { ...patch };
  if (p.z && !p.zp && p.z.length !== zp.length) p.zp = fit(zp, p.z.length);
  if (p.zp && !p.z && p.zp.length !== z.length) p.z = fit(z, p.zp.length);
  return p;
}

export function lipschitzSection({ t, values, set, control, error }) {
  const setZ = (patch) => set(withLengths(patch, values));
  const err = errorSlot();
  const tSlider = control('T', { label: t('temperature') });
  const nWrap = h('span');
  const btn = (key, f) => h('button', { type: 'button', class: 'btn btn-small', onclick: f }, t(key));
  const presets = h('div', { class: 'controls' },
    btn('presetWorst', () => { const n = values.z.length; const z = Array.from({ length: n }, (_, i) => (i < 2 ? 3 : -3)); setZ({ z, zp: z.map((x, i) => x + (i === 0 ? 0.05 : i === 1 ? -0.05 : 0)) }); }),
    btn('presetFar', () => { const n = values.z.length; setZ({ z: Array.from({ length: n }, (_, i) => (i === 0 ? 4 : 0)), zp: Array.from({ length: n }, (_, i) => (i === 1 ? 4 : 0)) }); }),
    btn('presetShift', () => setZ({ zp: values.z.map((x) => x + 1) })));
  const editor = (name, key, cls) => {
    const bars = createBars({ ariaLabel: t('logitFigure', { name }), labels: (i) => `${name}${sub(i + 1)}`, editable: true, step: 0.25, min: RANGE[0], max: RANGE[1],
      color: `var(--c-${cls})`, height: 200, onChange: (v) => setZ({ [key]: v }) });
    const probs = createBars({ ariaLabel: t('probFigure', { name }), labels: (i) => `p${sub(i + 1)}`, min: 0, max: 1, color: `var(--c-${cls})`, height: 120 });
    const field = vectorField({ label: `${name} =`, value: [], t, maxLength: Z.maxLength, onChange: (v) => setZ({ [key]: v.map((x) => Math.min(Z.max, Math.max(Z.min, x))) }) });
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

  function drawRatio(r) {
    ez.probs.set(r.p, { range: [0, 1] });
    ezp.probs.set(r.pp, { range: [0, 1] });
    const same = !(r.dz > 0);
    chart.set({
      series: [{ points: r.path, className: 'c-jac', label: t('jacSeries') }, { points: [r.best], className: 'c-jac', noLine: true, r: 4.5 }],
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
      return;
    }
    setTexList(formulas, [
      [`\\frac{\\lVert \\operatorname{softmax}(z/T) - \\operatorname{softmax}(z'/T)\\rVert_2}{\\lVert z - z'\\rVert_2} = \\frac{${fmtTex(r.dp, 5)}}{${fmtTex(r.dz, 5)}} = ${fmtTex(r.ratio, 5)}`, true, 'div'],
      [`${fmtTex(r.ratio, 5)} \\;\\le\\; \\max_{s\\in[0,1]} \\big\\lVert J\\big(z + s(z'-z)\\big)\\big\\rVert_2 = ${fmtTex(r.maxJ, 5)} \\;\\le\\; \\frac{1}{2T} = ${fmtTex(r.bound, 5)}`, true, 'div']]);
    const holds = r.ratio <= r.maxJ && r.maxJ <= r.bound;
    check.className = `check ${holds ? 'good' : 'bad'}`;
    check.textContent = holds ? t('chainHolds', { s: fmt(r.best[0], 2), pct: fmt((100 * r.ratio) / r.bound, 4) }) : t('chainFails');
  }

  return {
    el,
    reads: ['z', 'zq', 'lip'],
    draw({ z, zq: zp, lip }) {
      clear(nWrap).appendChild(sizeSelect(t('entries'), z.length, Z.minLength, Z.maxLength, (k) => set({ z: fit(values.z, k), zp: fit(values.zq, k) })));
      ez.bars.set(z, { range: RANGE });
      ezp.bars.set(zp, { range: RANGE });
      ez.field.set(z);
      ezp.field.set(zp);
      const r = guard(err, t, () => { if (error('lip')) throw error('lip'); return lip; });
      if (r) drawRatio(r); else clear(formulas);
    },
  };
}
