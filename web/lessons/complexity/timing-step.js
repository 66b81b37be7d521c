// One measurement of the complexity lesson's live timing: n = 64, 91, 128,
// ... (steps of √2) per kind, timed by the wasm core (lab.timeAttention).
// Repeats are chosen so that a call stays under ~30-50 ms, and a kind stops
// growing once a call took over 40 ms (or the next would).
import { kindOptions } from './kinds.js';

export const N_SEQ = Array.from({ length: 21 }, (_, i) => Math.round(64 * 2 ** (i / 2)));  // 64 .. 65536
export const EXPECTED = { full: 2, sparse: 1, lowRank: 1 };
const TARGET_MS = 30, STOP_MS = 40, MAX_FLOPS = 2e9;

// The next call of a kind's series into st ({i, points, done, warm, perRun,
// lastN}): a warm-up first (not recorded), then the next n up to cap.
// say(n, repeats) before a timed call.
export function timeNext(lab, kind, st, p, cap, say) {
  const opts = kindOptions(kind, p);
  if (!st.warm) {
    lab.timeAttention(64, p.d, { ...opts, ...(kind === 'lowRank' ? { rank: Math.min(p.r, 64) } : {}), repeats: 2 });
    st.warm = true;
    return;
  }
  while (st.i < N_SEQ.length && kind === 'lowRank' && N_SEQ[st.i] < p.r) st.i++;
  const n = N_SEQ[st.i];
  if (n === undefined || n > cap) { st.done = true; return; }
  // Budget by wall-clock time per run (what the learner's page feels),
  // extrapolated with the expected exponent; plot the core's median.
  const predicted = st.perRun ? st.perRun * (n / st.lastN) ** EXPECTED[kind] : 0;
  if (predicted > STOP_MS) { st.done = true; return; }
  const flops = lab.attentionCost(n, p.d, opts).flops;
  let repeats = predicted ? Math.floor(TARGET_MS / predicted) : 3;
  repeats = Math.max(1, Math.min(200, repeats, Math.floor(MAX_FLOPS / flops)));
  say(n, repeats);
  const w0 = performance.now();
  const r = lab.timeAttention(n, p.d, { ...opts, repeats });
  const wall = performance.now() - w0;
  st.points.push([n, Math.max(r.ms, 1e-4)]);
  // Wall time per run, but a stall of the machine (wall far above the
  // core's own median) should not end the series: cap it at 3x the median.
  st.perRun = Math.max(1e-4, r.ms, Math.min(wall / repeats, 3 * r.ms));
  st.lastN = n;
  st.i++;
  // A call over 40 ms that was already a single run: n cannot grow further.
  if ((repeats === 1 && Math.min(wall, 3 * r.ms) > STOP_MS) || st.i >= N_SEQ.length) st.done = true;
}
