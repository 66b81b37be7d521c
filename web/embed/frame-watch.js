/* A lesson's sandboxed frame that never starts is loaded again with its own
 * origin (a classic script, loaded by the SCORM and cmi5 launch pages before
 * their launcher; attnlab-embed.js does the same for <attn-lesson>).
 * WebKit before the fix of its bug 316847 refuses an opaque-origin frame its
 * own files (it matches CSP 'self' against the opaque origin): the frame
 * loads and then says nothing. It then gets allow-same-origin: the lesson is
 * the package's own code, served from the package's origin.
 *   var spoke = AttnLabFrameWatch(frame);  // call spoke() on each message from it
 */
var AttnLabFrameWatch = function (frame) {
  'use strict';
  var heard = false;
  var sandboxed = function () { return !heard && frame.getAttribute('sandbox') === 'allow-scripts'; };
  frame.addEventListener('load', function () {
    if (!sandboxed()) return;
    setTimeout(function () {
      if (!sandboxed()) return;
      frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
      frame.setAttribute('src', frame.getAttribute('src'));
    }, 3000);
  });
  return function spoke() { heard = true; };
};
