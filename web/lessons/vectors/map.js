// The matrix-as-a-map part of the vectors lesson as data: what the core
// computes for W, b, x (computeMap: every point drawn in the output plane is
// the core's image of a point of the input plane, h = lab.affine(W, x, b)),
// the step formulas with the live numbers, and the layers of both planes.
import { fmt } from '../../util/format.js';
import { fmtTex } from '../shared/kit.js';
import schema from './params.js';

export const TSTEPS = ['columns', 'wx', 'bias', 'det', 'trace'];

// The W the map shows: the URL's when it is 2 x 2, else params.js's default.
export const is2x2 = (M) => M.length === 2 && M.every((row) => row.length === 2);
export const mapW = (W) => (is2x2(W) ? W : schema.params.W.default);

const G = 3;  // the input grid spans [-G, G]^2

// Points drawn in the output plane, all mapped by one core call: in
// homogeneous coordinates W p + b = [W b] [p; 1], so the points go in as the
// columns of a 3 x N matrix.
function mapAll(lab, W, b, pts) {
  const Wb = [[W[0][0], W[0][1], b[0]], [W[1][0], W[1][1], b[1]]];
  const P = [pts.map((q) => q[0]), pts.map((q) => q[1]), pts.map(() => 1)];
  const H = lab.matmul(Wb, P);  // 2 x N
  return pts.map((_, i) => [H[0][i], H[1][i]]);
}

export function computeMap(lab, W, b, x) {
  const L = (p) => lab.affine(W, p, [0, 0]);  // W p (b = 0)
  const arcIn = Array.from({ length: 10 }, (_, i) => { const a = 0.2 + (i / 9) * (Math.PI / 2 - 0.4); return [0.5 * Math.cos(a), 0.5 * Math.sin(a)]; });
  const gridIn = [];
  for (let k = -G; k <= G; k++) gridIn.push([k, -G], [k, G], [-G, k], [G, k]);
  const square = [[0, 0], [1, 0], [1, 1], [0, 1]];
  const out = mapAll(lab, W, b, [...gridIn, ...square, ...arcIn]);
  const grid = [];
  for (let i = 0; i < gridIn.length; i += 2) grid.push([out[i], out[i + 1]]);
  const col = (j) => [W[0][j], W[1][j]];
  const det = lab.det(W);
  return {
    grid, arcIn, arcOut: out.slice(gridIn.length + 4),
    square: out.slice(gridIn.length, gridIn.length + 4),
    We1: L([1, 0]), We2: L([0, 1]),
    x1w1: lab.scale(x[0], col(0)), x2w2: lab.scale(x[1], col(1)),
    Wx: L(x), h: lab.affine(W, x, b),
    partial: lab.add(b, lab.scale(x[0], col(0))),
    det, trace: lab.trace(W),
    sign: Math.abs(det) < 1e-12 ? 'zero' : det > 0 ? 'pos' : 'neg',
  };
}

const n = (v) => fmtTex(v, 4);
const p = (v) => { const s = fmtTex(v, 4); return v < 0 || s.includes('\\times') ? `(${s})` : s; };
const colTex = (w) => `\\begin{bmatrix}${w.map(n).join(' \\\\ ')}\\end{bmatrix}`;
const matTex2 = (W) => `\\begin{bmatrix}${W.map((r) => r.map(n).join(' & ')).join(' \\\\ ')}\\end{bmatrix}`;

export function mapFormula(id, m, { W, b, x }) {
  switch (id) {
    case 'columns':
      return `W = ${matTex2(W)},\\quad W e_1 = ${colTex(m.We1)} = w_1,\\quad W e_2 = ${colTex(m.We2)} = w_2`;
    case 'wx':
      return `Wx = x_1 w_1 + x_2 w_2 = ${p(x[0])} ${colTex([W[0][0], W[1][0]])} + ${p(x[1])} ${colTex([W[0][1], W[1][1]])} = ${colTex(m.x1w1)} + ${colTex(m.x2w2)} = ${colTex(m.Wx)}`;
    case 'bias':
      return `h = Wx + b = ${colTex(m.Wx)} + ${colTex(b)} = ${colTex(m.h)}`;
    case 'det':
      return `\\det W = w_{11} w_{22} - w_{12} w_{21} = ${p(W[0][0])} \\cdot ${p(W[1][1])} - ${p(W[0][1])} \\cdot ${p(W[1][0])} = ${n(m.det)}`;
    case 'trace':
      return `\\operatorname{tr} W = \\sum_i W_{ii} = w_{11} + w_{22} = ${n(W[0][0])} + ${p(W[1][1])} = ${n(m.trace)}`;
    default:
      return '';
  }
}

