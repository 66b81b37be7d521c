// The data of the regression lesson: points (x_i, y_i) in [0, 10] x [0, 10],
// 2 to 12 of them, edited by dragging (the plots), by keyboard (arrow keys
// on a focused point, Delete), in a table, or replaced by a preset. The
// same points are the training set of the kernel-regression half.
import { h } from '../../ui/dom.js';
import { createMatrixEditor } from '../../plots/matrix-editor.js';

export const LO = 0, HI = 10, MIN_POINTS = 2, MAX_POINTS = 12;

export const PRESETS = {
  line: [[1, 2], [2, 2.6], [3.5, 4.4], [5, 4.6], [6.5, 6.9], [8, 7.2], [9, 8.8]],
  outlier: [[1, 2], [2, 2.6], [3.5, 4.4], [5, 4.6], [6.5, 6.9], [8, 7.2], [9, 1]],
  curve: [[0.5, 1.5], [1.5, 4], [2.5, 6.5], [3.5, 7.6], [4.5, 7], [5.5, 5.2], [6.5, 3.6], [7.5, 3.4], [8.5, 4.8], [9.5, 7.5]],
  sameX: [[5, 2], [5, 3.5], [5, 5], [5, 6.5], [5, 8]],
};

export const isValid = (m) => Array.isArray(m) && m.length >= MIN_POINTS && m.length <= MAX_POINTS &&
  m.every((p) => p.length === 2 && p.every((c) => Number.isFinite(c) && c >= LO && c <= HI));

export const columns = (pts) => ({ X: pts.map((p) => [p[0]]), x: pts.map((p) => p[0]), y: pts.map((p) => p[1]) });

// Where a new point goes: in the middle of the widest gap between the xs.
export function newPoint(pts) {
  const xs = [LO, ...pts.map((p) => p[0]).sort((a, b) => a - b), HI];
  let best = 0;
  for (let i = 1; i < xs.length - 1; i++) if (xs[i + 1] - xs[i] > xs[best + 1] - xs[best]) best = i;
  return [Math.round((xs[best] + xs[best + 1]) * 5) / 10, 5];
}

// The table, the add / remove buttons and the presets. onChange(points).
export function createDataControls({ t, onChange }) {
  let pts = [];
  const msg = h('p', { class: 'field-error', 'aria-live': 'polite' });
  const editor = createMatrixEditor({ label: t('data.table'), t, rowLabel: (i) => String(i + 1), colLabel: (j) => (j === 0 ? 'x' : 'y'), onChange: (m) => commit(m) });
  const add = h('button', { type: 'button', class: 'btn btn-small', onclick: () => commit([...pts, newPoint(pts)]) }, t('data.add'));
  const remove = h('button', { type: 'button', class: 'btn btn-small', onclick: () => commit(pts.slice(0, -1)) }, t('data.removeLast'));
  const presets = Object.keys(PRESETS).map((k) => h('button', { type: 'button', class: 'btn btn-small', onclick: () => commit(PRESETS[k].map((p) => p.slice())) }, t(`data.preset.${k}`)));

  function commit(m) {
    if (m.length > MAX_POINTS) { msg.textContent = t('data.tooMany', { n: MAX_POINTS }); return; }
    if (m.length < MIN_POINTS) { msg.textContent = t('data.tooFew', { n: MIN_POINTS }); return; }
    if (!isValid(m)) { msg.textContent = t('data.outside', { lo: LO, hi: HI }); editor.set(pts); return; }
    msg.textContent = '';
    onChange(m);
  }

  function set(p) {
    pts = p.map((q) => q.slice());
    editor.set(pts);
    add.disabled = pts.length >= MAX_POINTS;
    remove.disabled = pts.length <= MIN_POINTS;
  }

  const el = h('div', { class: 'rg-data' },
    h('div', { class: 'controls' }, add, remove),
    h('div', { class: 'controls rg-presets' }, h('span', {}, t('data.presets')), ...presets),
    msg, editor.el);
  return { el, set, report: (text) => { msg.textContent = text; } };
}

// Editing the points from a plot: move one, remove one (focus then goes to
// the point now at its place in that plot), add one; a refusal is said
// under the table (dataNote).
export function pointEdits({ t, values, set }) {
  const setPoints = (m) => set({ pts: m.map((p) => p.slice()), dataNote: '' });
  return {
    setPoints,
    move(i, p) { const next = values.data.map((q) => q.slice()); next[i] = p; setPoints(next); },
    remove(i, plot) {
      const pts = values.data;
      if (pts.length <= MIN_POINTS) { set({ dataNote: t('data.tooFew', { n: MIN_POINTS }) }); return; }
      setPoints(pts.filter((_, j) => j !== i));
      plot.focusPoint(Math.min(i, pts.length - 2));
    },
    add(p) {
      if (values.data.length < MAX_POINTS) setPoints([...values.data, p]);
      else set({ dataNote: t('data.tooMany', { n: MAX_POINTS }) });
    },
  };
}
