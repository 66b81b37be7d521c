// The graphs lesson's editor, driven like a learner would: with the mouse
// (click the background to add a node, drag from node to node to connect,
// click an edge to remove it) and with the keyboard only (N adds a node,
// C + Enter connects, Delete removes). After each edit the adjacency matrix
// shown (A) and the Laplacian's eigenvalues follow, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeWithBrowser, fileUrl, openWatched, allowFile, gotoReady, assertClean, readMatrixCells, LANGS } from './helpers.mjs';

// The adjacency matrix as shown: n and the set of edges "i-j" (i < j).
async function shownGraph(page) {
  const A = await readMatrixCells(page, 'A');
  assert.ok(A, 'the lesson shows its adjacency matrix (.matrix-wrap[data-name="A"])');
  const n = Math.max(...A.cells.map((c) => c.i)) + 1;
  const edges = A.cells.filter((c) => c.i < c.j && Number(c.text) !== 0).map((c) => `${c.i}-${c.j}`).sort();
  return { n, edges };
}
const editor = (page) => page.locator('svg').filter({ has: page.locator('g.gv-node') }).first();
const nodeCenter = async (page, i) => {
  const b = await editor(page).locator(`g.gv-node[data-i="${i}"] circle.gv-dot`).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

describeWithBrowser('graphs lesson: building a graph with the mouse and with the keyboard', { concurrency: 2 }, (env) => {

  for (const lang of LANGS) {
    test(`mouse (${lang}): add a node, connect it by dragging, remove the edge by clicking it`, async () => {
      const url = fileUrl('index.html', `lesson=graphs&lang=${lang}`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(page, url);
        await page.locator('button[data-action="clear-edges"]').click();
        const g0 = await shownGraph(page);
        assert.deepEqual(g0.edges, [], 'no edges after "clear edges"');

        // Add a node where there is room: try spots until the count grows
        // (the editor scrolled into view first: mouse clicks land in the viewport).
        await editor(page).scrollIntoViewIfNeeded();
        const box = await editor(page).boundingBox();
        let g1 = g0;
        for (const [fx, fy] of [[0.5, 0.92], [0.08, 0.5], [0.92, 0.5], [0.5, 0.08], [0.25, 0.75]]) {
          await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
          g1 = await shownGraph(page);
          if (g1.n > g0.n) break;
        }
        assert.equal(g1.n, g0.n + 1, 'a click on the background adds a node');

        // Drag from the new node to node 0: one edge.
        const a = await nodeCenter(page, g1.n - 1), b = await nodeCenter(page, 0);
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
        await page.mouse.move(b.x, b.y, { steps: 4 });
        await page.mouse.up();
        const g2 = await shownGraph(page);
        assert.deepEqual(g2.edges, [`0-${g1.n - 1}`], 'dragging from a node to another connects them');
        const eig = await readMatrixCells(page, 'eigenvalues');
        const zeros = eig.cells.filter((c) => Math.abs(Number(c.text.replace('\u2212', '-'))) < 1e-9).length;
        assert.equal(zeros, g2.n - 1, `one edge among ${g2.n} nodes: ${g2.n - 1} components, as many zero eigenvalues (${eig.cells.map((c) => c.text)})`);

        // Click the middle of that edge: removed.
        const p = await nodeCenter(page, g1.n - 1), q = await nodeCenter(page, 0);
        await page.mouse.click((p.x + q.x) / 2, (p.y + q.y) / 2);
        assert.deepEqual((await shownGraph(page)).edges, [], 'clicking an edge removes it');
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });

    test(`keyboard only (${lang}): N adds a node, C and Enter connect, Delete removes a node`, async () => {
      const url = fileUrl('index.html', `lesson=graphs&lang=${lang}`);
      const { context, page, issues } = await openWatched(env.browser, { allowed: allowFile });
      try {
        await gotoReady(page, url);
        await page.locator('button[data-action="clear-edges"]').focus();
        await page.keyboard.press('Enter');
        const g0 = await shownGraph(page);
        // Tab into the drawing: the roving tabindex gives one node tabindex 0.
        await editor(page).locator('g.gv-node[tabindex="0"]').focus();
        await page.keyboard.press('n');
        const g1 = await shownGraph(page);
        assert.equal(g1.n, g0.n + 1, 'N adds a node');
        const focused = await page.evaluate(() => document.activeElement?.dataset?.i);
        assert.equal(focused, String(g1.n - 1), 'the new node has the focus');
        // C jumps to "Connect to"; Enter connects to the option chosen.
        await page.keyboard.press('c');
        assert.equal(await page.evaluate(() => document.activeElement?.dataset?.field), 'connect-to', 'C moves the focus to "Connect to"');
        await page.keyboard.press('Enter');
        const g2 = await shownGraph(page);
        assert.equal(g2.edges.length, 1, `Enter on "Connect to" adds one edge (${g2.edges})`);
        assert.ok(g2.edges[0].endsWith(`-${g1.n - 1}`), `the edge ends at the new node: ${g2.edges}`);
        // Back on the node: Delete removes it (and its edge).
        await editor(page).locator(`g.gv-node[data-i="${g1.n - 1}"]`).focus();
        await page.keyboard.press('Delete');
        const g3 = await shownGraph(page);
        assert.deepEqual({ n: g3.n, edges: g3.edges }, { n: g0.n, edges: [] }, 'Delete removes the node and its edge');
        assertClean(issues, url);
      } finally {
        await context.close();
      }
    });
  }
});