const O = [0, 0];

export function inputLayers(id, m, { x }) {
  const out = [
    { type: 'polygon', points: [[0, 0], [1, 0], [1, 1], [0, 1]], className: 'vt-square vt-pos' },
    { type: 'polyline', points: m.arcIn, className: 'vt-orient', arrow: true },
    { type: 'arrow', from: O, to: [1, 0], className: 'vt-c1' },
    { type: 'arrow', from: O, to: [0, 1], className: 'vt-c2' },
    { type: 'text', at: [1, 0], text: 'e₁', dy: 16, className: 'vt-c1' },
    { type: 'text', at: [0, 1], text: 'e₂', dx: -12, className: 'vt-c2' },
  ];
  if (id === 'wx' || id === 'bias') {
    out.push({ type: 'arrow', from: O, to: [x[0], 0], className: 'vt-c1', dashed: true });
    out.push({ type: 'arrow', from: [x[0], 0], to: x, className: 'vt-c2', dashed: true });
  }
  out.push({ type: 'arrow', from: O, to: x, className: 'vt-x' });
  return out;
}

export function outputLayers(id, m, { W, b, t }) {
  const out = m.grid.map(([from, to]) => ({ type: 'segment', from, to, className: 'vt-grid' }));
  out.push({ type: 'polygon', points: m.square, className: `vt-square vt-${m.sign}${id === 'det' ? ' vt-strong' : ''}` });
  out.push({ type: 'polyline', points: m.arcOut, className: 'vt-orient', arrow: m.sign !== 'zero' });
  if (id === 'wx') {
    out.push({ type: 'arrow', from: b, to: m.partial, className: 'vt-c1', dashed: true });
    out.push({ type: 'arrow', from: m.partial, to: m.h, className: 'vt-c2', dashed: true });
    out.push({ type: 'arrow', from: b, to: m.h, className: 'vt-wx' });
    out.push({ type: 'text', at: [(b[0] + m.h[0]) / 2, (b[1] + m.h[1]) / 2], text: 'Wx', dx: 14, dy: -6, className: 'vt-wx' });
  }
  out.push({ type: 'arrow', from: O, to: b, className: `vt-b${id === 'bias' ? '' : ' vp-faint'}`, dashed: id !== 'bias' });
  if (id === 'bias') {
    out.push({ type: 'arrow', from: b, to: m.h, className: 'vt-wx', dashed: true });
    out.push({ type: 'arrow', from: O, to: m.h, className: 'vt-h vp-thick' });
  }
  if (id === 'det') {
    const c = m.square.reduce((a, q) => [a[0] + q[0] / 4, a[1] + q[1] / 4], [0, 0]);
    out.push({ type: 'text', at: c, text: t('areaLabel', { a: fmt(m.det, 3) }), dy: 4, className: 'vt-area' });
  }
  if (id === 'trace') {
    out.push({ type: 'segment', from: b, to: [b[0] + W[0][0], b[1]], className: 'vt-c1 vt-diag' });
    out.push({ type: 'segment', from: b, to: [b[0], b[1] + W[1][1]], className: 'vt-c2 vt-diag' });
    out.push({ type: 'text', at: [b[0] + W[0][0], b[1]], text: 'w₁₁', dy: 16, className: 'vt-c1' });
    out.push({ type: 'text', at: [b[0], b[1] + W[1][1]], text: 'w₂₂', dx: -16, className: 'vt-c2' });
  }
  out.push({ type: 'arrow', from: b, to: m.square[1], className: 'vt-c1' });
  out.push({ type: 'arrow', from: b, to: m.square[3], className: 'vt-c2' });
  out.push({ type: 'dot', at: m.h, className: 'vt-h' });
  out.push({ type: 'text', at: m.h, text: 'h', dx: 10, dy: -8, className: 'vt-h' });
  return out;
}
