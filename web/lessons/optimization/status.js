// The outcome of each run, in words and numbers from the core: a table
// (steps taken, final f, final gradient norm, verdict) and, for runs that
// blew up, a plain message: which step overflowed (lab.optimize's
// divergedAt) or how much the loss grew. Never prints NaN: a diverged run
// keeps only its finite iterates.
import { h, clear } from '../../ui/dom.js';
import { fmt, paren } from '../../util/format.js';
import { domainOf, TOGGLE } from './problems.js';

const TOL = 1e-6;

export function verdict(run, problem, lab) {
  const K = run.path.length - 1;
  if (run.diverged) return { kind: 'diverged', K };
  const gnorm = lab.norm(run.grad[K]);
  if (gnorm < TOL) return { kind: 'converged', K, gnorm };
  const d = domainOf(problem);
  const [x, y] = run.path[K];
  if (problem === 'saddle' && (Math.abs(x) > d.x[1] || Math.abs(y) > d.y[1])) return { kind: 'escaped', K, gnorm };
  if (problem !== 'saddle' && run.loss[K] > run.loss[0]) return { kind: 'growing', K, gnorm };
  return { kind: 'running', K, gnorm };
}

export function createStatus({ t }) {
  const table = h('table', { class: 'matrix opt-status' });
  const messages = h('div', { class: 'opt-messages', role: 'status' });
  const el = h('div', { class: 'opt-status-wrap', tabindex: '-1' }, h('div', { class: 'matrix-wrap' }, table), messages);

  function set({ runs, values, lab }) {
    clear(table);
    clear(messages);
    table.appendChild(h('caption', {}, t('status.caption')));
    table.appendChild(h('thead', {}, h('tr', {},
      ...['method', 'steps', 'fLast', 'gLast', 'verdict'].map((c) => h('th', { scope: 'col' }, t(`status.${c}`))))));
    const body = h('tbody');
    for (const m of ['gd', 'momentum', 'adam']) {
      const run = runs[m];
      if (!run) continue;
      const vd = verdict(run, values.problem, lab);
      const K = vd.K;
      const on = values[TOGGLE[m]];
      body.appendChild(h('tr', { class: `m-${m}${on ? '' : ' off'}` },
        h('th', { scope: 'row' }, h('span', { class: 'swatch', 'aria-hidden': 'true' }), t(`m.${m}.name`), on ? '' : paren(t('hidden'))),
        h('td', {}, String(K)),
        h('td', {}, fmt(run.loss[K], 4)),
        h('td', {}, vd.gnorm === undefined ? fmt(lab.norm(run.grad[K]), 3) : fmt(vd.gnorm, 3)),
        h('td', { class: `verdict ${vd.kind}` }, t(`status.${vd.kind}`))));
      if (vd.kind === 'diverged')
        messages.appendChild(h('p', { class: 'check bad' }, t('msg.diverged', { name: t(`m.${m}.name`), n: run.divergedAt, last: K })));
      else if (vd.kind === 'growing')
        messages.appendChild(h('p', { class: 'check bad' }, t('msg.growing', { name: t(`m.${m}.name`), from: fmt(run.loss[0], 4), to: fmt(run.loss[K], 4), K })));
    }
    table.appendChild(body);
  }

  return { el, set };
}
