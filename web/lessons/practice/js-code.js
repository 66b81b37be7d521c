// The same computation in JavaScript with the library (AttnLab), for a
// result (model.js attend).
import { h } from '../../ui/dom.js';
import { prose } from '../shared/kit.js';
import { createCodeBlock } from './code.js';
import { jsArray } from './numpy.js';

function jsCode(res, t) {
  const opts = [];
  if (res.causal) opts.push('causal: true');
  if (res.scale !== null) opts.push(`scale: ${String(res.scale)}`);
  const extra = opts.length ? `, { ${opts.join(', ')} }` : '';
  return [
    `// ${t('js.load')}`,
    'const lab = await AttnLab.load();',
    jsArray('Q', res.Q),
    jsArray('K', res.K),
    jsArray('V', res.V),
    `const r = lab.attention(Q, K, V${extra});`,
    `// ${t('js.result')}`,
    'console.log(r.weights, r.output);',
  ].join('\n') + '\n';
}

export function jsSection({ t }) {
  const block = createCodeBlock({ title: t('jsTitle'), t });
  return {
    el: [h('h2', {}, t('jsHeading')), prose(t('jsIntro')), block.el],
    reads: ['shown'],
    draw: ({ shown }) => { if (shown) block.set(jsCode(shown, t)); },
    destroy: () => block.destroy(),
  };
}
