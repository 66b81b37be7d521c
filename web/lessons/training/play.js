// The live run's player. Play trains one update per animation frame (each
// a short core call continuing the run, live.js) up to the end of the run;
// step, the scrubber and a link set `at`, the update shown, trained up to
// first. The update shown while playing is `k`; it is written to the URL
// (`at`) when play stops. A new setting (task, method, rate, seed) starts a
// new run and plays it, as does a longer run from where it is; Reset
// (`restart`) goes back to the initial weights without playing.
import { lastUpdate } from './live.js';

const SETTINGS = ['task', 'method', 'lr', 'seed'];
const still = () => !!(window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches);

export function startPlayer({ values, set, watch }, frames) {
  const last = () => lastUpdate(values);

  // Shows update k (within the run), training up to it first (one core call).
  function show(k) {
    const run = values.run;
    if (!run) return 0;
    k = Math.min(k, last());
    let trainError = values.trainError;
    if (k > run.trained()) {
      try { run.advance(k); trainError = null; } catch (e) { trainError = e; }
    }
    k = Math.min(k, run.trained());
    set({ k, trained: run.trained(), trainError });
    // A failed call ends play: it would fail again every frame.
    if (trainError && values.playing) set({ playing: false });
    return k;
  }
  const commit = () => set({ at: values.k });

  function tick() {
    if (values.k >= last()) { set({ playing: false }); return false; }
    show(values.k + 1);
    return values.playing;
  }
  // Without motion: the run's end at once (one core call).
  function autoplay() {
    if (values.k >= last()) return;
    if (still()) { set({ at: last() }); return; }
    set({ playing: true });
  }

  const stop = watch(['run', 'at', 'steps', 'playing'], (changed) => {
    if (changed.has('run')) {
      frames.stop('play');
      set({ playing: false, trainError: null, at: 0 });
      show(0);
      if (SETTINGS.some((name) => changed.has(name))) autoplay();
      return;
    }
    if (changed.has('playing')) {
      if (values.playing && !frames.running('play')) {
        if (!values.run) { set({ playing: false }); return; }
        if (values.k >= last()) show(0);
        frames.run('play', tick);
      } else if (!values.playing && frames.running('play')) {
        frames.stop('play');
        commit();
      }
    }
    if (changed.has('at')) {
      // A shorter run (or a diverged one) moves the update asked for.
      const k = show(values.at);
      if (k !== values.at) commit();
    }
    if (changed.has('steps')) {
      if (values.k > last()) set({ at: last() });
      else autoplay();
    }
  });
  show(values.at);
  return () => { stop(); frames.stop('play'); };
}
