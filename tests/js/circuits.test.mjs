// The circuits lesson's run (web/lessons/circuits), through dist/attnlab.js:
// its data and starting model are the probe's (scripts/probes/induction.py,
// bit for bit), a run trained a frame at a time equals one trained in a go,
// and with the lesson's default seed the induction head forms in the
// two-layer model and not in the one-layer control.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadLab, root } from './helpers.mjs';

const lab = await loadLab();
const load = (p) => import(pathToFileURL(path.join(root, p)).href);
const { mulberry32, makeBatch, initModels } = await load('web/lessons/circuits/data.js');
const { createRun } = await load('web/lessons/circuits/run.js');
const { SETTING } = await load('web/lessons/circuits/setting.js');
const schema = (await load('web/lessons/circuits/params.js')).default;
// Written by scripts/probes/induction.py --fixture (the probe's own generator).
const fixture = JSON.parse(fs.readFileSync(path.join(root, 'tests/fixtures/lessons/circuits_probe.json'), 'utf8'));

test('the data and the starting model are the probe\'s, bit for bit', () => {
  const r = mulberry32(1);
  assert.deepEqual([r.rand(), r.rand(), r.rand()], fixture.mulberry32_1);
  const b = makeBatch(mulberry32(fixture.seed + 2000), fixture.test_tokens.length, fixture.setting);
  assert.deepEqual(b.tokens, fixture.test_tokens);
  assert.deepEqual(b.starts, fixture.test_starts);
  const { two, one } = initModels(fixture.seed, fixture.setting);
  assert.deepEqual(two.embed, fixture.embed);
  assert.deepEqual(two.layers[1][0].Wo, fixture.layer2_head1_Wo);
  assert.equal(one.layers.length, 1);
  assert.equal(one.layers[0], two.layers[0], 'the control is the same start without layer 2');
});

test('the lesson\'s setting is the probe\'s, and its URL parameters follow it', () => {
  for (const [k, v] of Object.entries(fixture.setting)) assert.equal(SETTING[k], v, k);
  assert.equal(schema.params.at.max, SETTING.steps);
  assert.equal(schema.params.at.step, SETTING.every);
  assert.equal(schema.params.seq.max, SETTING.Btest);
});

// The lesson's default run, trained once for the tests below.
const run = createRun(lab, SETTING, schema.params.seed.default);

test('the probe\'s numbers: the core\'s run equals the float64 PyTorch loop at every printed checkpoint (rtol 1e-6)', () => {
  assert.equal(fixture.seed, schema.params.seed.default, 'the fixture is of the lesson\'s default run');
  for (const row of fixture.rows) {
    while (run.updates < row.step) run.advance();
    const c = run.checkpoints.find((p) => p.step === row.step);
    for (const [key, want] of [['first', row.first], ['repeat', row.repeat]])
      assert.ok(Math.abs(c.two[key] - want) <= 1e-6 * Math.abs(want), `update ${row.step}: ${key} loss ${c.two[key]} vs PyTorch ${want}`);
    assert.ok(Math.abs(c.prev - row.prev) <= 1e-6, `update ${row.step}: layer 1's best previous-token ${c.prev} vs ${row.prev}`);
    assert.ok(Math.abs(c.induction - row.pm) <= 1e-6, `update ${row.step}: layer 2's best prefix-match ${c.induction} vs ${row.pm}`);
    assert.ok(Math.abs(c.controlMatch - row.one_pm) <= 1e-6, `update ${row.step}: control prefix-match ${c.controlMatch} vs ${row.one_pm}`);
  }
});

test('emergence: by update 450 of the default run layer 2\'s best prefix-match passes 0.4 and the repeat\'s loss is under half the first part\'s; the control\'s does neither', () => {
  while (run.updates < 450) run.advance();
  const end = run.checkpoints[run.checkpoints.length - 1];
  assert.ok(end.induction > 0.4, `layer 2's best prefix-match ${end.induction}`);
  assert.ok(end.two.repeat < end.two.first / 2, `repeat loss ${end.two.repeat} vs first part ${end.two.first}`);
  assert.ok(end.controlMatch < 0.3, `control prefix-match ${end.controlMatch}`);
  assert.ok(end.one.repeat > 2 * end.two.repeat, `control repeat loss ${end.one.repeat} vs ${end.two.repeat}`);
  // The phase change: a plateau, then the fall. At update 150 the pair has not formed yet.
  const early = run.checkpoints.find((p) => p.step === 150);
  assert.ok(early.induction < 0.3 && early.two.repeat > 2.5, `update 150: prefix-match ${early.induction}, repeat loss ${early.two.repeat}`);
  // Ablation: leaving out the best layer-2 head brings the repeat's loss back up.
  const q = end.two.prefixMatch[1].indexOf(Math.max(...end.two.prefixMatch[1]));
  const ablated = lab.transformerLoss({ tokens: run.test.tokens, targets: run.split.repeat }, end.two.params, { ablate: [[1, q]] }).loss;
  assert.ok(ablated > end.two.repeat + 1, `repeat loss without layer 2 head ${q + 1}: ${ablated} vs ${end.two.repeat}`);
});

test('a run trained in two halves equals one trained in a go', () => {
  const a = createRun(lab, SETTING, 3), b = createRun(lab, SETTING, 3);
  for (let k = 0; k < 50; k++) a.advance();
  for (let k = 0; k < 25; k++) b.advance();
  for (let k = 0; k < 25; k++) b.advance();
  assert.deepEqual(b.checkpoints, a.checkpoints);
});
