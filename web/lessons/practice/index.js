// Lesson "Practice" (the chapter's closing section: NumPy implementation and
// visualization). The learner pastes their own Q (n x d_k), K (m x d_k) and
// V (m x d_v); the core computes attention (lab.attention); the page shows
// the weights heatmap (n x m), the output (n x d_v), a three-step
// walkthrough with the live numbers, and the NumPy code (and the JS call)
// that reproduce every number, ready to copy.
//
// URL state (params.js): Q, K, V, the causal mask, a custom scale, step.
import { prose } from '../shared/kit.js';
import { defineLesson } from '../../runtime/lesson.js';
import schema from './params.js';
import { matsOf, attend } from './model.js';
import { inputsSection } from './inputs.js';
import { errorSection } from './error-note.js';
import { resultsSection } from './results.js';
import { codeSection } from './code-view.js';
import { walkthroughSection } from './walkthrough.js';
import { jsSection } from './js-code.js';

export default defineLesson({
  id: 'practice',
  schema,
  // Matrices in use that a link cannot hold, by name (inputs.js).
  state: { unlinked: {} },
  derive: (lab) => ({
    mats: { from: ['Q', 'K', 'V', 'unlinked'], compute: matsOf },
    att: { from: ['mats', 'causal', 'scale'], compute: (v) => attend(lab, v) },
    // The last result that could be computed: while an input is wrong the figures keep it.
    shown: { from: ['att'], compute: (v) => v.att || v.shown || null },
  }),
  sections: [
    ({ t }) => ({ el: prose(t('intro1'), t('intro2')) }),
    inputsSection,
    errorSection,
    resultsSection,
    codeSection,
    walkthroughSection,
    jsSection,
  ],
});
