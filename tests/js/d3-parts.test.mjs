// The pieces of D3 that web/plots makes itself instead of importing (D3's
// bundles would bring whole packages along): the same output as D3's own,
// on many inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as d3 from 'd3';
import { root } from './helpers.mjs';

const web = (f) => import(pathToFileURL(path.join(root, 'web', f)).href);

test('colors.js: weightColor and signedColor are d3.interpolateBlues and d3.interpolateRdBu', async () => {
  const { weightColor, signedColor } = await web('plots/colors.js');
  for (let k = 0; k <= 2000; k++) {
    const t = k / 2000;
    assert.equal(weightColor(t), d3.interpolateBlues(t), `Blues(${t})`);
    assert.equal(signedColor(2 * t - 1, 1), d3.interpolateRdBu(t), `RdBu(${t})`);
  }
});

test('viridis.js: interpolateViridis is d3.interpolateViridis', async () => {
  const { interpolateViridis } = await web('plots/viridis.js');
  for (let k = -10; k <= 2010; k++) assert.equal(interpolateViridis(k / 2000), d3.interpolateViridis(k / 2000), `viridis(${k / 2000})`);
});

test('contour-path.js: contourPath is d3.geoPath(d3.geoTransform) of d3.contours', async () => {
  const { contourPath } = await web('plots/contour-path.js');
  let seed = 7;
  const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  for (let trial = 0; trial < 30; trial++) {
    const nx = 5 + Math.floor(rand() * 30), ny = 5 + Math.floor(rand() * 30);
    const values = Array.from({ length: nx * ny }, (_, i) => Math.sin(i * rand()) * 10 + rand() * 3);
    const to = (x, y) => [x * 13.37 + 0.123456, 400 - y * 7.77];
    const proj = d3.geoTransform({ point(x, y) { this.stream.point(...to(x, y)); } });
    const geo = d3.geoPath(proj);
    for (const c of d3.contours().size([nx, ny]).thresholds(12)(values)) assert.equal(contourPath(c, to), geo(c) || '');
  }
});
