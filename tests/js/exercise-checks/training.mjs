// The training lesson's exercises: each expected answer (or a prediction's
// truth) recomputed through the API from the instance's data, with the
// lesson's inputs (web/lessons/training/tasks.js) built afresh here.
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { close, root } from '../helpers.mjs';

const { taskData, initParams } = await import(pathToFileURL(path.join(root, 'web/lessons/training/tasks.js')).href);
const runs = new Map();
const trained = (lab, task) => {
  if (!runs.has(task)) {
    const d = taskData(task);
    runs.set(task, lab.trainAttention({ X: d.X, targets: d.targets }, initParams(1, d.classes), { method: 'adam', lr: 0.05, steps: 120, causal: true }));
  }
  return runs.get(task);
};

export default {
  'pattern-predict'(inst, lab) {
    const { task, b, i } = inst.data;
    const row = trained(lab, task).weights[b][i];
    const j = row.indexOf(Math.max(...row));
    const x = taskData(task).tokens[b];
    const want = { first: 0, prev: i - 1, self: i }[inst.answer];
    if (inst.answer === 'match') assert.ok(j > 0 && j < i - 1 && x[j] === x[i], `row ${i} looks at an earlier ${x[i]}`);
    else assert.equal(j, want, `${task}: row ${i} looks at key ${j}`);
    // No wrong pattern gives the right letter by chance (the feedback says it copies the wrong one).
    if (task !== 'match') assert.equal(new Set([x[0], x[i - 1], x[i]]).size, 3, `${task}: first, previous and own letters differ at ${i}`);
  },
  'ce-grad-compute'(inst, lab) {
    const { z, y, k, p } = inst.data;
    close(inst.answer, p[k] - (k === y ? 1 : 0), 'p_k - y_k from the p shown');
    lab.softmax(z).forEach((x, j) => assert.ok(Math.abs(x - p[j]) <= 5e-5, 'p shown is softmax(z), rounded'));
  },
  'adam-compute'(inst, lab) {
    const { a, b, x0, g1, g2 } = inst.data;
    close(inst.answer, (0.9 * 0.1 * g1 + 0.1 * g2) / (1 - 0.81), 'm-hat_2 from the g shown');
    const x1 = lab.optimize({ name: 'quadratic', A: [[a]], b: [b] }, [x0], { method: 'adam', lr: 0.1, steps: 1 }).path[1][0];
    close(g1, a * x0 - b, 'g_1');
    close(g2, a * x1 - b, 'g_2');
  },
  'gd-make'(inst, lab) {
    const k = (key) => key;  // the card's translator of the exercise's strings
    assert.ok(inst.measure(inst.example, lab, k).ok, 'the teacher\'s example reaches the target');
    assert.ok(!inst.measure({ ...inst.example, method: 'adam', lr: 0.05 }, lab, k).ok, 'only with gradient descent');
    assert.ok(!inst.measure({ ...inst.example, lr: 60 }, lab, k).ok, 'a diverging rate does not count');
    assert.ok(!inst.measure({ ...inst.example, steps: inst.data.k + 10 }, lab, k).ok, 'not with more steps');
    // The rate gradient descent starts at in the lesson falls short: the learner has to search.
    assert.ok(!inst.measure({ ...inst.example, lr: 2 }, lab, k).ok, 'not at the default rate η = 2');
  },
  'diverge-explain'(inst, lab) {
    assert.equal(inst.answer, 'overshoot');
    const d = taskData('prev');
    const r = lab.trainAttention({ X: d.X, targets: d.targets }, initParams(1, d.classes), { method: 'gd', lr: 60, steps: 120, causal: true });
    assert.ok(r.diverged, 'gd at lr 60 diverges');
    // The solution's ratios are those of the losses shown, each above 1 (each update multiplies the loss).
    const texNumber = (x) => { const m = /^([\d.]+)(?: \\times 10\^\{(-?\d+)\})?$/.exec(x.trim()); return m ? Number(m[1]) * 10 ** Number(m[2] || 0) : NaN; };
    const ratios = /\\frac\{L_\{k\+1\}\}\{L_k\} = (.*?)\\quad/.exec(inst.solution[0])[1].split(',\\ ').map(texNumber);
    assert.equal(ratios.length, 4);
    assert.ok(ratios.every((q) => q > 1), `ratios ${ratios}`);
  },
};
