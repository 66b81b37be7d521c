// Lesson "Circuits: how a transformer learns to copy": a two-layer
// attention-only transformer trained live on sequences whose end repeats
// a segment forms a previous-token head and an induction head, suddenly;
// a one-layer control trained on the same batches never does. Every
// number comes from the core (lab.trainTransformer, transformerForward,
// transformerLoss, headScores, matmul, softmax); at the end, the same pair
// looked for in the course's real-text model (real-pair.js).
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { SETTING } from './setting.js';
import { createRun } from './run.js';
import { createTrainer } from './trainer.js';
import { checkpointAt } from './checkpoint.js';
import { trainSection } from './train.js';
import { headsSection } from './heads.js';
import { ablateSection } from './ablate.js';
import { composeSection } from './compose.js';
import { circuitSection } from './circuit.js';
import { realPairSection } from './real-pair.js';

const lastCheckpoint = (run) => run.checkpoints[run.checkpoints.length - 1].step;

// Play trains to the end of the run, the checkpoint shown following it; a
// checkpoint asked for beyond what is trained (a link, the slider) is
// trained up to. The loop stops with the lesson.
function startTraining({ values, set, watch }) {
  const trainer = createTrainer((e) => {
    if (e) { set({ trainError: e, playing: false }); return; }
    const run = values.run;
    const patch = { trained: run.updates, checkpoints: run.checkpoints.length };
    if (values.playing) patch.at = lastCheckpoint(run);
    if (!trainer.busy) patch.playing = false;
    set(patch);
  });
  const steer = () => {
    const run = values.run;
    if (!run) return;
    if (values.playing && run.done()) { set({ playing: false, at: lastCheckpoint(run) }); return; }
    const to = values.playing ? SETTING.steps : values.at;
    // An update begun is finished (its checkpoint measured), whatever comes next.
    if (to > run.updates || run.pending) trainer.trainTo(run, Math.max(to, run.updates)); else if (!values.playing) trainer.stop();
  };
  const stop = watch(['run', 'playing', 'at'], (changed) => {
    if (changed.has('run')) { trainer.stop(); set({ trained: 0, checkpoints: 1, trainError: null }); }
    steer();
  });
  steer();
  return () => { stop(); trainer.stop(); };
}

export default defineLesson({
  id: 'circuits',
  schema,
  state: { playing: false, trained: 0, checkpoints: 1, restart: 0, trainError: null },
  derive: (lab) => ({
    run: { from: ['seed', 'restart'], compute: ({ seed }) => createRun(lab, SETTING, seed) },
    // What the figures show changes only when a checkpoint is added or picked, not every update.
    shown: { from: ['run', 'checkpoints', 'at'], compute: ({ run, at }) => checkpointAt(run, at) },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    ({ t }) => ({ el: [h('h2', {}, t('taskHeading')), prose(t('task1'), t('task2'), t('task3'))] }),
    ({ t }) => ({ el: [h('h2', {}, t('trainHeading')), prose(t('train1'))] }),
    trainSection,
    ({ t }) => ({ el: [h('h2', {}, t('headsHeading')), prose(t('heads1'))] }),
    headsSection,
    ({ t }) => ({ el: [h('h2', {}, t('circuitHeading')), prose(t('circuit1'))] }),
    circuitSection,
    ({ t }) => ({ el: [h('h2', {}, t('composeHeading')), prose(t('compose1'))] }),
    composeSection,
    ({ t }) => ({ el: [h('h2', {}, t('ablateHeading')), prose(t('ablate1'))] }),
    ablateSection,
    ({ t }) => ({ el: [h('h2', {}, t('realHeading')), prose(t('real1'))] }),
    realPairSection,
    ({ t }) => ({ el: [h('h2', {}, t('summaryHeading')), prose(t('summary1'), t('summary2'))] }),
  ],
  start: startTraining,
});
