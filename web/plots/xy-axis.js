// One axis of the x-y chart (xy-chart.js): its d3 scale, its ticks and
// their labels, from the values drawn along it and the axis options
//   {scale: 'linear' | 'log' | 'symlog', base: 10 | 2 (log), ticks: a count
//    or the values, format, pad: a log axis's data range widened by this
//    factor each way (room for dots), snap: a log axis's ends moved out to
//    whole powers, nice: a linear axis's data range rounded (d3 nice),
//    clamp: values off a linear axis drawn at its end}
// A log or symlog axis always clamps (a value <= 0 is drawn at the bottom).
import { scaleLinear, scaleLog, scaleSymlog } from 'd3';
import { fmt } from '../util/format.js';
import { pow10Label } from './svg.js';

// The powers of base in [lo, hi] whose exponent is a multiple of a round
// step (1, 2, 3, 5, 10, 20, ...: 10⁰, 10⁻³, 10⁻⁶, never 10¹, 10⁻², 10⁻⁵),
// the smallest step that leaves at most max of them.
const EXP_STEPS = [1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 500];
function powers(lo, hi, base = 10, max = 7) {
  const lg = (v) => Math.log(v) / Math.log(base);
  const a = Math.floor(lg(lo) + 1e-9), b = Math.ceil(lg(hi) - 1e-9);
  const every = EXP_STEPS.find((k) => Math.floor(b / k) - Math.ceil(a / k) + 1 <= max) || Math.ceil((b - a + 1) / max);
  const out = [];
  for (let e = Math.ceil(a / every) * every; e <= b; e += every) if (base ** e >= lo * 0.999 && base ** e <= hi * 1.001) out.push(base ** e);
  return out;
}

const exp10 = (v) => pow10Label(Math.round(Math.log10(Math.abs(v))));
const range = (values) => (values.length ? [Math.min(...values), Math.max(...values)] : [NaN, NaN]);

function linear(o, values, domain, px) {
  let [lo, hi] = domain || range(values);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) [lo, hi] = [0, 1];
  if (hi - lo < 1e-12) { lo -= 0.5; hi += 0.5; }
  const scale = scaleLinear([lo, hi], px).clamp(!!o.clamp);
  if (!domain && o.nice) scale.nice();
  return { scale, ticks: o.ticks || 5, format: o.format || ((v) => fmt(v, 3)) };
}

function log(o, values, domain, px) {
  const base = o.base || 10;
  let [lo, hi] = domain || (values.length ? range(values) : [1, 10]);
  if (!domain) {
    const pad = o.pad || 1;
    lo /= pad; hi *= pad;
    if (hi / lo < 10) { lo /= 3; hi *= 3; }
  }
  lo = Math.max(lo, 1e-300);
  if (!(hi > lo)) hi = lo * 10;
  if (o.snap) {
    const a = Math.floor(Math.log10(lo) + 1e-9), b = Math.ceil(Math.log10(hi) - 1e-9);
    [lo, hi] = [10 ** a, 10 ** Math.max(b, a + 1)];
  }
  const scale = scaleLog([lo, hi], px).base(base).clamp(true);
  const ticks = Array.isArray(o.ticks) ? o.ticks.filter((v) => v >= lo * 0.999 && v <= hi * 1.001) : powers(lo, hi, base, o.ticks || 6);
  return { scale, ticks, format: o.format || (base === 10 ? exp10 : (v) => String(v)) };
}

// Ticks at 0 and ±10^k, those closer than 14 px to a larger one dropped
// (0 and ±1 when the range is huge).
function symlog(o, values, domain, px) {
  let [lo, hi] = domain || [Math.min(0, ...values), Math.max(0, ...values)];
  if (hi - lo < 1e-12) hi = lo + 1;
  const scale = scaleSymlog([lo, hi], px).constant(1).clamp(true);
  const top = Math.max(0, Math.ceil(Math.log10(Math.max(Math.abs(lo), Math.abs(hi)))));
  const every = Math.max(1, Math.ceil((top + 1) / 4));
  const cand = [0];
  for (let e = 0; e <= top; e += every) cand.push(...[10 ** e, -(10 ** e)].filter((v) => v >= lo && v <= hi));
  const ticks = [];
  for (const v of cand.sort((a, b) => a - b).sort((a, b) => Math.abs(b) - Math.abs(a)))
    if (ticks.every((u) => Math.abs(scale(u) - scale(v)) >= 14)) ticks.push(v);
  return { scale, ticks, format: o.format || ((v) => (v === 0 ? '0' : `${v < 0 ? '−' : ''}${exp10(v)}`)) };
}

const KINDS = { linear, log, symlog };

// values: the finite numbers drawn along the axis; domain: the caller's
// [lo, hi] or undefined; px: the pixel range. Returns {scale, ticks, format}.
export function makeAxis(o, values, domain, px) {
  const kind = KINDS[o.scale || 'linear'];
  return kind(o, o.scale === 'log' ? values.filter((v) => v > 0) : values, domain, px);
}
