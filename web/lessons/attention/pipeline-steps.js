// The steps of the pipeline's player and the panel each one explains.
import { stepFormula } from './formula.js';
import { exampleSentence } from './inputs.js';

export const STEPS = ['project', 'scores', 'scale', 'mask', 'softmax', 'output', 'heatmap'];
// The panel each step explains ('masked': the scaled scores, with the masked cells marked).
export const VIEW_OF_STEP = { project: 'project', scores: 'scores', scale: 'scaled', mask: 'masked', softmax: 'weights', output: 'output', heatmap: 'weights' };
// Steps whose text tells the example sentence's story ("it" finds "cat"):
// a text that holds for any tokens when another sentence or typed numbers are shown.
const STORY_STEPS = ['scores', 'heatmap'];

// The player's steps, read at each render: typed numbers have no words to
// project, and only the example sentence has the "it" → "cat" the texts
// follow. formulaContext(): the values stepFormula reads, null while no cell is focused.
export function pipelineSteps({ t, lang, values, formulaContext }) {
  return STEPS.map((id, k) => ({
    id, formula: () => { const c = formulaContext(); return c ? stepFormula(id, c) : ''; },
    get title() { return t(`s${k + 1}.${values.numbers && id === 'project' ? 'titleNumbers' : 'title'}`); },
    get text() {
      const story = !values.numbers && values.sent.text === exampleSentence(lang);
      return t(`s${k + 1}.${values.numbers && id === 'project' ? 'textNumbers' : !story && STORY_STEPS.includes(id) ? 'textGeneric' : 'text'}`);
    },
  }));
}
