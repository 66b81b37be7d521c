// The editor's edits of the graph, from the drawing, the controls or the
// keyboard: each checks the limits (state.js), hands the new graph to
// onGraph with the node to select, and says what happened.
import { MAX_NODES, MAX_EDGES, addNode, removeNode, addEdge, removeEdge, hasEdge, freeSpot } from './state.js';

// ed: {g, sel}, the graph shown and its selected node; say(key, vars): the
// status line; view: the drawing; target, edgeList: the controls keyboard focus moves to.
export function graphEdits({ ed, onGraph, say, view, target, edgeList }) {
  function add(p, viaKeyboard) {
    const { g, sel } = ed;
    if (g.n >= MAX_NODES) { say('ed.maxNodes', { max: MAX_NODES }); return; }
    const at = p || freeSpot(g, g.pos[sel] || [0.5, 0.5]);
    const k = g.n;
    onGraph(addNode(g, at), k);
    say('ed.added', { i: k + 1 });
    if (viaKeyboard) view.focusNode(k);
  }

  function del(k, viaKeyboard) {
    const { g } = ed;
    if (g.n <= 1) { say('ed.lastNode'); return; }
    onGraph(removeNode(g, k), Math.min(k, g.n - 2));
    say('ed.deleted', { i: k + 1 });
    if (viaKeyboard) view.focusNode(Math.min(k, g.n - 1));
  }

  function connect(i, j) {
    const { g } = ed;
    if (hasEdge(g, i, j)) { say('ed.exists', { i: i + 1, j: j + 1 }); return false; }
    if (g.edges.length >= MAX_EDGES) { say('ed.maxEdges', { max: MAX_EDGES }); return false; }
    onGraph(addEdge(g, i, j), i);
    say('ed.connected', { i: i + 1, j: j + 1 });
    return true;
  }

  function connectChosen() {
    if (target.disabled || target.value === '') return;
    connect(ed.sel, Number(target.value));
    target.focus();
  }

  function disconnect(i, j, refocus = -1) {
    onGraph(removeEdge(ed.g, i, j), ed.sel);
    say('ed.removed', { i: i + 1, j: j + 1 });
    if (refocus >= 0) {
      const btns = edgeList.querySelectorAll('button');
      if (btns.length) btns[Math.min(refocus, btns.length - 1)].focus();
      else target.focus();
    }
  }

  // A key on a focused node i.
  function key(i, e) {
    const k = e.key;
    if (k === 'n' || k === 'N' || k === '+' || k === 'Insert') add(null, true);
    else if (k === 'c' || k === 'C') target.focus();
    else if (k === 'e' || k === 'E') {
      const first = edgeList.querySelector('button');
      if (first) first.focus(); else say('ed.noEdges', { i: i + 1 });
    } else if (k === 'Delete' || k === 'Backspace') del(i, true);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  return { add, del, connect, connectChosen, disconnect, key };
}
