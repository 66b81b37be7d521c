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
 *     exactly like its URL parameters). Until the lesson has said
 *     attnlab:ready (a frame still loading cannot hear it), commands are
 *     queued and sent in order then; set returns what happened:
 *     {status: 'sent' | 'queued' | 'refused', reason?}.
 */
(function () {
  'use strict';
  // Imported where there is no browser (Node, server-side rendering):
  // nothing to define, and no global is touched.
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  var w = window;
  // Included twice (or by two copies): the first one does the work. Our own
  // copy is known by a registered symbol, not by the global's name: a page
  // may already use window.AttnLabEmbed for something else.
  var MARK = Symbol.for('attnlab.embed');
  if (w[MARK]) return;
  try { Object.defineProperty(w, MARK, { value: true }); } catch (e) { /* a frozen window: carry on */ }

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

  // Events of a lesson (docs/embedding.md, "Events"): re-dispatched on its
  // <attn-lesson> element as CustomEvents 'attnlab-ready', 'attnlab-progress',
  // 'attnlab-state' and 'attnlab-answer' ({detail: the message}), and only
  // from the frame that element created.
  var EVENTS = { 'attnlab:ready': 'attnlab-ready', 'attnlab:progress': 'attnlab-progress', 'attnlab:state': 'attnlab-state', 'attnlab:answer': 'attnlab-answer' };
  // Commands wait until their lesson is ready: per <attn-lesson> element, or
  // per <iframe> of embed.html. state: {ready, queue: [messages]}.
  var states = new WeakMap();
  var MAX_QUEUED = 100;
  function stateOf(key) {
    var st = states.get(key);
    if (!st) { st = { ready: false, queue: [] }; states.set(key, st); }
    return st;
  }
  // The lesson in this frame said it is ready: what waited goes, in order.
  function lessonReady(source) {
    var keys = [];
    connected.forEach(function (el) { var f = iframeOf(el); if (f && f.contentWindow === source) keys.push(el); });
    var marked = document.querySelectorAll('iframe');
    for (var i = 0; i < marked.length; i++) if (marked[i].contentWindow === source) keys.push(marked[i]);
    keys.forEach(function (key) {
      var st = stateOf(key);
      st.ready = true;
      var queue = st.queue;
      st.queue = [];
      queue.forEach(function (msg) { source.postMessage(msg, '*'); });
    });
  }

  function relayEvent(event) {
    // Any event of a lesson shows that it listens (a frame ready before this
    // script ran answers the probe below with its progress).
    if (EVENTS[event.data.type] && event.source) lessonReady(event.source);
    var name = EVENTS[event.data.type];
    if (!name || !event.source) return false;
    connected.forEach(function (el) {
      var f = iframeOf(el);
      if (!f || f.contentWindow !== event.source) return;
      var detail;
      try { detail = JSON.parse(JSON.stringify(event.data)); } catch (e) { return; }
      el.dispatchEvent(new CustomEvent(name, { detail: detail, bubbles: true, composed: true }));
    });
    return true;
  }

  // Frames whose lesson has said anything (see startWatch below).
  var spoke = new WeakSet();
  // A browser that refuses a sandboxed (opaque-origin) frame its own files
  // never starts the lesson: WebKit before the fix of its bug 316847 matches
  // CSP 'self' against the opaque origin. The frame loads and then says
  // nothing; it is loaded again with its own origin (allow-same-origin; from
  // another origin than this page's, it still cannot reach this page).
  function startWatch(frame) {
    frame.addEventListener('load', function () {
      var win = frame.contentWindow;
      if (frame.getAttribute('sandbox') !== 'allow-scripts' || !win) return;
      setTimeout(function () {
        if (spoke.has(win) || frame.contentWindow !== win || frame.getAttribute('sandbox') !== 'allow-scripts') return;
        frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
        frame.setAttribute('src', frame.getAttribute('src'));
      }, 3000);
    });
  }

  function onMessage(event) {
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (event.source) spoke.add(event.source);
    if (relayEvent(event)) return;
    if (data.type !== 'attnlab:resize') return;
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

  var result = function (status, reason) { return Object.freeze(reason ? { status: status, reason: reason } : { status: status }); };
  // An <iframe> that loads a lesson (embed.html): it says when it is ready.
  var isLessonFrame = function (f) { return f.hasAttribute('data-attnlab') || /(^|\/)embed\.html([?#]|$)/.test(f.getAttribute('src') || ''); };

  function set(el, params) {
    if (!params || typeof params !== 'object' || Array.isArray(params)) return result('refused', 'params must be an object');
    var isElement = !!el && typeof el.tagName === 'string' && el.tagName.toLowerCase() === TAG;
    var frame = iframeOf(el);
    if (!isElement && !frame) return result('refused', 'not an <attn-lesson> or <iframe> element');
    var msg = { type: 'attnlab:set' };
    var keys = Object.keys(params).filter(function (k) { return k !== 'type' && params[k] !== undefined && params[k] !== null; });
    if (!keys.length) return result('refused', 'no parameters');
    keys.forEach(function (k) { msg[k] = encode(params[k]); });
    // A lesson that is not ready yet (an element just created, a frame
    // loading) would lose the message: it waits for attnlab:ready.
    var key = isElement ? el : frame;
    var st = stateOf(key);
    var waits = isElement ? !st.ready || !frame : isLessonFrame(frame) && !st.ready;
    if (waits) {
      if (st.queue.length >= MAX_QUEUED) return result('refused', 'too many commands waiting for the lesson');
      st.queue.push(msg);
      // A frame that was ready before this script ran: its answer says so.
      if (!isElement && frame.contentWindow && st.queue.length === 1) frame.contentWindow.postMessage({ type: 'attnlab:get' }, '*');
      return result('queued');
    }
    if (!frame.contentWindow) return result('refused', 'the frame has no window (not in a document)');
    // '*': a sandboxed lesson has an opaque origin that no target origin
    // matches. The message carries only parameter values.
    frame.contentWindow.postMessage(msg, '*');
    return result('sent');
  }

  var api = Object.freeze({ version: VERSION, set: set });
  if (w.AttnLabEmbed !== undefined) {
    // The page's own global is left alone; the element works all the same.
    console.warn('attnlab-embed: window.AttnLabEmbed is already defined by the page; it is left as it is (the <attn-lesson> element still works, AttnLabEmbed.set does not).');
  } else {
    try { w.AttnLabEmbed = api; } catch (e) { /* a read-only global */ }
  }

  // ------------------------------------------------------------ <attn-lesson>

  if (!w.customElements || !w.HTMLElement || typeof Element.prototype.attachShadow !== 'function') return;
  if (w.customElements.get(TAG)) {
    console.warn('attnlab-embed: <' + TAG + '> is already defined on this page by other code; it is left as it is.');
    return;
  }

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
      this.sync();
    }

    disconnectedCallback() {
      connected.delete(this);
      // A moved iframe loads its page again: commands wait for it.
      stateOf(this).ready = false;
    }

    attributeChangedCallback(name, oldValue, newValue) {
      if (oldValue !== newValue) this.sync();
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
      startWatch(frame);
      frame.setAttribute('loading', 'lazy');
      frame.setAttribute('allow', 'fullscreen');
      frame.setAttribute('data-attnlab', '');
      root.appendChild(frame);
      return frame;
    }

    // Makes the frame match the attributes (a real change reloads it).
    sync() {
      if (!this.isConnected) return;
      var lesson = this.getAttribute('lesson') || '';
      var src = buildSrc(this);
      if (src === null && lesson) {
        // A refused src-base removes the lesson loaded before (if any).
        var old = iframeOf(this);
        if (old && old.parentNode) old.parentNode.removeChild(old);
        console.warn('attn-lesson: src-base is not an http(s) or file URL; nothing is loaded.');
        return;
      }
      var frame = this.ensureFrame();
      var title = this.getAttribute('title') || ('Attention Lab: ' + (lesson || 'lesson'));
      if (frame.getAttribute('title') !== title) frame.setAttribute('title', title);
      if (src === null) return;
      // Only a real change reloads the lesson.
      // A sandboxed frame has an opaque origin, to which a browser gives no
      // file from disk (style, scripts: the lesson would never start). A
      // lesson opened from disk is not sandboxed: browsers already give each
      // file:// document an origin of its own, so the host still cannot reach in.
      var fromDisk = src.slice(0, 5) === 'file:';
      if (fromDisk === frame.hasAttribute('sandbox')) {
        if (fromDisk) frame.removeAttribute('sandbox');
        else frame.setAttribute('sandbox', 'allow-scripts');
      }
      // A new address gets the sandbox again (a fallback was for the last one).
      else if (!fromDisk && frame.getAttribute('src') !== src) frame.setAttribute('sandbox', 'allow-scripts');
      // A new document: commands wait for its attnlab:ready.
      if (frame.getAttribute('src') !== src) { stateOf(this).ready = false; frame.setAttribute('src', src); }
    }
  }

  w.customElements.define(TAG, AttnLesson);
})();
