// Embedded pages tell their parent how tall they are, so that an iframe
// can follow its content: {type: 'attnlab:resize', height}; with lti, also
// Canvas's {subject: 'lti.frameResize', height}.
export function startResizeReporter({ lti = () => false } = {}) {
  if (window.parent === window) return;
  let last = -1;
  const post = () => {
    // The content's height: scrollHeight never drops below the iframe's own
    // height, so an iframe could grow but never shrink.
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    try {
      window.parent.postMessage({ type: 'attnlab:resize', height }, '*');
      if (lti()) window.parent.postMessage({ subject: 'lti.frameResize', height }, '*');
    } catch {
      // a parent that cannot be reached is not our problem
    }
  };
  // Read every 100 ms (a read of a laid-out page costs microseconds), not by
  // a ResizeObserver on the body: in Firefox and WebKit the body often
  // changes again within one frame's observer loop, its observation is
  // skipped and the frame gets an error event, "ResizeObserver loop completed
  // with undelivered notifications" (measured by tests/engines/ro-loop-count.mjs:
  // 13 in 30 embedded lessons in Firefox ESR, 0-1 with the timer). A timer,
  // not animation frames: engines pause those in frames they deem hidden.
  setInterval(post, 100);
  post();
}
