// What went wrong with the inputs: the shape that does not fit in the
// page's language (else the shared translation of the core's message), the
// core's English after it, and a word that the figures show the last result.
import { h, clear, append } from '../../ui/dom.js';
import { errorSlot, coreMessage } from '../shared/kit.js';

function shapeHint({ Q, K, V }, t) {
  if (K[0].length !== Q[0].length) return t('shape.kCols', { q: Q[0].length, k: K[0].length });
  if (V.length !== K.length) return t('shape.vRows', { k: K.length, v: V.length });
  return '';
}

export function errorSection({ t, error }) {
  const el = errorSlot();
  return {
    el,
    reads: ['att'],
    draw(v) {
      clear(el);
      const e = error('att');
      el.hidden = !e;
      if (!e) return;
      const cm = coreMessage(e, t);
      append(el, [h('span', {}, t('common.error'), ' ', shapeHint(v.mats, t) || cm.text),
        v.shown ? [t('sep'), h('span', { class: 'pr-hint' }, t('staleNote'))] : null,
        cm.detail ? h('span', { class: 'error-detail', lang: 'en' }, h('code', {}, cm.detail)) : null]);
    },
  };
}
