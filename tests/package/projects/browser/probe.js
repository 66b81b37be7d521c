// What every browser bundle of tests/package runs: load the module, one
// attention call (nested and flat), the versions, the embed element; the
// result as JSON in <pre id="out"> (an error as "error: ...").
export function probe(AttnLab) {
  const out = document.getElementById('out');
  AttnLab.load().then((lab) => {
    const Q = [[1, 0], [0, 1]], V = [[1, 2], [3, 4]];
    const nested = lab.attention(Q, Q, V);
    const flat = lab.attention(Q, Q, V, { layout: 'flat' });
    out.textContent = JSON.stringify({
      w00: nested.weights[0][0], flatW01: flat.weights.data[1], version: AttnLab.version,
      embedVersion: window.AttnLabEmbed && window.AttnLabEmbed.version,
      element: typeof customElements.get('attn-lesson'), globalAttnLab: typeof window.AttnLab,
    });
  }, (e) => { out.textContent = `error: ${e && e.message}`; });
}
