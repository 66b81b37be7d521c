// The lesson's inputs d, w and r as menus of typical values (a value from
// a link that is not among them is offered too).
import { h } from '../../ui/dom.js';

const MENUS = { d: [8, 16, 32, 64, 128, 256], w: [1, 4, 16, 64, 256], r: [8, 16, 32, 64, 128, 256] };

export function inputsSection({ t, values, control }) {
  const menu = (key) => control(key, { label: t(`${key}Label`),
    options: [...new Set([...MENUS[key], values[key]])].sort((a, b) => a - b).map((x) => [x, String(x)]) });
  return {
    el: h('div', { class: 'panel cx-controls' },
      h('div', { class: 'controls' }, ...['d', 'w', 'r'].map((key) => menu(key).el)),
      h('p', { class: 'note' }, t('controlsNote'))),
  };
}
