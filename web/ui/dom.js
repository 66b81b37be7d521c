// Building DOM without HTML strings: h('button', {class: 'x', onclick}, 'text').
// Children are nodes or strings (always inserted as text, never parsed).
// A tag in SVG_TAGS is made in the SVG namespace; s() makes any tag there.
export function h(tag, attrs = {}, ...children) {
  const svg = SVG_TAGS.has(tag);
  return fill(svg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag), attrs, children, svg);
}

// s('clipPath', {id}, child...): an SVG element of any tag (h() knows only
// a fixed list), with h()'s attribute and children rules.
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, true);
}

// Attributes: on* functions become listeners, dataset and style go through
// the DOM (the CSP blocks style attributes), an HTML element's non-string
// property (checked, value as a number) is set as a property, anything else
// as an attribute (true as '', false / null / undefined left out).
function fill(el, attrs, children, svg) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.setAttribute('class', v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style') Object.assign(el.style, v);  // CSSOM: allowed under style-src 'self'
    else if (k in el && !svg && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  return append(el, children);
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// Makes target's children those of fresh (a detached node or fragment,
// used up): a node at the same place with the same name is kept and given
// the new attributes and children, anything else is moved in or removed.
// A figure redrawn from scratch on every slider move then changes only
// what moved, so the browser restyles and lays out only that. Not for
// trees with listeners on their inner nodes (a kept node keeps its own).
export function morph(target, fresh) {
  let a = target.firstChild;
  for (let b = fresh.firstChild; b;) {
    const next = b.nextSibling;
    if (a && a.nodeName === b.nodeName && a.nodeType === b.nodeType) {
      if (a.nodeType === 1) {
        if (!a.isEqualNode(b)) {  // a native deep compare: most subtrees of a redrawn formula or figure are unchanged
          syncAttributes(a, b);
          morph(a, b);
        }
      } else if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      a = a.nextSibling;
    } else target.insertBefore(b, a);
    b = next;
  }
  while (a) {
    const next = a.nextSibling;
    target.removeChild(a);
    a = next;
  }
  return target;
}

// style goes through the CSSOM: the page's CSP blocks style attributes.
function syncAttributes(a, b) {
  for (const { name, value } of b.attributes) {
    if (a.getAttribute(name) === value) continue;
    if (name === 'style') a.style.cssText = b.style.cssText;
    else a.setAttribute(name, value);
  }
  for (let k = a.attributes.length - 1; k >= 0; k--) {
    const name = a.attributes[k].name;
    if (!b.hasAttribute(name)) a.removeAttribute(name);
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const SVG_TAGS = new Set(['svg', 'g', 'rect', 'line', 'text', 'path', 'circle', 'polyline', 'polygon',
  'defs', 'linearGradient', 'stop', 'title', 'desc', 'marker', 'tspan']);

let uid = 0;
export const nextId = (prefix = 'id') => `${prefix}-${++uid}`;
