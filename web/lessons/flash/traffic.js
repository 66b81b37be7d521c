// Memory traffic and arithmetic of standard and tiled attention as the
// learner moves N, d and the fast memory M (lab.attentionCost's counts of
// elements read from and written to slow memory, under the memory model
// its documentation states), beside the Θ formulas; and the counts at the
// sizes of FlashAttention's GPT-2 medium figure next to the paper's.
import { h, clear } from '../../ui/dom.js';
import { fmt } from '../../util/format.js';
import { texNode } from '../../math/tex.js';
import { errorSlot, showCoreError, fmtTex } from '../shared/kit.js';

export const N_OPTIONS = [256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];
export const D_OPTIONS = [16, 32, 64, 128, 256];
// Fast memory in elements; the label gives its bytes in float16.
export const M_OPTIONS = [4096, 16384, 49152, 98304, 131072];
// Dao et al. 2022, Figure 2 (left): GPT-2 medium, N = 1024, d = 64, 16
// heads, batch 64, forward + backward, A100.
export const PAPER = { N: 1024, d: 64, heads: 16 * 64, standard: { gb: 40.3, gflops: 66.6 }, flash: { gb: 4.4, gflops: 75.2 } };

const cost = (lab, N, d, M, kind, pass) => lab.attentionCost(N, d, kind === 'tiled' ? { kind, fastMemory: M, pass } : { kind, pass });

// The derived value `traffic`: forward counts at the learner's sizes.
export const trafficAt = (lab, { N, hd, M }) => ({ standard: cost(lab, N, hd, M, 'full', 'forward'), tiled: cost(lab, N, hd, M, 'tiled', 'forward') });

// The derived value `paper`: forward + backward at the paper's sizes, all heads, float16 bytes.
export function paperCounts(lab, { M }) {
  const both = (kind) => {
    const f = cost(lab, PAPER.N, PAPER.d, M, kind, 'forward'), b = cost(lab, PAPER.N, PAPER.d, M, kind, 'backward');
    return { gb: ((f.reads + f.writes + b.reads + b.writes) * 2 * PAPER.heads) / 1e9, gflops: ((f.flops + b.flops) * PAPER.heads) / 1e9 };
  };
  return { standard: both('full'), tiled: both('tiled') };
}

// Counts as whole numbers with their digits grouped (2,293,760): the learner compares them digit by digit.
const big = (x) => (Number.isInteger(x) && x < 1e15 ? x.toLocaleString('en-US') : fmt(x, 4));

export function trafficSection({ t, control, error }) {
  const err = errorSlot();
  const nCtl = control('N', { label: t('NLabel'), options: N_OPTIONS.map((v) => [v, String(v)]) });
  const dCtl = control('hd', { label: t('hdLabel'), options: D_OPTIONS.map((v) => [v, String(v)]) });
  const mCtl = control('M', { label: t('MLabel'), options: M_OPTIONS.map((v) => [v, t('mOption', { n: v, kb: (2 * v) / 1024 })]) });
  const table = h('div', { class: 'matrix-wrap' });
  const theta = h('div', { class: 'fl-theta' });
  const paper = h('div', { class: 'matrix-wrap', 'data-ex': 'paper' });
  const ratios = h('p', { class: 'fl-ratios' });
  const note = h('p', { class: 'note' });

  function drawCounts({ N, hd, M }, { standard: s, tiled: f }) {
    clear(table);
    const row = (name, a, b) => h('tr', {}, h('th', { scope: 'row' }, name), h('td', {}, big(a)), h('td', {}, big(b)), h('td', {}, `× ${fmt(a / b, 3)}`));
    table.appendChild(h('table', { class: 'matrix fl-counts' }, h('caption', {}, t('countsCaption', { N, d: hd })),
      h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), h('th', { scope: 'col' }, t('colStandard')), h('th', { scope: 'col' }, t('colTiled')), h('th', { scope: 'col' }, t('colRatio')))),
      h('tbody', {}, row(t('rowReads'), s.reads, f.reads), row(t('rowWrites'), s.writes, f.writes),
        row(t('rowTraffic'), s.reads + s.writes, f.reads + f.writes), row(t('rowFlops'), s.flops, f.flops))));
    clear(theta);
    theta.append(texNode(`\\begin{gathered}\\text{${t('colStandard')}}:\\ \\Theta(Nd + N^2):\\ ${fmtTex(N * hd + N * N, 3)} \\\\ \\text{${t('colTiled')}}:\\ \\Theta\\!\\left(\\frac{N^2 d^2}{M}\\right):\\ ${fmtTex((N * N * hd * hd) / M, 3)}\\end{gathered}`, true, 'div'));
  }

  function drawPaper(p) {
    clear(paper);
    const cell = (x) => h('td', {}, fmt(x, 3));
    paper.appendChild(h('table', { class: 'matrix' }, h('caption', {}, t('paperCaption')),
      h('thead', {}, h('tr', {}, h('td', { class: 'corner' }), h('th', { scope: 'col' }, t('colPaperStd')), h('th', { scope: 'col' }, t('colPaperFlash')),
        h('th', { scope: 'col' }, t('colOursStd')), h('th', { scope: 'col' }, t('colOursTiled')))),
      h('tbody', {},
        h('tr', {}, h('th', { scope: 'row' }, t('rowGb')), cell(PAPER.standard.gb), cell(PAPER.flash.gb), cell(p.standard.gb), cell(p.tiled.gb)),
        h('tr', {}, h('th', { scope: 'row' }, t('rowGflops')), cell(PAPER.standard.gflops), cell(PAPER.flash.gflops), cell(p.standard.gflops), cell(p.tiled.gflops)))));
    ratios.textContent = t('paperRatios', {
      pt: fmt(PAPER.standard.gb / PAPER.flash.gb, 3), ct: fmt(p.standard.gb / p.tiled.gb, 3),
      pf: fmt(PAPER.flash.gflops / PAPER.standard.gflops, 3), cf: fmt(p.tiled.gflops / p.standard.gflops, 3) });
    note.textContent = t('paperNote', { k: fmt(p.standard.gflops / PAPER.standard.gflops, 3) });
  }

  return {
    el: h('div', { class: 'panel', 'data-ex': 'traffic' }, h('div', { class: 'controls' }, nCtl.el, dCtl.el, mCtl.el), err, table, theta,
      h('h3', { class: 'h-small' }, t('paperHeading')), paper, ratios, note),
    reads: ['N', 'hd', 'M', 'traffic', 'paper'],
    draw(v) {
      const e = error('traffic') || error('paper');
      if (e) { showCoreError(err, t, e); return; }
      err.textContent = '';
      err.hidden = true;
      drawCounts(v, v.traffic);
      drawPaper(v.paper);
    },
  };
}
