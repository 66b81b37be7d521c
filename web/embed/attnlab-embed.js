/* Attention Lab embed helper (dist/attnlab-embed.js). See docs/embedding.md.
 *
 *   <script src="attnlab-embed.js"></script>   (from where dist/ is hosted)
 *   <attn-lesson lesson="softmax" lang="zh-Hans" params="T=0.5&z=1,2,3"></attn-lesson>
 *
 * One classic script, no dependencies, DOM built node by node: it runs under
 * a strict Content-Security-Policy (script-src <this script's origin>;
 * frame-src <the same origin>). It provides
 *   - a resizer: {type: 'attnlab:resize', height} from an embedded lesson
 *     sets the height of the iframe whose window sent it (event.source; the
 *     origin of a sandboxed iframe is "null" and proves nothing);
 *   - <attn-lesson>: a sandboxed, lazily loaded iframe of embed.html in an
 *     open shadow root;
 *   - window.AttnLabEmbed = {version, set(el, params)}: posts
 *     {type: 'attnlab:set', ...params} to a lesson (validated by the page
 *     exactly like its URL parameters).
 */
(function () {
  'use strict';
  var w = window;
  // Included twice (or by two copies): the first one does the work.
  if (w.AttnLabEmbed && typeof w.AttnLabEmbed.set === 'function') return;

  var VERSION = '1.0.0';
  var TAG = 'attn-lesson';
  var MAX_HEIGHT = 100000;
  // The attributes passed to embed.html as they are (the page validates
  // them against its schema); "params" carries the lesson's own parameters.
  var PASSED = ['lang', 'theme', 'step', 'hide'];
  var OBSERVED = ['lesson', 'lang', 'theme', 'step', 'hide', 'params', 'title', 'src-base'];
  var THEMES = ['auto', 'light', 'dark'];

  // This script's own URL, captured while it runs (currentScript is null
  // afterwards): embed.html is resolved next to it.
  var scriptUrl = (function () {
    var s = document.currentScript;
    if (s && s.src) return s.src;
    var found = document.querySelector('script[src*="attnlab-embed"]');
    return found && found.src ? found.src : document.baseURI;
  })();

  var connected = new Set();  // the <attn-lesson> elements in a document

  function iframeOf(el) {
    if (!el) return null;
    if (el.tagName === 'IFRAME') return el;
    var root = el.shadowRoot;
    return root ? root.querySelector('iframe') : null;
  }

  // ------------------------------------------------------------ resizer

  function onMessage(event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || data.type !== 'attnlab:resize') return;
    var height = data.height;
    if (typeof height !== 'number' || !isFinite(height) || height <= 0 || height > MAX_HEIGHT) return;
    var source = event.source;
    if (!source) return;
    var frames = [];
    connected.forEach(function (el) { var f = iframeOf(el); if (f) frames.push(f); });
    var marked = document.querySelectorAll('iframe[data-attnlab]');
    for (var i = 0; i < marked.length; i++) frames.push(marked[i]);
    for (var k = 0; k < frames.length; k++) {
      if (frames[k].contentWindow === source) {
        // CSSOM, not a style attribute: allowed by a strict style-src.
        frames[k].style.height = Math.ceil(height) + 'px';
        return;
      }
    }
  }
  w.addEventListener('message', onMessage);

  // ------------------------------------------------------------ set()

  // A value as the page reads it in a URL: numbers as written, booleans
  // 1/0, vectors "1,2,3", matrices "1,2;3,4", sets "a,b".
  function encode(v) {
    if (typeof v === 'boolean') return v ? '1' : '0';
    if (Array.isArray(v)) {
      if (v.length && Array.isArray(v[0])) return v.map(function (row) { return row.map(String).join(','); }).join(';');
      return v.map(String).join(',');
    }
    return String(v);
  }

  function set(el, params) {
    var frame = iframeOf(el);
    if (!frame || !frame.contentWindow || !params || typeof params !== 'object') return false;
    var msg = { type: 'attnlab:set' };
    Object.keys(params).forEach(function (k) {
      if (k !== 'type' && params[k] !== undefined && params[k] !== null) msg[k] = encode(params[k]);
    });
    // '*': a sandboxed lesson has an opaque origin that no target origin
    // matches. The message carries only parameter values.
    frame.contentWindow.postMessage(msg, '*');
    return true;
  }

  w.AttnLabEmbed = Object.freeze({ version: VERSION, set: set });

  // ------------------------------------------------------------ <attn-lesson>

  if (!w.customElements || !w.HTMLElement || typeof Element.prototype.attachShadow !== 'function') return;
  if (w.customElements.get(TAG)) return;

  var CSS = ':host{display:block;}' +
    ':host([hidden]){display:none;}' +
    'iframe{display:block;box-sizing:content-box;width:100%;height:var(--attn-min-height,480px);' +
    'border:var(--attn-border,0);border-radius:var(--attn-radius,0);}';

  // Constructed stylesheets are not inline styles: a strict style-src
  // allows them. Older browsers get a <style> element.
  var sheet = null;
  try {
    if ('adoptedStyleSheets' in Document.prototype && typeof CSSStyleSheet === 'function') {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
  } catch (e) {
    sheet = null;
  }

  function safeBase(el) {
    var base = el.getAttribute('src-base');
    try {
      var url = new URL('embed.html', base ? new URL(base, document.baseURI).href : scriptUrl);
      return /^(https?|file):$/.test(url.protocol) ? url : null;
    } catch (e) {
      return null;
    }
  }

  function buildSrc(el) {
    var url = safeBase(el);
    var lesson = el.getAttribute('lesson');
    if (!url || !lesson) return null;
    var q = new URLSearchParams();
    q.set('lesson', lesson);
    PASSED.forEach(function (name) {
      var v = el.getAttribute(name);
      if (v !== null) q.set(name, v);
    });
    var extra = el.getAttribute('params');
    if (extra) {
      new URLSearchParams(extra.charAt(0) === '?' ? extra.slice(1) : extra).forEach(function (value, key) {
        // The attributes (lesson always) win over the same names in params.
        if (/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(key) && !q.has(key)) q.append(key, value);
      });
    }
    // --attn-theme on the element: the theme when neither says one.
    if (!q.has('theme') && el._themeFromCss) q.set('theme', el._themeFromCss);
    url.search = q.toString();
    url.hash = '';
    return url.href;
  }

  class AttnLesson extends HTMLElement {
    static get observedAttributes() { return OBSERVED.slice(); }

    connectedCallback() {
      connected.add(this);
      var css = '';
      try {
        css = w.getComputedStyle(this).getPropertyValue('--attn-theme').trim();
      } catch (e) {
        css = '';
      }
      this._themeFromCss = THEMES.indexOf(css) >= 0 ? css : null;
      this.update();
    }

    disconnectedCallback() {
      connected.delete(this);
    }

    attributeChangedCallback(name, oldValue, newValue) {
      if (oldValue !== newValue) this.update();
    }

    // The iframe (created once, in the open shadow root).
    ensureFrame() {
      var root = this.shadowRoot || this.attachShadow({ mode: 'open' });
      var frame = root.querySelector('iframe');
      if (frame) return frame;
      if (sheet) root.adoptedStyleSheets = [sheet];
      else {
        var style = document.createElement('style');
        style.textContent = CSS;
        root.appendChild(style);
      }
      frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.setAttribute('loading', 'lazy');
      frame.setAttribute('allow', 'fullscreen');
      frame.setAttribute('data-attnlab', '');
      root.appendChild(frame);
      return frame;
    }

    update() {
      if (!this.isConnected) return;
      var frame = this.ensureFrame();
      var lesson = this.getAttribute('lesson') || '';
      var title = this.getAttribute('title') || ('Attention Lab: ' + (lesson || 'lesson'));
      if (frame.getAttribute('title') !== title) frame.setAttribute('title', title);
      var src = buildSrc(this);
      if (src === null) {
        if (lesson) console.warn('attn-lesson: src-base is not an http(s) or file URL; nothing is loaded.');
        return;
      }
      // Only a real change reloads the lesson.
      if (frame.getAttribute('src') !== src) frame.setAttribute('src', src);
    }
  }

  w.customElements.define(TAG, AttnLesson);
})();
